// What users do with tracks: create (hold a credit, queue the job, all in one transaction), read,
// list, publish and delete. Private tracks exist only for their workspace: everyone else gets 404.
import { randomInt } from 'node:crypto';
import type { VoiceSpec } from '@trackforge/engine';
import type { Plan } from '../auth/auth-context.js';
import type { CreditsService } from '../credits/credit.service.js';
import { type Db, transaction } from '../database/create-database.js';
import { AppError } from '../errors.js';
import { appendEvent } from '../events/events.service.js';
import type { IdempotencyScope, IdempotencyService } from '../idempotency/idempotency.service.js';
import { deleteJobsForPayload } from '../jobs/job.repository.js';
import { enqueueJob } from '../jobs/job-queue.js';
import type { Clock } from '../shared/clock.js';
import { isId, newId } from '../shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../shared/keyset-page.js';
import type { ByteRange, Storage } from '../storage/storage.js';
import { tailLiveAudio } from './live-audio.js';
import { presentPublicTrack } from './public-track.presenter.js';
import { presentTrack, titleFromPrompt } from './track.presenter.js';
import {
  deleteTrackRow,
  findTrack,
  findTrackPosition,
  insertTrack,
  listTrackRows,
  type NewTrack,
  type TrackRow,
  updateTrackVisibility,
} from './track.repository.js';
import type { CreateTrackBody, ListTracksQuery, PublicTrackJson, TrackJson } from './track.schemas.js';
import type { TrackFileKind, TrackVisibility } from './track.table.js';
import type { DerivedFiles } from './track-derived-files.js';
import { isDerivedKind, TRACK_FILES, trackFolder } from './track-files.js';

export const GENERATION_QUEUE = 'track.generate';

/** Who is asking: a workspace member, or nobody (public reads). */
export type Viewer = { workspaceId: string; userId: string | null } | null;

export interface TracksServiceDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  idempotency: IdempotencyService;
  storage: Storage;
  publicUrl: string;
  /** Makes a ready track's WAV, OGG, FLAC and stems on first download; without it only stored files are served. */
  derivedFiles?: DerivedFiles;
  /** Checks a voice_id against the catalogue and the plan (404 / 403 plan_required) and describes it. */
  resolveVoice?: (voiceId: string, plan: Plan) => Promise<{ spec: VoiceSpec }>;
  /** Called after a job was committed, so an in-process worker can start at once. */
  onJobEnqueued?: () => void;
  /** Refuses a webhook_url that may not receive webhooks (webhooks/webhook-address.ts): 400 naming it. */
  checkWebhookUrl?: (url: string, param: string) => Promise<void>;
}

export type TracksService = ReturnType<typeof createTracksService>;

