import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { transaction } from '../../../src/platform/database/create-database.js';
import {
  claimJob,
  deleteFinishedJobs,
  extendLease,
  findJob,
  type JobRow,
  lockOwnedJob,
  markJobDone,
  markJobFailed,
  releaseJob,
} from '../../../src/platform/jobs/job.repository.js';
import { enqueueJob } from '../../../src/platform/jobs/job-queue.js';
import {
  createJobRunner,
  type JobHandler,
  PermanentJobError,
} from '../../../src/platform/jobs/job-runner.js';
import { createManualClock } from '../../../src/platform/shared/clock.js';
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`job queue on ${kind}`, () => {
    let database: DatabaseHandle;
    const clock = createManualClock();
    before(async () => {
      database = await createTestDatabase(kind);
    });
    after(() => database.close());

    const enqueue = (queue: string, maxAttempts = 3, concurrencyKey?: string) =>
      transaction(database.db, (tx) =>
        enqueueJob(tx, { queue, payload: { n: 1 }, now: clock.now(), maxAttempts, concurrencyKey }),
      );
    const claim = (queue: string, workerId: string, leaseMs = 1000) =>
      claimJob(database.db, { queue, workerId, now: clock.now(), leaseMs });

    function recordingHandler(run: (job: JobRow) => Promise<void>) {
      const finalFailures: string[] = [];
      const handler: JobHandler = {
        run,
        async onFinalFailure(job, error) {
          finalFailures.push(`${job.id}:${error.message}`);
        },
      };
      return { handler, finalFailures };
    }

    it('gives each claim a different job when many workers claim at once', async () => {
      const ids = await Promise.all(Array.from({ length: 8 }, () => enqueue('claim-race')));
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          claimJob(database.db, { queue: 'claim-race', workerId: `w${i}`, now: clock.now(), leaseMs: 1000 }),
        ),
      );
      const claimed = claims.filter((job) => job !== undefined).map((job) => job.id);
      assert.equal(claimed.length, 8);
      assert.deepEqual(new Set(claimed), new Set(ids));
    });

    it('re-claims a job whose lease expired and lets only the new holder finish it', async () => {
      const id = await enqueue('lease');
      const first = await claimJob(database.db, {
        queue: 'lease',
        workerId: 'dead',
        now: clock.now(),
        leaseMs: 1000,
      });
      assert.equal(first?.id, id);
      assert.equal(
        await claimJob(database.db, { queue: 'lease', workerId: 'b', now: clock.now(), leaseMs: 1000 }),
        undefined,
      );
      clock.advance(1001);
      const runs: string[] = [];
      const { handler } = recordingHandler(async (job) => {
        runs.push(job.id);
      });
      const runner = createJobRunner({ db: database.db, clock, queue: 'lease', handler, workerId: 'alive' });
      assert.equal(await runner.runOnce(), true);
      assert.deepEqual(runs, [id]);
      const job = await findJob(database.db, id);
      assert.equal(job?.status, 'done');
      assert.equal(job?.attempts, 2);
    });

    it('retries a failing job with backoff and calls onFinalFailure once when attempts run out', async () => {
      const id = await enqueue('retry', 2);
      const { handler, finalFailures } = recordingHandler(async () => {
        throw new Error('boom');
      });
      const runner = createJobRunner({ db: database.db, clock, queue: 'retry', handler, workerId: 'w' });
      assert.equal(await runner.runOnce(), true);
      assert.equal((await findJob(database.db, id))?.status, 'queued');
      assert.equal(await runner.runOnce(), false, 'not due before the backoff has passed');
      clock.advance(2000);
      assert.equal(await runner.runOnce(), true);
      const job = await findJob(database.db, id);
      assert.equal(job?.status, 'failed');
      assert.equal(job?.last_error, 'boom');
      assert.deepEqual(finalFailures, [`${id}:boom`]);
    });

    it('writes a finished job as done even when the database drops the first writes (a restart), freeing its key at once', async () => {
      const id = await enqueue('settle', 3, 'endpoint-1');
      const next = await enqueue('settle', 3, 'endpoint-1');
      // The connection is cut twice just as the outcome is written, as during a PostgreSQL restart.
      let dropped = 0;
      const flaky = database.db.withPlugin({
        transformQuery(args) {
          if (args.node.kind === 'UpdateQueryNode' && dropped < 2) {
            dropped += 1;
            throw new Error('Connection terminated unexpectedly');
          }
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      const ran: string[] = [];
      const { handler } = recordingHandler(async (job) => {
        ran.push(job.id);
      });
      const runner = createJobRunner({
        db: flaky,
        clock,
        queue: 'settle',
        handler,
        workerId: 'w',
        leaseMs: 60_000,
      });
      assert.equal(await runner.runOnce(), true);
      assert.equal(dropped, 2);
      const job = await findJob(database.db, id);
      assert.equal(job?.status, 'done', 'not left running until its lease runs out');
      assert.equal(job?.attempts, 1, 'not run twice');
      assert.equal(
        await runner.runOnce(),
        true,
        'the next job of the same key runs without waiting for a lease',
      );
      assert.deepEqual(ran, [id, next]);
    });

    it('gives up at once on a permanent error', async () => {
      const id = await enqueue('permanent');
      const { handler, finalFailures } = recordingHandler(async () => {
        throw new PermanentJobError('bad input');
      });
      const runner = createJobRunner({ db: database.db, clock, queue: 'permanent', handler, workerId: 'w' });
      await runner.runOnce();
      assert.equal((await findJob(database.db, id))?.status, 'failed');
      assert.equal(finalFailures.length, 1);
    });

    it('deletes finished jobs older than the cutoff and keeps the rest', async () => {
      const id = await enqueue('cleanup');
      const { handler } = recordingHandler(async () => {});
      await createJobRunner({ db: database.db, clock, queue: 'cleanup', handler, workerId: 'w' }).runOnce();
      const pending = await enqueue('cleanup');
      await deleteFinishedJobs(database.db, clock.now());
      assert.equal((await findJob(database.db, id))?.status, 'done', 'finished at the cutoff, so kept');
      clock.advance(1);
      await deleteFinishedJobs(database.db, clock.now());
      assert.equal(await findJob(database.db, id), undefined);
      assert.equal((await findJob(database.db, pending))?.status, 'queued');
    });

    it('fails a job for good when its last allowed worker died', async () => {
      const id = await enqueue('died', 1);
      await claimJob(database.db, { queue: 'died', workerId: 'dead', now: clock.now(), leaseMs: 1000 });
      clock.advance(5000);
      const { handler, finalFailures } = recordingHandler(async () => {
        assert.fail('must not run again');
      });
      const runner = createJobRunner({ db: database.db, clock, queue: 'died', handler, workerId: 'w' });
      await runner.runOnce();
      assert.equal((await findJob(database.db, id))?.status, 'failed');
      assert.equal(finalFailures.length, 1);
    });
    it('refuses every write of an attempt whose lease lapsed once the job is claimed again, even by the same worker', async () => {
      const id = await enqueue('fenced');
      const first = await claim('fenced', 'w');
      clock.advance(1001);
      const second = await claim('fenced', 'w');
      assert.equal(second?.id, id);
      assert.deepEqual([first?.attempts, second?.attempts], [1, 2]);
      const stale = { jobId: id, workerId: 'w', attempt: 1, now: clock.now() };
      assert.equal(await extendLease(database.db, { ...stale, leaseMs: 1000 }), false);
      assert.equal(await lockOwnedJob(database.db, stale), false);
      assert.equal(await markJobDone(database.db, stale), false);
      assert.equal(await markJobFailed(database.db, { ...stale, error: 'late', retryAt: null }), false);
      assert.equal(await releaseJob(database.db, stale), false);
      const job = await findJob(database.db, id);
      assert.equal(job?.status, 'running');
      assert.equal(job?.attempts, 2);
      assert.equal(job?.last_error, null);
      assert.equal(await markJobDone(database.db, { ...stale, attempt: 2 }), true);
      assert.equal((await findJob(database.db, id))?.status, 'done');
    });

    it('runs jobs of one concurrency key one at a time, oldest first, and other keys beside them', async () => {
      const a = await enqueue('keyed', 3, 'endpoint-1');
      const b = await enqueue('keyed', 3, 'endpoint-1');
      const c = await enqueue('keyed', 3, 'endpoint-2');
      assert.equal((await claim('keyed', 'w1'))?.id, a);
      assert.equal((await claim('keyed', 'w2'))?.id, c, 'another key is not held up');
      assert.equal(await claim('keyed', 'w3'), undefined, 'b waits while a runs');
      assert.equal(
        await markJobDone(database.db, { jobId: a, workerId: 'w1', attempt: 1, now: clock.now() }),
        true,
      );
      assert.equal((await claim('keyed', 'w3'))?.id, b);
    });

    it('never runs two jobs of one key when workers claim at the same instant', async () => {
      await Promise.all(Array.from({ length: 6 }, () => enqueue('keyed-race', 3, 'endpoint-9')));
      const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claim('keyed-race', `r${i}`)));
      assert.equal(claims.filter((job) => job !== undefined).length, 1);
    });

    it('serves the tenant with the fewest jobs running first and caps each tenant across workers', async () => {
      const enqueueFor = (tenant: string, endpoint: string) =>
        transaction(database.db, (tx) =>
          enqueueJob(tx, {
            queue: 'fair',
            payload: { tenant },
            now: clock.now(),
            concurrencyKey: endpoint,
            fairnessKey: tenant,
          }),
        );
      // Tenant A queues ten jobs on ten endpoints first; B's two come later.
      for (let index = 0; index < 10; index++) await enqueueFor('A', `a-${index}`);
      clock.advance(1);
      const b1 = await enqueueFor('B', 'b-0');
      const b2 = await enqueueFor('B', 'b-1');
      const claimFair = (workerId: string) =>
        claimJob(database.db, {
          queue: 'fair',
          workerId,
          now: clock.now(),
          leaseMs: 1000,
          maxRunningPerFairnessKey: 3,
        });
      const tenantOf = (job: JobRow | undefined) => (job?.payload as { tenant?: string } | undefined)?.tenant;
      // One worker (process) claims A's oldest, then B's (fewest running), then alternates.
      const first = await claimFair('p1');
      const second = await claimFair('p1');
      assert.deepEqual([tenantOf(first), second?.id], ['A', b1]);
      assert.equal(tenantOf(await claimFair('p1')), 'A');
      assert.equal((await claimFair('p1'))?.id, b2);
      assert.equal(tenantOf(await claimFair('p1')), 'A');
      // A has 3 running: another worker finds none of A's seven left, however many it asks for.
      assert.equal(await claimFair('p2'), undefined);
      assert.equal(await claimFair('p1'), undefined);
      // A's lapsed leases no longer count: a dead worker's claims do not keep A out.
      clock.advance(1001);
      assert.equal(tenantOf(await claimFair('p2')), 'A');
    });

    it('hands a job back on stop, due at once and without counting the attempt', async () => {
      const id = await enqueue('stopping');
      let started: () => void = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const { handler } = recordingHandler(async () => {});
      handler.run = (_job, context) =>
        new Promise<void>((_resolve, reject) => {
          started();
          context.signal.addEventListener('abort', () => reject(new Error('aborted')));
        });
      const runner = createJobRunner({ db: database.db, clock, queue: 'stopping', handler, workerId: 's' });
      runner.start();
      await running;
      await runner.stop();
      const job = await findJob(database.db, id);
      assert.equal(job?.status, 'queued');
      assert.equal(job?.attempts, 0);
      assert.equal(job?.locked_by, null);
      assert.ok(job!.run_at.getTime() <= clock.now().getTime());
    });

    it('hands back a job whose handler ignores the abort, and its late finish changes nothing', async () => {
      const id = await enqueue('stubborn');
      let started: () => void = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      let finishLate: () => void = () => {};
      const { handler } = recordingHandler(
        () =>
          new Promise<void>((resolve) => {
            finishLate = resolve;
            started();
          }),
      );
      const runner = createJobRunner({ db: database.db, clock, queue: 'stubborn', handler, workerId: 'x' });
      runner.start();
      await running;
      await runner.stop({ graceMs: 0 });
      assert.equal((await findJob(database.db, id))?.status, 'queued');
      finishLate();
      await new Promise((resolve) => setImmediate(resolve));
      const again = await claim('stubborn', 'y');
      assert.equal(again?.id, id, 'the job is still there for the next worker');
      assert.equal(again?.attempts, 1);
    });
  });
}
