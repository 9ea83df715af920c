// The job handler for queue `track.generate`: one track's whole path — job → engine → stored
// files → ready. The track's state changes go through the tracks feature's narrow transitions
// (tracks/track-states.service.ts, passed in); the engine, the live MP3 and the files are this
// feature's. Safe to run again for the same track (a retry, or a second worker after a lease
// expired): only the holder of the job's lease may mark the track ready, and the ledger settles
// each track's credit once.
import { lockOwnedJob } from '../../../platform/jobs/job.repository.js';
import { type JobHandler, PermanentJobError } from '../../../platform/jobs/job-runner.js';
import { engineRequestOf } from '../track-files.js';
import type { TrackStates } from '../track-states.service.js';
import type { GeneratedFiles } from './generated-files.js';
import { type Generate, GenerationError } from './generation-pool.js';

/** API.md: track.generating at most every 500 ms. */
const PROGRESS_INTERVAL_MS = 500;

export function createGenerationHandler(deps: {
  trackStates: TrackStates;
  files: GeneratedFiles;
  generate: Generate;
  progressIntervalMs?: number;
  /** A monotonic clock for the progress throttle (tests pass their own to step time by hand). */
  monotonicMs?: () => number;
}): JobHandler {
  const { trackStates, files } = deps;
  const intervalMs = deps.progressIntervalMs ?? PROGRESS_INTERVAL_MS;
  const monotonicMs = deps.monotonicMs ?? (() => performance.now());

  return {
    async run(job, context) {
      const trackId = String(job.payload.track_id);
      const track = await trackStates.startGenerating(trackId);
      if (!track) return;

      // Progress writes are serialised and throttled; a slow write drops the updates behind it.
      let lastReportMs = monotonicMs();
      let writing: Promise<void> = Promise.resolve();
      let inFlight = false;
      const onProgress = (fraction: number) => {
        const nowMs = monotonicMs();
        if (inFlight || nowMs - lastReportMs < intervalMs || fraction >= 1) return;
        lastReportMs = nowMs;
        inFlight = true;
        writing = trackStates
          .reportProgress(trackId, Math.min(0.99, fraction))
          .catch(() => {})
          .finally(() => {
            inFlight = false;
          });
      };

      const live = await files.startLiveAudio(track);
      let generated: Awaited<ReturnType<Generate>>;
      try {
        generated = await deps.generate(
          // Made now: what serves and draws the track, and its master as a 16-bit FLAC, which
          // its WAV and OGG are made from on first download and its stems are checked against
          // (generation/track-derived-files.ts).
          engineRequestOf(track, { formats: ['mp3', 'flac'], stems: false, midi: true, waveform: true }),
          { onProgress, signal: context.signal, ...(live ? { onMp3: live.append } : {}) },
        );
      } catch (error) {
        if (error instanceof GenerationError && error.stage === 'request') {
          throw new PermanentJobError(error.message, 'invalid_request');
        }
        throw error;
      } finally {
        await writing;
        await live?.flushed();
      }
      const stored = await files.store(track, generated);
      // The live file goes before the track is ready, so a ready track never has one: a listener
      // still tailing it keeps its open file, and a later one gets the finished MP3.
      if (live) await files.endLiveAudio(track);
      const ready = await trackStates.markReady(
        track.id,
        { music: generated.music, audio: generated.audio, files: stored },
        (tx) => lockOwnedJob(tx, context.claim),
      );
      // A track deleted while it was generating leaves no files behind.
      if (!ready && !(await trackStates.exists(track.id))) await files.removeAll(track);
    },

    async onFinalFailure(job, error, claim) {
      const code = error instanceof PermanentJobError ? error.code : 'generation_failed';
      const failed = await trackStates.markFailed(
        String(job.payload.track_id),
        {
          code,
          message: `Generation failed: ${error.message}. Your credit was refunded; try again or change the prompt.`,
        },
        (tx) => lockOwnedJob(tx, claim),
      );
      if (failed) await files.endLiveAudio(failed);
    },
  };
}