export function createTracksService(deps: TracksServiceDeps) {
  const { db, clock, credits, publicUrl } = deps;
  const present = (row: TrackRow) => presentTrack(row, publicUrl);
  const presentPublic = (row: TrackRow) => presentPublicTrack(row, publicUrl);
  /** The owner's representation for the track's own workspace, the public one for everyone else. */
  const presentFor = (viewer: Viewer, row: TrackRow) =>
    row.workspace_id === viewer?.workspaceId ? present(row) : presentPublic(row);

  /** The track if the viewer may read it; 404 otherwise (never reveals a private track exists). */
  async function getReadableTrack(viewer: Viewer, id: string): Promise<TrackRow> {
    const track = isId('trk', id) ? await findTrack(db, id) : undefined;
    if (track && (track.workspace_id === viewer?.workspaceId || track.visibility !== 'private')) return track;
    throw new AppError(
      'not_found',
      `No track ${id}. Check the id and that your credential belongs to its workspace.`,
      {
        param: 'id',
      },
    );
  }

  function notOwned(id: string): AppError {
    return new AppError('not_found', `No track ${id} in your workspace.`, { param: 'id' });
  }

  /**
   * One transaction: hold a credit, insert the track, enqueue its job, append track.queued and store
   * the Idempotency-Key's answer. POST /v1/tracks and the variation and extension routes share it.
   */
  async function queueTrack(
    workspaceId: string,
    track: Omit<NewTrack, 'id' | 'workspace_id' | 'created_at'>,
    idempotency?: IdempotencyScope,
  ): Promise<TrackJson> {
    const id = newId('trk');
    const now = clock.now();
    const json = await transaction(db, async (tx) => {
      await credits.holdCreditForTrack(tx, workspaceId, id);
      const row = await insertTrack(tx, { ...track, id, workspace_id: workspaceId, created_at: now });
      await enqueueJob(tx, { queue: GENERATION_QUEUE, payload: { track_id: id }, now });
      const json = present(row);
      await appendEvent(tx, { workspaceId, type: 'track.queued', data: { track: json }, createdAt: now });
      if (idempotency) await deps.idempotency.complete(tx, idempotency, { status: 201, body: json });
      return json;
    });
    deps.onJobEnqueued?.();
    return json;
  }

  return {
    getReadableTrack,
    present,

    openFile(key: string, range?: ByteRange) {
      return deps.storage.getStream(key, range);
    },

    /** POST /v1/tracks: one transaction holds the credit, inserts the track and its job and appends track.queued. */
    async createTrack(
      caller: { workspaceId: string; userId: string | null; plan?: Plan },
      body: CreateTrackBody,
      idempotency?: IdempotencyScope,
    ): Promise<TrackJson> {
      if (body.webhook_url) await deps.checkWebhookUrl?.(body.webhook_url, 'webhook_url');
      let voiceSpec: VoiceSpec | null = null;
      if (body.voice_id) {
        if (!deps.resolveVoice) {
          throw new AppError('not_found', `No voice ${body.voice_id}.`, { param: 'voice_id' });
        }
        voiceSpec = (await deps.resolveVoice(body.voice_id, caller.plan ?? 'free')).spec;
      }
      return queueTrack(
        caller.workspaceId,
        {
          created_by: caller.userId,
          prompt: body.prompt,
          title: titleFromPrompt(body.prompt),
          duration: body.duration.label,
          duration_seconds: body.duration.seconds,
          visibility: body.visibility ?? 'private',
          voice_id: body.voice_id ?? null,
          voice_spec: voiceSpec,
          seed: body.seed ?? randomInt(0, 2 ** 32),
          loop: body.loop ?? false,
          bpm: body.bpm ?? null,
          key: body.key ?? null,
          webhook_url: body.webhook_url ?? null,
          metadata: body.metadata ?? {},
        },
        idempotency,
      );
    },

    queueTrack,

    async getTrack(viewer: Viewer, id: string): Promise<TrackJson | PublicTrackJson> {
      return presentFor(viewer, await getReadableTrack(viewer, id));
    },

    /** Waits (polling) until the track is ready or failed, or the time is up; returns it as it is then. */
    async waitForTrack(
      owner: { workspaceId: string },
      id: string,
      timeoutMs: number,
      pollMs = 250,
    ): Promise<TrackJson> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const track = await getReadableTrack({ workspaceId: owner.workspaceId, userId: null }, id);
        if (track.status === 'ready' || track.status === 'failed' || Date.now() >= deadline)
          return present(track);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(pollMs, Math.max(0, deadline - Date.now()))),
        );
      }
    },

    async listTracks(workspaceId: string, query: ListTracksQuery): Promise<Page<TrackJson>> {
      const page = await fetchKeysetPage(
        query,
        (options) =>
          listTrackRows(db, { workspaceId, status: query.status, visibility: query.visibility }, options),
        (cursor) => findTrackPosition(db, cursor, { workspaceId }),
      );
      return { ...page, data: page.data.map(present) };
    },

    async listPublicTracks(query: PageQuery): Promise<Page<PublicTrackJson>> {
      const page = await fetchKeysetPage(
        query,
        (options) => listTrackRows(db, { visibility: 'public' }, options),
        (cursor) => findTrackPosition(db, cursor, { publicOnly: true }),
      );
      return { ...page, data: page.data.map(presentPublic) };
    },

    async publishTrack(workspaceId: string, id: string, visibility: TrackVisibility): Promise<TrackJson> {
      const row = isId('trk', id) ? await updateTrackVisibility(db, id, workspaceId, visibility) : undefined;
      if (!row) throw notOwned(id);
      return present(row);
    },

    /** Deletes the track and its files; an unfinished track's held credit goes back to the balance. */
    async deleteTrack(workspaceId: string, id: string): Promise<void> {
      const deleted = isId('trk', id)
        ? await transaction(db, async (tx) => {
            const row = await deleteTrackRow(tx, id, workspaceId);
            if (row && (row.status === 'queued' || row.status === 'generating')) {
              await credits.settleTrackCredit(tx, workspaceId, id, 'release');
              await deleteJobsForPayload(tx, GENERATION_QUEUE, 'track_id', id);
            }
            return row;
          })
        : undefined;
      if (!deleted) throw notOwned(id);
      await deps.storage.deletePrefix(trackFolder(workspaceId, id));
    },

    /**
     * The growing MP3 of a track that is queued or rendering, or undefined once it is ready (serve
     * the finished file then). 409 for a failed track or a store that cannot stream.
     */
    async openLiveAudio(viewer: Viewer, id: string) {
      const track = await getReadableTrack(viewer, id);
      if (track.status === 'ready') return undefined;
      if (track.status === 'failed') {
        throw new AppError('conflict', `Track ${id} failed; there is no audio to stream.`);
      }
      if (!deps.storage.localPath) {
        throw new AppError(
          'conflict',
          `Track ${id} is ${track.status}; live streaming needs local storage on this server. Fetch the audio once it is ready.`,
        );
      }
      return { track, stream: tailLiveAudio({ db, storage: deps.storage }, track) };
    },

    /** A stored file of a readable track; 404 when the track is unknown, 409 until it is ready. */
    async getTrackFile(viewer: Viewer, id: string, kind: TrackFileKind) {
      const track = await getReadableTrack(viewer, id);
      if (track.status !== 'ready') {
        throw new AppError('conflict', `Track ${id} is ${track.status}; its files exist once it is ready.`, {
          status_detail: track.status,
        });
      }
      // WAV/OGG/FLAC/stems of a lean track are rendered again on first download
      const file =
        track.files?.[kind] ??
        (isDerivedKind(kind) && deps.derivedFiles && track.files?.mp3
          ? await deps.derivedFiles.get(track, kind)
          : undefined);
      if (!file) throw new AppError('not_found', `Track ${id} has no ${kind} file.`, { param: 'format' });
      return { track, file, contentType: TRACK_FILES[kind].contentType };
    },
  };
}
