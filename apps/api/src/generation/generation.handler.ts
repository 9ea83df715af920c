// The job handler for queue `track.generate`: runs the engine for one track and records the outcome
// through the track lifecycle. Safe to run again for the same track (a retry, or a second worker
// after a lease expired): only the holder of the job's lease may mark the track ready, and the
// ledger settles each track's credit once.
import { lockOwnedJob } from '../jobs/job.repository.js';
import { type JobHandler, PermanentJobError } from '../jobs/job-runner.js';
import { engineRequestOf } from '../tracks/track-files.js';
import type { TrackLifecycle } from '../tracks/track-lifecycle.service.js';
import { type Generate, GenerationError } from './generation-pool.js';

/** API.md: track.generating at most every 500 ms. */
const PROGRESS_INTERVAL_MS = 500;

export function createGenerationHandler(deps: {
  lifecycle: TrackLifecycle;
  generate: Generate;
  progressIntervalMs?: number;
}): JobHandler {
  const { lifecycle } = deps;
  const intervalMs = deps.progressIntervalMs ?? PROGRESS_INTERVAL_MS;

  return {
    async run(job, context) {
      const trackId = String(job.payload.track_id);
      const track = await lifecycle.startGenerating(trackId);
      if (!track) return;

      // Progress writes are serialised and throttled; a slow write drops the updates behind it.
      let lastReportMs = performance.now();
      let writing: Promise<void> = Promise.resolve();
      let inFlight = false;
      const onProgress = (fraction: number) => {
        const nowMs = performance.now();
        if (inFlight || nowMs - lastReportMs < intervalMs || fraction >= 1) return;
        lastReportMs = nowMs;
        inFlight = true;
        writing = lifecycle
          .reportProgress(trackId, Math.min(0.99, fraction))
          .catch(() => {})
          .finally(() => {
            inFlight = false;
          });
      };

      const live = await lifecycle.startLiveAudio(track);
      let generated: Awaited<ReturnType<Generate>>;
      try {
        generated = await deps.generate(
          // Only what serves and draws the track is made now; WAV, OGG, FLAC and stems are
          // rendered again from the same request on first download (tracks/track-derived-files.ts).
          engineRequestOf(track, { formats: ['mp3'], stems: false, midi: true, waveform: true }),
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
      const files = await lifecycle.storeFiles(track, generated);
      // The live file goes before the track is ready, so a ready track never has one: a listener
      // still tailing it keeps its open file, and a later one gets the finished MP3.
      if (live) await lifecycle.endLiveAudio(track);
      await lifecycle.completeTrack(track, generated, files, (tx) =>
        lockOwnedJob(tx, job.id, context.workerId),
      );
    },

    async onFinalFailure(job, error) {
      const code = error instanceof PermanentJobError ? error.code : 'generation_failed';
      await lifecycle.failTrack(String(job.payload.track_id), {
        code,
        message: `Generation failed: ${error.message}. Your credit was refunded; try again or change the prompt.`,
      });
    },
  };
}
