// A track's state as generation moves it: queued → generating → ready | failed. Each change is one
// conditional UPDATE plus its event (and credit settlement) in one transaction, so running a step
// twice — a retried job, two workers after a lease expired — changes nothing the second time.
// This is all generation/ may change about a track; the engine, the files and the job are its own.

import { type Db, type Tx, transaction } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { CreditsService } from '../billing/credits/credit.service.js';
import type { EventLog } from '../events/event-log.service.js';
import { presentTrack } from './track.presenter.js';
import {
  findTrack,
  markTrackFailed,
  markTrackGenerating,
  markTrackReady,
  raiseTrackProgress,
  type TrackRow,
} from './track.repository.js';
import type { TrackAudio, TrackFiles, TrackMusic } from './track.table.js';

/** What a finished render leaves on the track row. */
export interface TrackOutcome {
  music: TrackMusic;
  audio: Omit<TrackAudio, 'formats'>;
  files: TrackFiles;
}

/** Holds while the caller may still decide the track's fate (the job's lease), checked inside tx. */
export type StillOwner = (tx: Tx) => Promise<boolean>;

export interface TrackStatesDeps {
  db: Db;
  clock: Clock;
  credits: Pick<CreditsService, 'settleTrackCredit'>;
  events: EventLog;
  publicUrl: string;
  /** Counts one use of the track's voice in the transaction that marks it ready (voices/). */
  countVoiceUse?: (tx: Tx, voiceId: string) => Promise<void>;
}

export type TrackStates = ReturnType<typeof createTrackStates>;

export function createTrackStates(deps: TrackStatesDeps) {
  const { db, clock, credits, publicUrl } = deps;

  async function emit(tx: Tx, row: TrackRow, type: 'track.generating' | 'track.ready' | 'track.failed') {
    await deps.events.append(tx, {
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
     * Marks the track ready, captures its credit and emits track.ready — only while `stillOwner`
     * holds. False when another attempt already finished or the track was deleted.
     */
    async markReady(trackId: string, outcome: TrackOutcome, stillOwner: StillOwner): Promise<boolean> {
      return transaction(db, async (tx) => {
        if (!(await stillOwner(tx))) return false;
        // WAV, OGG and FLAC are made on first request from the stored MP3's engine request
        const formats = outcome.files.mp3 ? ['mp3', 'wav', 'ogg', 'flac'] : [];
        const row = await markTrackReady(tx, trackId, {
          music: outcome.music,
          audio: { formats, ...outcome.audio },
          files: outcome.files,
          now: clock.now(),
        });
        if (!row) return false;
        await credits.settleTrackCredit(tx, row.workspace_id, row.id, 'capture');
        if (row.voice_id) await deps.countVoiceUse?.(tx, row.voice_id);
        await emit(tx, row, 'track.ready');
        return true;
      });
    },

    /**
     * Marks the track failed, gives its credit back and emits track.failed; undefined when already
     * final or when `stillOwner` (the failing attempt's claim on the job) no longer holds.
     */
    async markFailed(
      trackId: string,
      error: { code: string; message: string },
      stillOwner?: StillOwner,
    ): Promise<TrackRow | undefined> {
      return transaction(db, async (tx) => {
        if (stillOwner && !(await stillOwner(tx))) return undefined;
        const row = await markTrackFailed(tx, trackId, error, clock.now());
        if (!row) return undefined;
        await credits.settleTrackCredit(tx, row.workspace_id, row.id, 'refund');
        await emit(tx, row, 'track.failed');
        return row;
      });
    },

    /** False once the track was deleted (its files are then the caller's to remove). */
    async exists(trackId: string): Promise<boolean> {
      return (await findTrack(db, trackId)) !== undefined;
    },
  };
}
