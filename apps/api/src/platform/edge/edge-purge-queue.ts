// Purges go to the edge from the durable job queue (queue `edge.purge`): the change that makes a
// purge necessary enqueues it in its own transaction, so a track is never made private without
// its purge on record, and the purge only leaves after the change is committed — by then the
// origin already answers 404, so an edge that refetches at once cannot keep the old answer.
// A purge that fails (the CDN down, a 5xx, a timeout) is retried with backoff, across restarts.
import type { Db, Tx } from '../database/create-database.js';
import { createRetryingSender } from '../jobs/retrying-sender.js';
import type { Clock } from '../shared/clock.js';
import type { EdgePurge, Purger } from './edge-purge.js';

export const EDGE_PURGE_QUEUE = 'edge.purge';

/** Waits after each failed purge: quick at first, then up to 5 minutes, about 20 minutes in all. */
export const DEFAULT_PURGE_RETRY_DELAYS_MS: readonly number[] = [
  1_000, 5_000, 30_000, 60_000, 300_000, 300_000, 300_000, 300_000,
];

export type EdgePurgeQueue = ReturnType<typeof createEdgePurgeQueue>;

export function createEdgePurgeQueue({
  db,
  clock,
  purger,
  onError,
  retryDelaysMs = DEFAULT_PURGE_RETRY_DELAYS_MS,
  pollMs = 1_000,
}: {
  db: Db;
  clock: Clock;
  purger: Purger;
  onError: (error: unknown, purge: EdgePurge | undefined, willRetry: boolean) => void;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
}) {
  const sender = createRetryingSender<EdgePurge>({
    db,
    clock,
    queue: EDGE_PURGE_QUEUE,
    workerName: 'purge',
    send: (purge, signal) => purger.purge(purge, signal),
    onError,
    retryDelaysMs,
    pollMs,
  });

  return {
    /** Records a purge in the caller's transaction, due after `delayMs`; call wake() once it commits. */
    enqueue: (tx: Tx, purge: EdgePurge, delayMs = 0): Promise<void> => sender.enqueue(tx, purge, delayMs),
    /** Looks for due purges now instead of at the next poll. */
    wake: sender.wake,
    /** Sends purges in the background, including those an earlier process left queued. */
    start: sender.start,
    /** Sends every purge due now, one after another (tests); resolves with how many ran. */
    sendDue: sender.sendDue,
    /** Stops; a purge under way goes back to the queue and is sent after a restart. */
    stop: sender.stop,
  };
}
