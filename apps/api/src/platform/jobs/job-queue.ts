// Enqueueing, for features: a job is written in the caller's transaction (ARCHITECTURE.md: a track
// never exists without its job, a webhook delivery never exists without its event).
import type { Tx } from '../database/create-database.js';
import { insertJob } from './job.repository.js';

const DEFAULT_MAX_ATTEMPTS = 3;

export function enqueueJob(
  tx: Tx,
  job: {
    queue: string;
    payload: Record<string, unknown>;
    now: Date;
    maxAttempts?: number;
    /** Jobs with the same key run one at a time, oldest due first. */
    concurrencyKey?: string;
    /** The tenant the job works for: jobs share the queue fairly between keys (job.repository.ts). */
    fairnessKey?: string;
  },
): Promise<string> {
  return insertJob(tx, { ...job, maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS });
}
