// A `worker` process killed (SIGKILL) in the middle of a track: another worker picks the job up
// when its lease runs out, and the track ends ready once, charged once. Needs real PostgreSQL
// (separate processes cannot share the embedded database).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { migrateToLatest } from '../../../src/platform/database/migrate.js';
import { dropDatabase } from '../../helpers/databases.js';
import { queueTrackWithOneCredit } from '../../helpers/queued-track.js';
import { until } from '../../helpers/until.js';

const adminUrl = process.env.TEST_DATABASE_URL;
const apiDir = fileURLToPath(new URL('../../../', import.meta.url));

async function admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await work(client).finally(() => client.end());
}

describe('a worker process killed mid-job', { skip: adminUrl ? false : 'needs TEST_DATABASE_URL' }, () => {
  const name = `tf_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-kill-'));
  let url: string;
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];

  function startWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
      cwd: apiDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WORKERS: '1',
        ENGINE_BANK: 'small',
        JOB_LEASE_SECONDS: '2',
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  before(async () => {
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const parsed = new URL(adminUrl!);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    database = await createDatabase({ kind: 'postgres', url });
    await migrateToLatest(database.db);
  });
  after(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await database.close();
    await admin((client) => dropDatabase(client, name));
  });

  it('ends the track ready once and charged once after another worker re-claims it', async () => {
    const db = database.db;
    const { track, workspaceId, credits } = await queueTrackWithOneCredit(database, dataDir);

    const first = startWorker();
    await until(
      async () => {
        const row = await db
          .selectFrom('track')
          .select('status')
          .where('id', '=', track.id)
          .executeTakeFirst();
        return row?.status === 'generating' ? true : undefined;
      },
      60_000,
      'the first worker to start generating',
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    const second = startWorker();
    const ready = await until(
      async () => {
        const row = await db.selectFrom('track').selectAll().where('id', '=', track.id).executeTakeFirst();
        return row?.status === 'ready' || row?.status === 'failed' ? row : undefined;
      },
      90_000,
      'the track to finish',
    );
    assert.equal(ready.status, 'ready');
    // The worker marks the job done just after the track's ready transaction commits.
    const job = await until(
      async () => {
        const row = await db.selectFrom('job').selectAll().executeTakeFirstOrThrow();
        return row.status === 'running' ? undefined : row;
      },
      30_000,
      'the job to be marked done',
    );
    second.kill('SIGTERM');
    assert.equal(job.status, 'done');
    assert.equal(job.attempts, 2, 'claimed by the killed worker, then by the second');
    const entries = await sql<{
      kind: string;
    }>`select kind from credit_entry where track_id = ${track.id} order by created_at`.execute(db);
    assert.deepEqual(
      entries.rows.map((row) => row.kind),
      ['hold', 'capture'],
    );
    assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 0, held: 0 });
    const readyEvents = await sql<{
      n: number;
    }>`select count(*)::int as n from event where track_id = ${track.id} and type = 'track.ready'`.execute(
      db,
    );
    assert.equal(readyEvents.rows[0]?.n, 1);
  });
});
