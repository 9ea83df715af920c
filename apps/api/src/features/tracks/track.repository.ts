// SQL for tracks, one statement per function. Status changes are conditional UPDATEs: a row moves
// queued → generating → ready | failed only, whoever calls and however often.
import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/database/create-database.js';
import { applyKeyset, type KeysetPosition, type KeysetRange } from '../../platform/shared/keyset-page.js';
import type {
  TrackAudio,
  TrackFiles,
  TrackMusic,
  TrackStatus,
  TrackTable,
  TrackVisibility,
} from './track.table.js';

type Executor = Db | Tx;
export type TrackRow = Selectable<TrackTable>;

/** A track as the caller creates it; the status, results and timings start empty; an original has no lineage. */
export type NewTrack = Omit<
  TrackRow,
  | 'status'
  | 'progress'
  | 'music'
  | 'audio'
  | 'files'
  | 'error'
  | 'credits_charged'
  | 'started_at'
  | 'completed_at'
  | 'parent_track_id'
  | 'kind'
  | 'lineage'
> &
  Partial<Pick<TrackRow, 'parent_track_id' | 'kind' | 'lineage'>>;

export async function insertTrack(db: Executor, track: NewTrack): Promise<TrackRow> {
  return db
    .insertInto('track')
    .values({
      ...track,
      status: 'queued',
      metadata: JSON.stringify(track.metadata),
      voice_spec: track.voice_spec ? JSON.stringify(track.voice_spec) : null,
      inputs: track.inputs ? JSON.stringify(track.inputs) : null,
      lineage: track.lineage ? JSON.stringify(track.lineage) : null,
      music: null,
      audio: null,
      files: null,
      error: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTrack(db: Executor, id: string): Promise<TrackRow | undefined> {
  return db.selectFrom('track').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTrackPosition(
  db: Executor,
  id: string,
  scope: { workspaceId: string } | { publicOnly: true },
): Promise<KeysetPosition | undefined> {
  let query = db.selectFrom('track').select(['created_at', 'id']).where('id', '=', id);
  query =
    'workspaceId' in scope
      ? query.where('workspace_id', '=', scope.workspaceId)
      : query.where('visibility', '=', 'public');
  return query.executeTakeFirst();
}

export async function listTrackRows(
  db: Executor,
  filter: { workspaceId?: string; status?: TrackStatus; visibility?: TrackVisibility },
  range: KeysetRange,
): Promise<TrackRow[]> {
  let query = db.selectFrom('track').selectAll();
  if (filter.workspaceId) query = query.where('workspace_id', '=', filter.workspaceId);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.visibility) query = query.where('visibility', '=', filter.visibility);
  return applyKeyset(query, range).execute();
}

/** The track's visibility, its row locked until the transaction ends; undefined if not in the workspace. */
export async function lockTrackVisibility(
  tx: Tx,
  id: string,
  workspaceId: string,
): Promise<TrackVisibility | undefined> {
  const row = await tx
    .selectFrom('track')
    .select('visibility')
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
  return row?.visibility;
}

export async function updateTrackVisibility(
  db: Executor,
  id: string,
  workspaceId: string,
  visibility: TrackVisibility,
): Promise<TrackRow | undefined> {
  return db
    .updateTable('track')
    .set({ visibility })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteTrackRow(
  db: Executor,
  id: string,
  workspaceId: string,
): Promise<TrackRow | undefined> {
  return db
    .deleteFrom('track')
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

export async function markTrackGenerating(
  db: Executor,
  id: string,
  now: Date,
): Promise<TrackRow | undefined> {
  return db
    .updateTable('track')
    .set({ status: 'generating', started_at: now, progress: 0 })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .returningAll()
    .executeTakeFirst();
}

/** Raises progress (never lowers it: a retried job starts again from 0 but the user saw more). */
export async function raiseTrackProgress(
  db: Executor,
  id: string,
  progress: number,
): Promise<TrackRow | undefined> {
  return db
    .updateTable('track')
    .set({ progress })
    .where('id', '=', id)
    .where('status', '=', 'generating')
    .where('progress', '<', progress)
    .returningAll()
    .executeTakeFirst();
}

export async function markTrackReady(
  db: Executor,
  id: string,
  result: { music: TrackMusic; audio: TrackAudio; files: TrackFiles; now: Date },
): Promise<TrackRow | undefined> {
  return db
    .updateTable('track')
    .set({
      status: 'ready',
      progress: 1,
      music: JSON.stringify(result.music),
      audio: JSON.stringify(result.audio),
      files: JSON.stringify(result.files),
      credits_charged: 1,
      completed_at: result.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'generating')
    .returningAll()
    .executeTakeFirst();
}

export async function markTrackFailed(
  db: Executor,
  id: string,
  error: { code: string; message: string },
  now: Date,
): Promise<TrackRow | undefined> {
  return db
    .updateTable('track')
    .set({ status: 'failed', error: JSON.stringify(error), completed_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'generating'])
    .returningAll()
    .executeTakeFirst();
}
