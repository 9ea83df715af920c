// Wires the pieces a generation worker needs (used by `serve` with WORKERS > 0 and by `worker`):
// a pool of warm engine threads, the job runner for `track.generate`, and the track lifecycle.
import { availableParallelism, hostname } from 'node:os';
import type { Config } from '../config.js';
import { createCreditsService } from '../credits/credit.service.js';
import type { Db } from '../database/create-database.js';
import { deleteFinishedJobs } from '../jobs/job.repository.js';
import { createJobRunner } from '../jobs/job-runner.js';
import type { Clock } from '../shared/clock.js';
import { systemClock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import type { Storage } from '../storage/storage.js';
import { GENERATION_QUEUE } from '../tracks/track.service.js';
import { DERIVED_FILE_TTL_MS, sweepDerivedFiles } from '../tracks/track-derived-files.js';
import { createTrackLifecycle } from '../tracks/track-lifecycle.service.js';
import { createGenerationHandler } from './generation.handler.js';
import { createGenerationPool, type Generate } from './generation-pool.js';

const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export interface GenerationWorkersOptions {
  db: Db;
  storage: Storage;
  config: Pick<Config, 'WORKERS' | 'ENGINE_BANK' | 'PUBLIC_URL' | 'JOB_LEASE_SECONDS'>;
  clock?: Clock;
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
  const clock = options.clock ?? systemClock;
  const threads = Math.max(1, options.config.WORKERS);
  const pool = options.generate
    ? undefined
    : createGenerationPool({
        threads,
        bank: options.config.ENGINE_BANK,
        renderThreads: renderThreadsPerGeneration(threads),
      });
  const lifecycle = createTrackLifecycle({
    db: options.db,
    clock,
    credits: createCreditsService({ db: options.db, clock }),
    storage: options.storage,
    publicUrl: options.config.PUBLIC_URL,
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
      lifecycle,
      generate: options.generate ?? pool!.generate,
    }),
  });
  runner.start();
  // Finished jobs are only history (the track row is the record); keep a week for debugging.
  // Derived formats are a cache: evicted a week after they were made (rendered again on demand).
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
