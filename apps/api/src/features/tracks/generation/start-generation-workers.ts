// A generation worker (used by `serve` with WORKERS > 0 and by `worker`, both through the
// composition root): a pool of warm engine threads, the job runner for `track.generate` and its
// handler. The track's state transitions are passed in; nothing of another feature is built here.
import { availableParallelism, hostname } from 'node:os';
import type { Config } from '../../../config.js';
import type { Db } from '../../../platform/database/create-database.js';
import { deleteFinishedJobs } from '../../../platform/jobs/job.repository.js';
import { createJobRunner } from '../../../platform/jobs/job-runner.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import type { Storage } from '../../../platform/storage/storage.js';
import type { TrackStates } from '../track-states.service.js';
import { createGeneratedFiles } from './generated-files.js';
import { createGenerationHandler } from './generation.handler.js';
import { createGenerationPool, type Generate } from './generation-pool.js';
import { GENERATION_QUEUE } from './generation-queue.js';
import { DERIVED_FILE_TTL_MS, sweepDerivedFiles } from './track-derived-files.js';

const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface GenerationWorkersOptions {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'WORKERS' | 'ENGINE_BANK' | 'JOB_LEASE_SECONDS'>;
  clock: Clock;
  /** The tracks feature's state transitions (queued → generating → ready | failed). */
  trackStates: TrackStates;
  /** Replaces the engine threads (tests inject failures or fakes). */
  generate?: Generate;
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/**
 * Each generation thread renders its parts on the engine's render pool: the cores split between
 * the generation threads, at least one render thread each (2 cores, WORKERS=1: 2 render threads).
 */
export function renderThreadsPerGeneration(generationThreads: number): number {
  return Math.max(1, Math.floor(availableParallelism() / generationThreads));
}

export function startGenerationWorkers(options: GenerationWorkersOptions) {
  const { clock } = options;
  const threads = Math.max(1, options.config.WORKERS);
  const pool = options.generate
    ? undefined
    : createGenerationPool({
        threads,
        bank: options.config.ENGINE_BANK,
        renderThreads: renderThreadsPerGeneration(threads),
      });
  const runner = createJobRunner({
    db: options.db,
    clock,
    queue: GENERATION_QUEUE,
    workerId: `${hostname()}:${process.pid}:${newId('job').slice(4)}`,
    concurrency: threads,
    leaseMs: options.leaseMs ?? options.config.JOB_LEASE_SECONDS * 1000,
    pollMs: options.pollMs,
    onError: options.onError,
    handler: createGenerationHandler({
      trackStates: options.trackStates,
      files: createGeneratedFiles({ storage: options.storage }),
      generate: options.generate ?? pool!.generate,
    }),
  });
  runner.start();
  // Finished jobs are only history (the track row is the record); keep a week for debugging.
  // Derived formats are a cache: evicted a week after they were made (made again on demand); stems stay.
  const cleanup = setInterval(
    () => {
      const nowMs = clock.now().getTime();
      deleteFinishedJobs(options.db, new Date(nowMs - FINISHED_JOB_RETENTION_MS)).catch(options.onError);
      sweepDerivedFiles(options.storage, new Date(nowMs - DERIVED_FILE_TTL_MS)).catch(options.onError);
    },
    60 * 60 * 1000,
  );
  cleanup.unref();
  return {
    runner,
    wake: () => runner.wake(),
    /** finishWithinMs: how long jobs in flight may run on before they are handed back (draining). */
    async stop({ finishWithinMs = 0 }: { finishWithinMs?: number } = {}) {
      clearInterval(cleanup);
      await runner.stop({ finishWithinMs });
      await pool?.close();
    },
  };
}

export type GenerationWorkers = ReturnType<typeof startGenerationWorkers>;
