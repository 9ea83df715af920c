// What users do with tracks: create (hold a credit, queue the job, all in one transaction), read,
// list, publish and delete. Private tracks exist only for their workspace: everyone else gets 404.
import { createHash, randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { VoiceSpec } from '@trackforge/engine';
import { encodeMelodyMidi } from '@trackforge/engine/request';
import { AppError } from '../../errors.js';
import { type Db, type Tx, transaction } from '../../platform/database/create-database.js';
import type { Plan } from '../../platform/http/auth-context.js';
import type { IdempotencyScope, IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { Clock } from '../../platform/shared/clock.js';
import { isId, newId } from '../../platform/shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../../platform/shared/keyset-page.js';
import { type ByteRange, readObject, type Storage } from '../../platform/storage/storage.js';
import type { CreditsService } from '../billing/credits/credit.service.js';
import type { EventLog } from '../events/event-log.service.js';
import { FINISHED_TRACK_TTL_MS, type FinishedTrackCache } from './finished-track-cache.js';
import { tailLiveAudio } from './live-audio.js';
import { presentPublicTrack } from './public-track.presenter.js';
import { inputsOf, presentTrack, titleFromPrompt } from './track.presenter.js';
import {
  deleteTrackRow,
  findTrack,
  findTrackPosition,
  insertTrack,
  listTrackRows,
  lockTrackVisibility,
  type NewTrack,
  type TrackRow,
  updateTrackVisibility,
} from './track.repository.js';
import type { CreateTrackBody, ListTracksQuery, PublicTrackJson, TrackJson } from './track.schemas.js';
import type { TrackFileKind, TrackFiles, TrackVisibility } from './track.table.js';
import { renderTrackCoverSvg } from './track-cover.js';
import { type DerivedKind, isDerivedKind, TRACK_FILES, trackFolder } from './track-files.js';
import type { ResolveTrackInputs } from './track-inputs-thread.js';

/** Who is asking: a workspace member, or nobody (public reads). */
export type Viewer = { workspaceId: string; userId: string | null } | null;

type FileRef = NonNullable<TrackFiles['wav']>;

/** A derived file while it is made: streamed to its first downloads, then kept. */
export interface MakingFile {
  etag: string;
  /** A new reader from the first byte to the last (erroring if the render fails). */
  read(): Readable;
  /** The stored file, once it is made and kept. */
  finished: Promise<FileRef>;
}

/** WAV/OGG/stems of a ready track (and FLAC, of one stored without a master), made on first download (given by the composition root). */
export interface DerivedFileSource {
  /**
   * `stillExists` is asked once the file is made, so a track deleted meanwhile keeps nothing.
   * `answered` aborts when the download asking is over (sent, or its client gone): a render every
   * download has left stops.
   */
  get(
    track: TrackRow,
    kind: DerivedKind,
    stillExists: () => Promise<boolean>,
    answered?: AbortSignal,
  ): Promise<{ file: FileRef } | { making: MakingFile }>;
  /** Stops this node's renders of a track being deleted. */
  discard(trackId: string): void;
}

/**
 * Calls onEvent with the type of each committed event of the track, and with undefined when events
 * may have been missed (the LISTEN connection is back after a loss); returns the unsubscribe function.
 */
export type WatchTrack = (
  workspaceId: string,
  trackId: string,
  onEvent: (type: string | undefined) => void,
) => () => void;

export interface TracksServiceDeps {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  idempotency: IdempotencyService;
  storage: Storage;
  publicUrl: string;
  /** Appends track.queued in the create transaction. */
  events: EventLog;
  /** Queues (and, for a deleted track, drops) the track's generation job in the caller's transaction. */
  generationQueue: {
    enqueue(tx: Tx, trackId: string, now: Date): Promise<void>;
    cancel(tx: Tx, trackId: string): Promise<void>;
  };
  /** Wakes `Prefer: wait` when the track's events commit (the event hub); without it the wait is the timeout. */
  watchTrack?: WatchTrack;
  /** Makes a ready track's WAV, OGG and stems on first download; without it only stored files are served. */
  derivedFiles?: DerivedFileSource;
  /** Checks a voice_id against the catalogue and the plan (404 / 403 plan_required) and describes it. */
  resolveVoice?: (voiceId: string, plan: Plan) => Promise<{ spec: VoiceSpec }>;
  /** Called after a job was committed, so an in-process worker can start at once. */
  onJobEnqueued?: () => void;
  /** Refuses a webhook_url that may not receive webhooks (webhooks/webhook-address.ts): 400 naming it. */
  checkWebhookUrl?: (url: string, param: string) => Promise<void>;
  /** Finished tracks remembered between reads (finished-track-cache.ts); without it every read queries. */
  finishedTracks?: FinishedTrackCache;
  /** Reads and checks a create's musical inputs off the event loop (track-inputs-thread.ts). */
  resolveInputs: ResolveTrackInputs;
  /**
   * Purges the edge's copies of a track's public answers (edge/, EDGE_PURGE): enqueue runs in the
   * transaction that hides the track, wake once it committed. Without it nothing is purged.
   */
  edgePurge?: {
    enqueue(tx: Tx, trackId: string, change: { publicFeed: boolean; delayMs: number }): Promise<void>;
    wake(): void;
  };
}

export type TracksService = ReturnType<typeof createTracksService>;

export function createTracksService(deps: TracksServiceDeps) {
  const { db, clock, credits, publicUrl } = deps;
  const present = (row: TrackRow) => presentTrack(row, publicUrl);
  const presentPublic = (row: TrackRow) => presentPublicTrack(row, publicUrl);
  /** The owner's representation for the track's own workspace, the public one for everyone else. */
  const presentFor = (viewer: Viewer, row: TrackRow) =>
    row.workspace_id === viewer?.workspaceId ? present(row) : presentPublic(row);

  async function findTrackRemembered(id: string): Promise<TrackRow | undefined> {
    const cache = deps.finishedTracks;
    if (!cache) return findTrack(db, id);
    const remembered = cache.get(id);
    if (remembered) return remembered;
    const readAt = cache.generation();
    const row = await findTrack(db, id);
    if (row) cache.store(row, readAt);
    return row;
  }

  /** The track if the viewer may read it; 404 otherwise (never reveals a private track exists). */
  async function getReadableTrack(viewer: Viewer, id: string): Promise<TrackRow> {
    const track = isId('trk', id) ? await findTrackRemembered(id) : undefined;
    if (track && (track.workspace_id === viewer?.workspaceId || track.visibility !== 'private')) return track;
    throw new AppError(
      'not_found',
      `No track ${id}. Check the id and that your credential belongs to its workspace.`,
      {
        param: 'id',
      },
    );
  }

  /**
   * Two purges: one as soon as the change commits, and one once no API process can still be
   * serving the old row from memory (a process hears of the change within milliseconds, but an
   * edge that refetched from it in that window would otherwise keep the old answer for a day).
   */
  async function purgeEdge(tx: Tx, trackId: string, publicFeed: boolean): Promise<void> {
    if (!deps.edgePurge) return;
    await deps.edgePurge.enqueue(tx, trackId, { publicFeed, delayMs: 0 });
    await deps.edgePurge.enqueue(tx, trackId, { publicFeed, delayMs: FINISHED_TRACK_TTL_MS + 1_000 });
  }

  /** The waveform peaks the cover draws as bars; null before the track is ready. */
  async function readCoverPeaks(track: TrackRow): Promise<number[] | null> {
    const waveform = track.status === 'ready' ? track.files?.waveform : undefined;
    if (!waveform) return null;
    const json = new TextDecoder().decode(await readObject(deps.storage, waveform.key));
    return (JSON.parse(json) as { peaks: number[] }).peaks;
  }

  function notOwned(id: string): AppError {
    return new AppError('not_found', `No track ${id} in your workspace.`, { param: 'id' });
  }

  /**
   * A file of a readable track to send: stored, or (a derived format's first download) being
   * made, to stream while it grows; 404 when the track is unknown, 409 until it is ready.
   * `answered` aborts when the download is over, so a render nobody waits for any more stops.
   */
  async function openTrackDownload(viewer: Viewer, id: string, kind: TrackFileKind, answered?: AbortSignal) {
    const track = await getReadableTrack(viewer, id);
    if (track.status !== 'ready') {
      throw new AppError('conflict', `Track ${id} is ${track.status}; its files exist once it is ready.`, {
        status_detail: track.status,
      });
    }
    const contentType = TRACK_FILES[kind].contentType;
    const stored = track.files?.[kind];
    if (stored) return { track, contentType, file: stored, making: undefined };
    // WAV, OGG and stems (and FLAC, of a track made before masters were stored) are made on first download
    if (isDerivedKind(kind) && deps.derivedFiles && track.files?.mp3) {
      const derived = await deps.derivedFiles.get(
        track,
        kind,
        async () => Boolean(await findTrack(db, track.id)),
        answered,
      );
      return 'file' in derived
        ? { track, contentType, file: derived.file, making: undefined }
        : { track, contentType, file: undefined, making: derived.making };
    }
    throw new AppError('not_found', `Track ${id} has no ${kind} file.`, { param: 'format' });
  }

  /**
   * One short transaction: insert the track, enqueue its job, append track.queued, store the
   * Idempotency-Key's answer and hold a credit. POST /v1/tracks and the variation and extension
   * routes share it.
   */
  async function queueTrack(
    workspaceId: string,
    track: Omit<NewTrack, 'id' | 'workspace_id' | 'created_at'>,
    idempotency?: IdempotencyScope,
  ): Promise<TrackJson> {
    const id = newId('trk');
    const now = clock.now();
    const json = await transaction(db, async (tx) => {
      // Nothing is read in it that could be read before. The credit hold locks the workspace's
      // credit row, and every other create of the workspace waits on that lock until this one
      // commits; it comes before the event, whose append takes the workspace's event lock, in the
      // order every transaction takes the two (events.repository.ts).
      const row = await insertTrack(tx, { ...track, id, workspace_id: workspaceId, created_at: now });
      await deps.generationQueue.enqueue(tx, id, now);
      await credits.holdCreditForTrack(tx, workspaceId, id);
      const json = present(row);
      await deps.events.append(tx, {
        workspaceId,
        type: 'track.queued',
        data: { track: json },
        createdAt: now,
        trackWebhookUrl: row.webhook_url,
      });
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
      // The seed is fixed first: without a stated tempo it chooses the one a section plan is timed at.
      const seed = body.seed ?? randomInt(0, 2 ** 32);
      const resolved = await deps.resolveInputs(body, seed, voiceSpec);
      return queueTrack(
        caller.workspaceId,
        {
          created_by: caller.userId,
          prompt: body.prompt,
          title: titleFromPrompt(body.prompt),
          duration: resolved.durationLabel,
          duration_seconds: resolved.durationSeconds,
          visibility: body.visibility ?? 'private',
          voice_id: body.voice_id ?? null,
          voice_spec: voiceSpec,
          seed,
          loop: body.loop ?? false,
          bpm: body.bpm ?? null,
          key: body.key ?? null,
          webhook_url: body.webhook_url ?? null,
          metadata: body.metadata ?? {},
          inputs: resolved.inputs,
        },
        idempotency,
      );
    },

    queueTrack,

    async getTrack(viewer: Viewer, id: string): Promise<TrackJson | PublicTrackJson> {
      return presentFor(viewer, await getReadableTrack(viewer, id));
    },

    /**
     * GET /v1/tracks/{id}: which view the viewer gets, decided by ownership alone (the track's own
     * workspace gets the owner's view), with that view's JSON; 404 like getReadableTrack.
     */
    async readTrack(
      viewer: Viewer,
      id: string,
    ): Promise<{ view: 'owner'; track: TrackJson } | { view: 'public'; track: PublicTrackJson }> {
      const row = await getReadableTrack(viewer, id);
      return row.workspace_id === viewer?.workspaceId
        ? { view: 'owner', track: present(row) }
        : { view: 'public', track: presentPublic(row) };
    },

    /**
     * Waits until the track is ready or failed, or `timeoutMs` of the clock's time has passed, and
     * returns it as it is then. The track's events (watchTrack) only wake the wait: the row read
     * after each is the answer, so it is never wrong; and since the row is read again when the LISTEN
     * is back after a loss, a notification lost meanwhile makes it late by that outage, not the
     * whole wait.
     */
    async waitForTrack(owner: { workspaceId: string }, id: string, timeoutMs: number): Promise<TrackJson> {
      const viewer = { workspaceId: owner.workspaceId, userId: null };
      const deadlineMs = clock.now().getTime() + timeoutMs;
      let changed = false;
      let wake: (() => void) | undefined;
      // Subscribed before the first read, so a change committed in between is never missed.
      const unsubscribe = deps.watchTrack?.(owner.workspaceId, id, (type) => {
        if (type !== undefined && type !== 'track.ready' && type !== 'track.failed') return;
        changed = true;
        wake?.();
      });
      const timer = new AbortController();
      try {
        for (;;) {
          changed = false;
          const track = await getReadableTrack(viewer, id);
          const remainingMs = deadlineMs - clock.now().getTime();
          if (track.status === 'ready' || track.status === 'failed' || remainingMs <= 0)
            return present(track);
          await new Promise<void>((resolve) => {
            wake = resolve;
            if (changed) resolve();
            void clock.sleep(remainingMs, timer.signal).then(resolve);
          });
        }
      } finally {
        timer.abort();
        unsubscribe?.();
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
      const row = isId('trk', id)
        ? await transaction(db, async (tx) => {
            const before = await lockTrackVisibility(tx, id, workspaceId);
            if (before === undefined) return undefined;
            // Whatever the edge kept of the track shows it as it was: leaving private exposes
            // nothing cached, any other change (hidden, or moved in or out of the feed) purges.
            if (before !== visibility && before !== 'private') {
              await purgeEdge(tx, id, before === 'public' || visibility === 'public');
            }
            return updateTrackVisibility(tx, id, workspaceId, visibility);
          })
        : undefined;
      if (!row) throw notOwned(id);
      deps.finishedTracks?.forget(id);
      deps.edgePurge?.wake();
      return present(row);
    },

    /** Deletes the track and its files; an unfinished track's held credit goes back to the balance. */
    async deleteTrack(workspaceId: string, id: string): Promise<void> {
      const deleted = isId('trk', id)
        ? await transaction(db, async (tx) => {
            const row = await deleteTrackRow(tx, id, workspaceId);
            if (row && (row.status === 'queued' || row.status === 'generating')) {
              await credits.settleTrackCredit(tx, workspaceId, id, 'release');
              await deps.generationQueue.cancel(tx, id);
            }
            // A private track's answers were never cacheable: nothing of it is at the edge.
            if (row && row.visibility !== 'private') await purgeEdge(tx, id, row.visibility === 'public');
            return row;
          })
        : undefined;
      if (!deleted) throw notOwned(id);
      deps.finishedTracks?.forget(id);
      deps.edgePurge?.wake();
      // a derived file still being made here must not be kept after the folder is gone
      deps.derivedFiles?.discard(id);
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
      return { track, stream: tailLiveAudio({ db, storage: deps.storage, clock }, track) };
    },

    /**
     * The cover art of a readable track (track-cover.ts), with an ETag of its bytes. Before the
     * track is ready it is drawn from the prompt alone, so it changes once when the music exists.
     */
    async getTrackCover(viewer: Viewer, id: string) {
      const track = await getReadableTrack(viewer, id);
      const svg = renderTrackCoverSvg({
        title: track.title,
        prompt: track.prompt,
        music: track.music,
        peaks: await readCoverPeaks(track),
      });
      const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 22)}"`;
      return { track, svg, etag };
    },

    /**
     * What the share image of a readable track is drawn from (tracks/share/), without reading the
     * waveform until `readPeaks` is called: the image is usually kept already, under what the row
     * alone says (`waveformEtag` stands for the peaks).
     */
    async getTrackArtwork(viewer: Viewer, id: string) {
      const track = await getReadableTrack(viewer, id);
      const waveform = track.status === 'ready' ? track.files?.waveform : undefined;
      return {
        track,
        waveformEtag: waveform?.etag ?? null,
        readPeaks: () => readCoverPeaks(track),
      };
    },

    /**
     * The melody a workspace's own track follows (its own, or the original's for a variation or
     * extension) as a MIDI file, so the track can be made again with the same notes. The uploaded
     * file is not kept; the melody read from it is (at most MAX_MELODY_NOTES notes), and reads back
     * note for note. 404 for another workspace's track or a track made without a melody.
     */
    async getTrackMelody(workspaceId: string, id: string) {
      const track = await getReadableTrack({ workspaceId, userId: null }, id);
      if (track.workspace_id !== workspaceId) throw notOwned(id);
      const melody = inputsOf(track)?.melody;
      if (!melody) throw new AppError('not_found', `Track ${id} was made without a melody.`, { param: 'id' });
      return { track, bytes: encodeMelodyMidi(melody) };
    },

    /**
     * The sung lines of a readable track, for its timed lyrics (LRC, WebVTT, SubRip); 404 when the
     * track is unknown or sings no words, 409 until it is ready.
     */
    async getTrackLyrics(viewer: Viewer, id: string) {
      const track = await getReadableTrack(viewer, id);
      const noWords = () =>
        new AppError(
          'not_found',
          `Track ${id} sings no words: only a track made with \`lyrics\` has timed lyrics.`,
          {
            param: 'id',
          },
        );
      // made without lyrics (its own or its original's), it never will have any: no need to wait
      if (inputsOf(track)?.lyrics == null) throw noWords();
      if (track.status !== 'ready') {
        throw new AppError(
          'conflict',
          `Track ${id} is ${track.status}; its lyrics are timed once it is ready.`,
          {
            status_detail: track.status,
          },
        );
      }
      const lines = track.music?.lyrics ?? [];
      if (lines.length === 0) throw noWords();
      return { track, lines };
    },

    /** A stored file of a readable track; 404 when the track is unknown, 409 until it is ready. */
    async getTrackFile(viewer: Viewer, id: string, kind: TrackFileKind) {
      const download = await openTrackDownload(viewer, id, kind);
      const file = download.file ?? (await download.making.finished);
      return { track: download.track, file, contentType: download.contentType };
    },

    openTrackDownload,
  };
}
