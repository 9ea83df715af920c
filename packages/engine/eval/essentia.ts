// Loads essentia.js once per process. It is AGPL, so it lives only in eval/ and tests: the engine
// never imports it, which keeps the analyzer independent of what made the audio.
import { createRequire } from 'node:module';

/** The subset of essentia.js's Essentia class the analyzer calls (its d.ts types them all as any). */
export interface EssentiaApi {
  version: string;
  arrayToVector(array: Float32Array): EssentiaVector;
  vectorToArray(vector: EssentiaVector): Float32Array;
  // biome-ignore lint/suspicious/noExplicitAny: essentia.js returns untyped embind objects
  [algorithm: string]: any;
}

/** An embind VectorFloat living in the WASM heap; it must be deleted or the heap grows per track. */
export interface EssentiaVector {
  size(): number;
  delete(): void;
}

let instance: EssentiaApi | undefined;

/** Returns the process-wide essentia instance, loading the WASM module on first use. */
export function getEssentia(): EssentiaApi {
  if (instance) return instance;
  const require = createRequire(import.meta.url);
  // The emscripten glue installs process-wide handlers that turn any unhandled rejection into a
  // WASM abort; drop them so test runners keep Node's own behaviour.
  const beforeException = process.listeners('uncaughtException');
  const beforeRejection = process.listeners('unhandledRejection');
  const { EssentiaWASM, Essentia } = require('essentia.js');
  for (const listener of process.listeners('uncaughtException')) {
    if (!beforeException.includes(listener)) process.off('uncaughtException', listener);
  }
  for (const listener of process.listeners('unhandledRejection')) {
    if (!beforeRejection.includes(listener)) process.off('unhandledRejection', listener);
  }
  instance = new Essentia(EssentiaWASM) as EssentiaApi;
  return instance;
}

/** Runs fn with a vector copy of samples and frees the vector afterwards. */
export function withVector<T>(samples: Float32Array, fn: (vector: EssentiaVector) => T): T {
  const essentia = getEssentia();
  const vector = essentia.arrayToVector(samples);
  try {
    return fn(vector);
  } finally {
    vector.delete();
  }
}
