// The generation side of a track's life: queued → generating → ready | failed. Each change is one
// conditional UPDATE plus its event (and credit settlement) in one transaction, so running a step
// twice — a retried job, two workers after a lease expired — changes nothing the second time.

import { createHash } from 'node:crypto';
import type { CreditsService } from '../credits/credit.service.js';
import { type Db, type Tx, transaction } from '../database/create-database.js';
import { appendEvent } from '../events/events.service.js';
import type { Clock } from '../shared/clock.js';
import type { Storage } from '../storage/storage.js';
import { incrementVoiceUsage } from '../voices/voice.service.js';
import { presentTrack } from './track.presenter.js';
import {
  findTrack,
  markTrackFailed,
  markTrackGenerating,
  markTrackReady,
  raiseTrackProgress,
  type TrackRow,
} from './track.repository.js';
import type { TrackAudio, TrackFileKind, TrackFiles, TrackMusic } from './track.table.js';
import { liveAudioKey, TRACK_FILES, trackFileKey, trackFolder } from './track-files.js';

/** What the engine produced, in the shape the API stores. */
export interface GeneratedTrack {
  music: TrackMusic;
  audio: Omit<TrackAudio, 'formats'>;
  files: Partial<Record<'mp3' | 'wav' | 'ogg' | 'flac', Uint8Array>>;
  midi?: Uint8Array;
  waveform?: { samplesPerPeak: number; peaks: number[] };
  /** The stems as a zip of FLAC files (made on first download, not at generation). */
  stemsZip?: Uint8Array;
}

export type TrackLifecycle = ReturnType<typeof createTrackLifecycle>;

export function createTrackLifecycle(deps: {
  db: Db;
  clock: Clock;
  credits: CreditsService;
  storage: Storage;
  publicUrl: string;
}) {
  const { db, clock, credits, storage, publicUrl } = deps;

  async function emit(tx: Tx, row: TrackRow, type: 'track.generating' | 'track.ready' | 'track.failed') {
    await appendEvent(tx, {
      workspaceId: row.workspace_id,
      type,
      data: { track: presentTrack(row, publicUrl) },
      createdAt: clock.now(),
    });
  }

  return {
    /** Marks the track generating; returns it when there is work to do (also on a retry), else undefined. */
    async startGenerating(trackId: string): Promise<TrackRow | undefined> {
      return transaction(db, async (tx) => {
        const started = await markTrackGenerating(tx, trackId, clock.now());
        if (started) {
          await emit(tx, started, 'track.generating');
          return started;
        }
        const track = await findTrack(tx, trackId);
        return track?.status === 'generating' ? track : undefined;
      });
    },

    /** Records rising progress and emits track.generating (callers throttle to ≤ 2 per second). */
    async reportProgress(trackId: string, progress: number): Promise<void> {
      await transaction(db, async (tx) => {
        const row = await raiseTrackProgress(tx, trackId, Math.round(progress * 1000) / 1000);
        if (row) await emit(tx, row, 'track.generating');
      });
    },

    /**
     * Starts (or restarts, on a retry) the live MP3 of a rendering track; undefined when the store
     * cannot append. Returns the appender and a function that waits for every append to land.
     */
    async startLiveAudio(track: TrackRow) {
      if (!storage.append) return undefined;
      const key = liveAudioKey(track.workspace_id, track.id);
      await storage.put(key, new Uint8Array(0), 'audio/mpeg');
      let chain: Promise<void> = Promise.resolve();
      return {
        append: (bytes: Uint8Array) => {
          chain = chain.then(() => storage.append!(key, bytes)).catch(() => {});
        },
        flushed: () => chain,
      };
    },

    async endLiveAudio(track: TrackRow): Promise<void> {
      if (storage.append) await storage.deletePrefix(liveAudioKey(track.workspace_id, track.id));
    },

    /** Writes every file of a generated track to storage and describes them for the track row. */
    async storeFiles(track: TrackRow, generated: GeneratedTrack): Promise<TrackFiles> {
      const files: TrackFiles = {};
      const put = async (kind: TrackFileKind, bytes: Uint8Array) => {
        const key = trackFileKey(track.workspace_id, track.id, kind);
        await storage.put(key, bytes, TRACK_FILES[kind].contentType);
        const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
        files[kind] = { key, bytes: bytes.byteLength, etag };
      };
      for (const [format, bytes] of Object.entries(generated.files)) {
        if (bytes) await put(format as TrackFileKind, bytes);
      }
      if (generated.midi) await put('midi', generated.midi);
      if (generated.waveform) {
        const json = JSON.stringify({
          object: 'waveform',
          samples_per_peak: generated.waveform.samplesPerPeak,
          sample_rate: generated.audio.sample_rate,
          peaks: generated.waveform.peaks,
        });
        await put('waveform', new TextEncoder().encode(json));
      }
      if (generated.stemsZip) await put('stems', generated.stemsZip);
      return files;
    },

    /**
     * Marks the track ready, captures its credit and emits track.ready — only while `stillOwner`
     * (the job's lease) holds. False when another attempt already finished or the track was deleted.
     */
    async completeTrack(
      track: TrackRow,
      generated: GeneratedTrack,
      files: TrackFiles,
      stillOwner: (tx: Tx) => Promise<boolean>,
    ): Promise<boolean> {
      const finished = await transaction(db, async (tx) => {
        if (!(await stillOwner(tx))) return false;
        // WAV, OGG and FLAC are made on first request from the stored MP3's engine request
        const formats = files.mp3 ? ['mp3', 'wav', 'ogg', 'flac'] : [];
        const row = await markTrackReady(tx, track.id, {
          music: generated.music,
          audio: { formats, ...generated.audio },
          files,
          now: clock.now(),
        });
        if (!row) return false;
        await credits.settleTrackCredit(tx, row.workspace_id, row.id, 'capture');
        if (row.voice_id) await incrementVoiceUsage(tx, row.voice_id);
        await emit(tx, row, 'track.ready');
        return true;
      });
      // A track deleted while it was generating leaves no files behind.
      if (!finished && !(await findTrack(db, track.id))) {
        await storage.deletePrefix(trackFolder(track.workspace_id, track.id));
      }
      return finished;
    },

    /** Marks the track failed, gives its credit back and emits track.failed; no-op when already final. */
    async failTrack(trackId: string, error: { code: string; message: string }): Promise<boolean> {
      const failed = await transaction(db, async (tx) => {
        const row = await markTrackFailed(tx, trackId, error, clock.now());
        if (!row) return undefined;
        await credits.settleTrackCredit(tx, row.workspace_id, row.id, 'refund');
        await emit(tx, row, 'track.failed');
        return row;
      });
      if (failed && storage.append) await storage.deletePrefix(liveAudioKey(failed.workspace_id, failed.id));
      return failed !== undefined;
    },
  };
}
