// A `worker` process stopped with SIGTERM mid-render, as an orchestrator stops it: with time to
// drain it finishes the track (once, charged once) and exits 0; with none it hands the job back at
// once, so another worker can take it without waiting for the lease. Needs real PostgreSQL
// (separate processes cannot share the embedded database).
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { migrateToLatest } from '../../../src/platform/database/migrate.js';
import { dropDatabase } from '../../helpers/databases.js';
import { queueTrackWithOneCredit } from '../../helpers/queued-track.js';
import { MAIN_PATH } from '../../helpers/serve-process.js';
import { until } from '../../helpers/until.js';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await work(client).finally(() => client.end());
}

describe('a worker process draining on SIGTERM', {
  skip: adminUrl ? false : 'needs TEST_DATABASE_URL',
}, () => {
  const name = `tf_test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-worker-drain-'));
  let url: string;
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];

  function startWorker(drainSeconds: number): { child: ChildProcess; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, 'worker'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WORKERS: '1',
        ENGINE_BANK: 'small',
        // Short lease: finishing a 30 s track past it proves the drain keeps heartbeating.
        JOB_LEASE_SECONDS: '2',
        WORKER_DRAIN_SECONDS: String(drainSeconds),
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return { child, exited: new Promise((resolve) => child.on('exit', resolve)) };
  }

  const createGeneratingTrack = () => queueTrackWithOneCredit(database, dataDir);

  const statusOf = async (trackId: string) =>
    (await database.db.selectFrom('track').select('status').where('id', '=', trackId).executeTakeFirst())
      ?.status;
  const jobOf = (trackId: string) =>
    database.db
      .selectFrom('job')
      .selectAll()
      .where(sql<string>`payload->>'track_id'`, '=', trackId)
      .executeTakeFirstOrThrow();

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

  it('finishes the track it is rendering, charged once, then exits 0', async () => {
    const { track, workspaceId, credits } = await createGeneratingTrack();
    const worker = startWorker(120);
    await until(
      async () => ((await statusOf(track.id)) === 'generating' ? true : undefined),
      60_000,
      'the worker to start generating',
    );
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);
    assert.equal(await statusOf(track.id), 'ready', 'finished before the process exited');
    const job = await jobOf(track.id);
    assert.equal(job.status, 'done');
    assert.equal(job.attempts, 1, 'nobody else had to take it over');
    assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 0, held: 0 });
  });

  it('hands its job back at once when it has no time to drain', async () => {
    const { track, workspaceId, credits } = await createGeneratingTrack();
    const worker = startWorker(0);
    await until(
      async () => ((await statusOf(track.id)) === 'generating' ? true : undefined),
      60_000,
      'the worker to start generating',
    );
    const stoppedAt = Date.now();
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);
    const job = await jobOf(track.id);
    assert.equal(job.status, 'queued', 'due again for the next worker');
    assert.equal(job.locked_by, null);
    assert.ok(job.run_at.getTime() <= Date.now(), 'due at once, not after a retry delay');
    assert.ok(Date.now() - stoppedAt < 10_000, 'the hand-back does not wait for the render');
    assert.notEqual(await statusOf(track.id), 'ready');
    assert.deepEqual(
      await credits.getCreditBalance(workspaceId),
      { balance: 0, held: 1 },
      'still held, not charged',
    );

    const next = startWorker(0);
    await until(
      async () => ((await statusOf(track.id)) === 'ready' ? true : undefined),
      90_000,
      'another worker to finish it',
    );
    next.child.kill('SIGTERM');
    await next.exited;
    assert.deepEqual(await credits.getCreditBalance(workspaceId), { balance: 0, held: 0 });
  });
});
