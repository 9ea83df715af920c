// The `track.generate` queue belongs to generation: tracks/ enqueues a track's job in the
// transaction that creates it (and drops it when the track is deleted first) through these two
// functions, passed to it by the composition root, so it never names the queue itself.
import type { Tx } from '../../../platform/database/create-database.js';
import { deleteJobsForPayload } from '../../../platform/jobs/job.repository.js';
import { enqueueJob } from '../../../platform/jobs/job-queue.js';

export const GENERATION_QUEUE = 'track.generate';

export interface GenerationQueue {
  /** Queues the track's generation inside tx: the track never exists without its job. */
  enqueue(tx: Tx, trackId: string, now: Date): Promise<void>;
  /** Drops the track's job while it is still queued (a running one finds its track gone). */
  cancel(tx: Tx, trackId: string): Promise<void>;
}

export const generationQueue: GenerationQueue = {
  async enqueue(tx, trackId, now) {
    await enqueueJob(tx, { queue: GENERATION_QUEUE, payload: { track_id: trackId }, now });
  },
  async cancel(tx, trackId) {
    await deleteJobsForPayload(tx, GENERATION_QUEUE, 'track_id', trackId);
  },
};
