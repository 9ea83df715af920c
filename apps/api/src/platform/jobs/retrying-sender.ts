// Things to hand to another system (mail to the mail server, purges to the CDN) from the durable
// queue: recorded with the change that needs them, sent in the background, retried on a schedule
// across restarts, and deleted once sent or given up on (a sent item is worth nothing as history,
// and a mail's payload holds a live sign-in link). mail/mail-outbox.ts and edge/edge-purge-queue.ts
// are the two senders built on it.
import type { Db, Tx } from '../database/create-database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { insertJob } from './job.repository.js';
import { createJobRunner } from './job-runner.js';

export interface RetryingSenderOptions<Item extends object> {
  db: Db;
  clock: Clock;
  /** The job queue's name, e.g. `mail.send`. */
  queue: string;
  /** Prefix of this process's worker id in the job rows (`mail`, `purge`). */
  workerName: string;
  /** Sends one item; a throw is a failed attempt. */
  send: (item: Item, signal: AbortSignal) => Promise<void>;
  /** Each failed attempt (item undefined: the queue itself failed); willRetry is false on the last. */
  onError: (error: unknown, item: Item | undefined, willRetry: boolean) => void;
  /** Waits after each failed attempt; their count plus one is the number of attempts. */
  retryDelaysMs: readonly number[];
  pollMs?: number;
  concurrency?: number;
}

export type RetryingSender<Item extends object> = ReturnType<typeof createRetryingSender<Item>>;

export function createRetryingSender<Item extends object>(options: RetryingSenderOptions<Item>) {
  const { db, clock, queue, retryDelaysMs, onError } = options;
  const runner = createJobRunner({
    db,
    clock,
    queue,
    workerId: `${options.workerName}:${newId('job').slice(4)}`,
    concurrency: options.concurrency ?? 4,
    pollMs: options.pollMs ?? 1_000,
    deleteFinished: true,
    retryDelayMs: (failed) => retryDelaysMs[failed - 1] ?? retryDelaysMs.at(-1) ?? 0,
    onError: (error) => onError(error, undefined, false),
    handler: {
      async run(job, context) {
        const item = job.payload as unknown as Item;
        try {
          await options.send(item, context.signal);
        } catch (error) {
          onError(error, item, job.attempts < job.max_attempts);
          throw error;
        }
      },
      // run() has already reported the last failure.
      async onFinalFailure() {},
    },
  });

  return {
    /** Records an item in `executor` (the caller's transaction, or the database), due after `delayMs`. */
    async enqueue(executor: Db | Tx, item: Item, delayMs = 0): Promise<void> {
      const now = clock.now();
      await insertJob(executor, {
        queue,
        payload: { ...item } as Record<string, unknown>,
        maxAttempts: retryDelaysMs.length + 1,
        now,
        runAt: new Date(now.getTime() + delayMs),
      });
    },
    /** Looks for due items now instead of at the next poll. */
    wake: () => runner.wake(),
    /** Sends in the background, including what an earlier process left queued. */
    start: () => runner.start(),
    /** Sends every item due now, one after another (tests, CLI); resolves with how many ran. */
    sendDue: () => runner.runDue(),
    /** Stops; an item under way goes back to the queue and is sent after a restart. */
    stop: () => runner.stop(),
  };
}
