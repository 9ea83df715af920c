// Engine renders an API node needs now and then (voice previews, a track's WAV/OGG/FLAC/stems on
// first download), in a generation thread so the event loop serving HTTP never runs DSP. The
// thread and its render pool start on the first render and stop after a quiet minute, so an
// API-only node (WORKERS=0) holds no parsed sound bank while nobody asks for one.
import { availableParallelism } from 'node:os';
import type { BANK_FILES } from '@trackforge/engine';
import { createGenerationPool, type Generate, type GenerationPool } from './generation-pool.js';

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
  const generate: Generate = async (request, generateOptions) => {
    clearTimeout(idleTimer);
    running++;
    pool ??= createGenerationPool({
      threads: 1,
      bank: options.bank,
      renderThreads: Math.max(1, availableParallelism()),
    });
    try {
      return await pool.generate(request, generateOptions);
    } finally {
      if (--running === 0) {
        idleTimer = setTimeout(() => void stop(), options.idleMs ?? IDLE_MS);
        idleTimer.unref();
      }
    }
  };
  return { generate, close: stop };
}

export type OnDemandGeneration = ReturnType<typeof createOnDemandGeneration>;
