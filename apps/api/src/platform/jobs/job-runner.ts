// Runs jobs of one queue: claims with a lease, keeps the lease alive with heartbeats while the
// handler works, retries on the queue's schedule, and hands a job that will not succeed to the
// handler's onFinalFailure exactly when it gives up. A job whose worker died is claimed again once
// its lease expires; handlers must therefore be safe to run again (idempotent settlement). Every
// status write names the claimed attempt (job.repository.ts: fencing).
import { setMaxListeners } from 'node:events';
import type { Db } from '../database/create-database.js';
import type { Clock } from '../shared/clock.js';
import {
  claimJob,
  deleteOwnedJob,
  extendLease,
  type JobClaim,
  type JobRow,
  markJobDone,
  markJobFailed,
  releaseJob,
} from './job.repository.js';

/** Throw this from a handler for a failure that retrying cannot fix (bad input). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
  constructor(
    message: string,
    readonly code = 'generation_failed',
  ) {
    super(message);
  }
}

export interface JobContext {
  workerId: string;
  /** The claim this run holds; pass it to writes that must only happen while it does. */
  claim: JobClaim;
  /** Aborted when the lease is lost (another worker re-claimed the job) or the runner stops. */
  signal: AbortSignal;
}

export interface JobHandler {
  run(job: JobRow, context: JobContext): Promise<void>;
  /**
   * Called when the job fails for good, before it is marked failed; must be idempotent. Writes it
   * makes should check `claim` still holds (lockOwnedJob) in their transaction: a worker whose
   * lease lapsed must not settle a job another worker is running.
   */
  onFinalFailure(job: JobRow, error: Error, claim: JobClaim): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  queue: string;
  handler: JobHandler;
  workerId: string;
  /** Jobs run at once by this runner (the global cap for its queue in this process). */
  concurrency?: number;
  /**
   * Jobs of one fairness key (a tenant) running at once in every process together; unset = no cap.
   * Claims always serve the key with the fewest running first (job.repository.ts, claimJob).
   */
  maxRunningPerFairnessKey?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  /** Wait before the next attempt after the given number of failed attempts. */
  retryDelayMs?: (failedAttempts: number) => number;
  /** Delete a job once it is done or failed for good, instead of keeping it as history. */
  deleteFinished?: boolean;
  onError?: (error: unknown) => void;
}

/** 2 s, 4 s, 8 s … capped at 5 minutes. */
export function exponentialRetryDelayMs(failedAttempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, failedAttempts - 1), 300_000);
}

/** Waits between tries of a job's outcome write while the database is away (~10 s in all). */
const SETTLE_RETRY_DELAYS_MS = [100, 250, 500, 1_000, 2_000, 2_000, 2_000, 2_000];

/** How long stop() lets aborted handlers wind down before handing their jobs back regardless. */
const DEFAULT_STOP_GRACE_MS = 5_000;

