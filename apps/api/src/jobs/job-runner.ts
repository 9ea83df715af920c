// Runs jobs of one queue: claims with a lease, keeps the lease alive with heartbeats while the
// handler works, retries with exponential backoff, and hands a job that will not succeed to the
// handler's onFinalFailure exactly when it gives up. A job whose worker died is claimed again once
// its lease expires; handlers must therefore be safe to run again (idempotent settlement).
import type { Db } from '../database/create-database.js';
import type { Clock } from '../shared/clock.js';
import { claimJob, extendLease, type JobRow, markJobDone, markJobFailed } from './job.repository.js';

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
  /** Aborted when the lease is lost (another worker re-claimed the job) or the runner stops. */
  signal: AbortSignal;
}

export interface JobHandler {
  run(job: JobRow, context: JobContext): Promise<void>;
  /** Called when the job fails for good, before it is marked failed; must be idempotent. */
  onFinalFailure(job: JobRow, error: Error): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  queue: string;
  handler: JobHandler;
  workerId: string;
  concurrency?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** 2 s, 4 s, 8 s … capped at 5 minutes. */
function retryDelayMs(attempts: number): number {
  return Math.min(2000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

export function createJobRunner(options: JobRunnerOptions) {
  const { db, clock, queue, handler, workerId } = options;
  const concurrency = options.concurrency ?? 1;
  const leaseMs = options.leaseMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? Math.max(1000, Math.floor(leaseMs / 3));
  const pollMs = options.pollMs ?? 500;
  const running = new Set<Promise<void>>();
  const stopController = new AbortController();
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  async function execute(job: JobRow): Promise<void> {
    if (job.attempts > job.max_attempts) {
      await giveUp(job, new Error(job.last_error ?? 'the worker running this job stopped'));
      return;
    }
    const lease = new AbortController();
    let leaseLost = false;
    const onStop = () => lease.abort();
    stopController.signal.addEventListener('abort', onStop);
    const heartbeat = setInterval(() => {
      extendLease(db, { jobId: job.id, workerId, now: clock.now(), leaseMs })
        .then((held) => {
          if (!held) {
            leaseLost = true;
            lease.abort();
          }
        })
        .catch(options.onError);
    }, heartbeatMs);
    try {
      await handler.run(job, { workerId, signal: lease.signal });
      await markJobDone(db, job.id, workerId, clock.now());
    } catch (error) {
      // A lost lease means another worker owns the job now; leave the row to it.
      if (leaseLost) return;
      // Stopping (shutdown): hand the job back at once rather than waiting for the lease to expire.
      if (stopController.signal.aborted) {
        const now = clock.now();
        await markJobFailed(db, { jobId: job.id, workerId, now, error: 'worker stopped', retryAt: now });
        return;
      }
      const failure = error instanceof Error ? error : new Error(String(error));
      if (failure instanceof PermanentJobError || job.attempts >= job.max_attempts) {
        await giveUp(job, failure);
      } else {
        const retryAt = new Date(clock.now().getTime() + retryDelayMs(job.attempts));
        await markJobFailed(db, {
          jobId: job.id,
          workerId,
          now: clock.now(),
          error: failure.message,
          retryAt,
        });
      }
    } finally {
      clearInterval(heartbeat);
      stopController.signal.removeEventListener('abort', onStop);
    }
  }

  async function giveUp(job: JobRow, error: Error): Promise<void> {
    await handler.onFinalFailure(job, error);
    await markJobFailed(db, {
      jobId: job.id,
      workerId,
      now: clock.now(),
      error: error.message,
      retryAt: null,
    });
  }

  /** Claims and runs one job if one is due; resolves with whether it found one. */
  async function runOnce(): Promise<boolean> {
    const job = await claimJob(db, { queue, workerId, now: clock.now(), leaseMs });
    if (!job) return false;
    await execute(job);
    return true;
  }

  async function run(): Promise<void> {
    while (!stopController.signal.aborted) {
      if (running.size >= concurrency) {
        await Promise.race(running);
        continue;
      }
      let job: JobRow | undefined;
      try {
        job = await claimJob(db, { queue, workerId, now: clock.now(), leaseMs });
      } catch (error) {
        options.onError?.(error);
      }
      if (job) {
        const task: Promise<void> = execute(job)
          .catch(options.onError)
          .finally(() => running.delete(task));
        running.add(task);
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
    /** Starts polling in the background. */
    start() {
      loop ??= run();
    },
    /** Checks for work now instead of at the next poll (after an enqueue in this process). */
    wake() {
      wakeUp?.();
    },
    /** Stops claiming; jobs in flight are aborted and left for their lease to expire or finish. */
    async stop() {
      stopController.abort();
      wakeUp?.();
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}
