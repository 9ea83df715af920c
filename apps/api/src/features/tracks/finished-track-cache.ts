// Finished tracks (ready or failed) remembered for a few seconds by id, so reading one (GET
// /v1/tracks/{id}, its cover, its files, its share page) does not pay a database round trip: on
// PostgreSQL that round trip was most of an authenticated read's time.
//
// Only finished rows are kept: a queued or generating track changes every few seconds and is read
// from the database each time. A finished row changes only when it is published or deleted, and
// the database announces every such change itself: a trigger on `track` (migration
// 0011_track_change_notify) NOTIFYs `tf_track_changed` with the id of any finished row that is
// updated or deleted, in the writing transaction, so the notification is delivered when it
// commits, whatever wrote it (this API, a worker, an operator's SQL). Every API process LISTENs
// and forgets the id. So:
// - the process that made a change forgets the row before it answers (the service calls forget),
//   so its next read sees the change;
// - another process stops serving the old row within the notification's delivery time
//   (milliseconds on one PostgreSQL);
// - while the LISTEN connection is down nothing is kept and nothing is served from here, and
//   every entry still dies after `ttlMs` (FINISHED_TRACK_TTL_MS) (platform/database/notified-cache.ts).
import type { DatabaseHandle } from '../../platform/database/create-database.js';
import {
  createNotifiedCache,
  listenForChanges,
  type NotifiedCacheOptions,
} from '../../platform/database/notified-cache.js';
import type { TrackRow } from './track.repository.js';

/** The channel the trigger of migration 0011 notifies on, with the changed track's id. */
export const TRACK_CHANGED_CHANNEL = 'tf_track_changed';
export const FINISHED_TRACK_TTL_MS = 5_000;
/** A row is a few KB (mostly its music, inputs and lineage JSON): a few MB at most. */
export const FINISHED_TRACK_MAX_ENTRIES = 1_000;

export type FinishedTrackCache = ReturnType<typeof createFinishedTrackCache>;

export function createFinishedTrackCache(options: NotifiedCacheOptions) {
  const entries = createNotifiedCache<TrackRow>(options, {
    ttlMs: FINISHED_TRACK_TTL_MS,
    maxEntries: FINISHED_TRACK_MAX_ENTRIES,
  });
  return {
    ...entries,

    /** Keeps a finished row read under `readAt` (a generation()); anything else is not kept. */
    store(row: TrackRow, readAt: number): void {
      if (row.status !== 'ready' && row.status !== 'failed') return;
      entries.store(row.id, row, readAt);
    },
  };
}

/** LISTENs for changed tracks from every process (this one included); returns the unlisten function. */
export async function listenForTrackChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: FinishedTrackCache,
): Promise<() => Promise<void>> {
  return listenForChanges(database, TRACK_CHANGED_CHANNEL, cache, (id) => cache.forget(id));
}
