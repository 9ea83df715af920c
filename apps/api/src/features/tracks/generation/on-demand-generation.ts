// Engine work an API node needs now and then (voice previews; a track's stems on first download,
// and its WAV and OGG, made from its stored master or, for a track stored without one, rendered
// again), in a generation thread so the event loop serving HTTP never runs DSP. The thread and its
// render pool start on the first job and stop after a quiet minute, so an API-only node
// (WORKERS=0) holds no parsed sound bank while nobody asks for one.
import { availableParallelism } from 'node:os';
import type { BANK_FILES } from '@trackforge/engine';
import {
  createGenerationPool,
  type Generate,
  type GenerationPool,
  type Transcode,
} from './generation-pool.js';

const IDLE_MS = 60_000;

export function createOnDemandGeneration(options: { bank: keyof typeof BANK_FILES; idleMs?: number }) {
  let pool: GenerationPool | undefined;
  let running = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const stop = async () => {
    clearTimeout(idleTimer);
    const current = pool;
    pool = undefined;
    await current?.close();
  };
  /** Runs one job on the pool, starting it if it is stopped, and stops it after a quiet minute. */
  const withPool = async <T>(job: (started: GenerationPool) => Promise<T>): Promise<T> => {
    clearTimeout(idleTimer);
    running++;
    pool ??= createGenerationPool({
      threads: 1,
      bank: options.bank,
      renderThreads: Math.max(1, availableParallelism()),
    });
    try {
      return await job(pool);
    } finally {
      if (--running === 0) {
        idleTimer = setTimeout(() => void stop(), options.idleMs ?? IDLE_MS);
        idleTimer.unref();
      }
    }
  };
  const generate: Generate = (request, generateOptions) =>
    withPool((started) => started.generate(request, generateOptions));
  const transcode: Transcode = (flac, format, transcodeOptions) =>
    withPool((started) => started.transcode(flac, format, transcodeOptions));
  return { generate, transcode, close: stop };
}

export type OnDemandGeneration = ReturnType<typeof createOnDemandGeneration>;
