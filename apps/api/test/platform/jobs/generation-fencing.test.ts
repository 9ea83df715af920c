// Fencing where generation writes a track's status: a worker whose lease lapsed while the engine
// ran must not fail (and refund) a track that another worker has re-claimed and is generating.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { GeneratedTrack } from '../../../src/features/tracks/generation/generated-track.js';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { GENERATION_QUEUE } from '../../../src/features/tracks/generation/generation-queue.js';
import { PermanentJobError } from '../../../src/platform/jobs/job-runner.js';
import {
  createGenerationRunner,
  createTrack,
  FAKE_GENERATED_TRACK,
  fund,
} from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

/** A fake engine run that starts when called and ends when the test says. */
function controlledGenerate() {
  let started: () => void = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  let finish: (result: GeneratedTrack | Error) => void = () => {};
  const generate: Generate = () =>
    new Promise((resolve, reject) => {
      finish = (result) => (result instanceof Error ? reject(result) : resolve(result));
      started();
    });
  return { generate, running, finish: (result: GeneratedTrack | Error) => finish(result) };
}

for (const kind of testDatabaseKinds()) {
  describe(`generation fencing on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 5);
    });
    after(() => t.close());

    const runner = (workerId: string, generate: Generate) => createGenerationRunner(t, workerId, generate);

    it('ignores the final failure of a lapsed attempt while a newer attempt generates, which then finishes the track', async () => {
      const created = (await createTrack(t, account)).json();
      const stale = controlledGenerate();
      const staleRun = runner('stale', stale.generate).runOnce();
      await stale.running;
      t.clock.advance(10_001);
      const current = controlledGenerate();
      const currentRun = runner('current', current.generate).runOnce();
      await current.running;

      stale.finish(new PermanentJobError('engine refused the prompt', 'invalid_request'));
      await staleRun;
      const during = await t.database.db
        .selectFrom('track')
        .select(['status'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      assert.equal(during.status, 'generating', 'the lapsed attempt does not fail the track');
      const job = await t.database.db
        .selectFrom('job')
        .selectAll()
        .where('queue', '=', GENERATION_QUEUE)
        .where(sql<boolean>`payload ->> 'track_id' = ${created.id}`)
        .executeTakeFirstOrThrow();
      assert.deepEqual([job.status, job.attempts, job.locked_by], ['running', 2, 'current']);

      current.finish(FAKE_GENERATED_TRACK);
      await currentRun;
      const track = await t.database.db
        .selectFrom('track')
        .select(['status'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      assert.equal(track.status, 'ready');
      const kinds = await sql<{ kind: string }>`
        select kind from credit_entry where track_id = ${created.id} order by created_at, id`.execute(
        t.database.db,
      );
      assert.deepEqual(
        kinds.rows.map((row) => row.kind),
        ['hold', 'capture'],
        'held once, captured once, never refunded',
      );
    });
  });
}