export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, queue, handler, workerId } = options;
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.floor(leaseMs / 3));
  const pollMs = options.pollMs ?? 500;
  const retryDelayMs = options.retryDelayMs ?? exponentialRetryDelayMs;
  const running = new Map<Promise<void>, JobClaim>();
  const stopController = new AbortController();
  // Every running job listens for stop: more than Node's default of 10 is expected, not a leak.
  setMaxListeners(concurrency + 1, stopController.signal);
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  // Set first thing by stop(): no new claims, while jobs in flight may still finish.
  let draining = false;
  const stopped = new Promise<void>((resolve) =>
    stopController.signal.addEventListener('abort', () => resolve(), { once: true }),
  );

  function claimOf(job: JobRow): JobClaim {
    return { jobId: job.id, workerId, attempt: job.attempts };
  }

  async function finish(claim: JobClaim): Promise<void> {
    if (options.deleteFinished) await deleteOwnedJob(db, claim);
    else await markJobDone(db, { ...claim, now: clock.now() });
  }

  /**
   * Writes a job's outcome, trying again for ~10 s if the database is briefly away. Without this, a
   * job whose handler finished while PostgreSQL restarted stayed "running" until its lease ran out,
   * and with it every job of its concurrency key: one webhook endpoint's deliveries stalled for a
   * whole lease (60 s) after a restart that took 0.1 s.
   */
  async function settle(write: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await write();
        return;
      } catch (error) {
        const delayMs = SETTLE_RETRY_DELAYS_MS[attempt];
        if (delayMs === undefined) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  async function execute(job: JobRow): Promise<void> {
    const claim = claimOf(job);
    if (job.attempts > job.max_attempts) {
      await giveUp(job, claim, new Error(job.last_error ?? 'the worker running this job stopped'));
      return;
    }
    const lease = new AbortController();
    let leaseLost = false;
    const onStop = () => lease.abort();
    stopController.signal.addEventListener('abort', onStop);
    const heartbeat = setInterval(() => {
      extendLease(db, { ...claim, now: clock.now(), leaseMs })
        .then((held) => {
          if (!held) {
            leaseLost = true;
            lease.abort();
          }
        })
        .catch(options.onError);
    }, heartbeatMs);
    let failure: Error | undefined;
    try {
      await handler.run(job, { workerId, claim, signal: lease.signal });
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      clearInterval(heartbeat);
      stopController.signal.removeEventListener('abort', onStop);
    }
    if (!failure) return settle(() => finish(claim));
    // A lost lease means another worker owns the job now; leave the row to it.
    if (leaseLost) return;
    // Stopping (shutdown): hand the job back at once rather than waiting for the lease to expire.
    if (stopController.signal.aborted) return settle(() => releaseJob(db, { ...claim, now: clock.now() }));
    if (failure instanceof PermanentJobError || job.attempts >= job.max_attempts) {
      return giveUp(job, claim, failure);
    }
    const retryAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts));
    const message = failure.message;
    return settle(() => markJobFailed(db, { ...claim, now: clock.now(), error: message, retryAt }));
  }

  async function giveUp(job: JobRow, claim: JobClaim, error: Error): Promise<void> {
    await handler.onFinalFailure(job, error, claim);
    await settle(() =>
      options.deleteFinished
        ? deleteOwnedJob(db, claim)
        : markJobFailed(db, { ...claim, now: clock.now(), error: error.message, retryAt: null }),
    );
  }

  /** Claims and runs one job if one is due; resolves with whether it found one. */
  const claimNext = () =>
    claimJob(db, {
      queue,
      workerId,
      now: clock.now(),
      leaseMs,
      maxRunningPerFairnessKey: options.maxRunningPerFairnessKey,
    });

  async function runOnce(): Promise<boolean> {
    const job = await claimNext();
    if (!job) return false;
    await execute(job);
    return true;
  }

  async function run(): Promise<void> {
    while (!stopController.signal.aborted && !draining) {
      if (running.size >= concurrency) {
        await Promise.race([...running.keys(), stopped]);
        continue;
      }
      let job: JobRow | undefined;
      try {
        job = await claimNext();
      } catch (error) {
        options.onError?.(error);
      }
      if (job) {
        // A finished job frees a slot and may bring its key back under the fairness cap: look again
        // at once rather than at the next poll.
        const task: Promise<void> = execute(job)
          .catch(options.onError)
          .finally(() => {
            running.delete(task);
            wakeUp?.();
          });
        running.set(task, claimOf(job));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  return {
    runOnce,
    /** Runs due jobs one after another until none is left; resolves with how many ran. */
    async runDue(): Promise<number> {
      let count = 0;
      while (await runOnce()) count += 1;
      return count;
    },
    /** Starts polling in the background. */
    start() {
      loop ??= run();
    },
    /** Checks for work now instead of at the next poll (after an enqueue in this process). */
    wake() {
      wakeUp?.();
    },
    /**
     * Stops claiming; jobs in flight may finish within finishWithinMs (a draining worker, default
     * 0), then the rest are aborted and each goes back to the queue, due at once, as soon as its
     * handler returns — or after graceMs whatever the handler does (fencing keeps a late handler
     * from writing to the job afterwards). Heartbeats keep the leases alive meanwhile.
     */
    async stop({
      graceMs = DEFAULT_STOP_GRACE_MS,
      finishWithinMs = 0,
    }: {
      graceMs?: number;
      finishWithinMs?: number;
    } = {}) {
      draining = true;
      wakeUp?.();
      if (finishWithinMs > 0 && running.size > 0) {
        let finishTimer: NodeJS.Timeout | undefined;
        const finishOver = new Promise<void>((resolve) => {
          finishTimer = setTimeout(resolve, finishWithinMs);
        });
        await Promise.race([Promise.allSettled([...running.keys()]), finishOver]);
        clearTimeout(finishTimer);
      }
      stopController.abort();
      wakeUp?.();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      });
      await Promise.race([Promise.allSettled([...running.keys()]), graceOver]);
      clearTimeout(timer);
      const now = clock.now();
      await Promise.allSettled([...running.values()].map((claim) => releaseJob(db, { ...claim, now })));
    },
  };
}
