// Parallel rendering: parts are spread over worker threads that keep the bank parsed and warm.
// Each part still renders on its own synthesizer and the mixer sums parts in score order, so the
// PCM is identical to rendering in one thread. Create one pool per process at the edge (API worker,
// CLI, bench) and pass it to generateTrack; tests and simple callers need none. The same threads
// encode MP3 segments once rendering is done: a second pool would only compete for the same cores.
import { Worker } from 'node:worker_threads';
import type { Mp3SegmentEncoder } from '../encoding/index.js';
import { EngineError, type SoundBank } from '../types.js';
import type { VoiceBank } from '../vocals/sing.js';
import { estimatePartCost } from './part-renderer.js';
import {
  createLocalPartSource,
  type PartChunk,
  type PartChunkSource,
  type PartChunkSourceRequest,
} from './render-composition.js';
import type { FromWorker, ToWorker } from './render-worker.js';
import { shareDecodedSamples } from './sound-bank.js';
import { vocalPhraseSchedule } from './vocal-renderer.js';

export interface RenderPoolOptions {
  /** Worker threads; default 2 (the target machine has 2 cores). */
  threads?: number;
  /** The singing voices' data, handed to every thread once (a vocal part's singer needs it). */
  voiceBank?: VoiceBank;
  /** Let readPeakMemory report each thread's peak heap + array buffers (costs a syscall a chunk). */
  trackMemory?: boolean;
}

/** Warm render workers; pass pool.createSource as renderComposition's createSource. */
export interface RenderPool {
  readonly threads: number;
  createSource(request: PartChunkSourceRequest): PartChunkSource;
  /** One MP3 segment encoder per thread: pass as encodeMp3's helpers. */
  readonly mp3SegmentEncoders: readonly Mp3SegmentEncoder[];
  /**
   * Each thread's peak heap + array buffers in bytes since the last call (0 without trackMemory).
   * With `collectFirst` (and --expose-gc) the threads collect garbage before their samples until
   * the next call, so the peaks that follow are live memory rather than the collector's timing.
   */
  readPeakMemory(options?: { collectFirst?: boolean }): Promise<number[]>;
  close(): Promise<void>;
}

// From the sources the thread runs render-worker.ts; a bundle of the API (scripts/build-api.mjs)
// puts this code beside its own built render-worker.js.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './render-worker.ts' : './render-worker.js',
  import.meta.url,
);
/** How often the mixer tells the threads which chunks it has taken (and hands their arrays back). */
const CONSUMED_EVERY_CHUNKS = 4;

/** Starts a worker that can load TypeScript even when the parent registered tsx through its API. */
function startWorker(): Worker {
  // Built JavaScript needs no loader (and a thread that registers one costs memory for nothing).
  if (!WORKER_URL.pathname.endsWith('.ts')) return new Worker(WORKER_URL);
  let tsxApi: string | undefined;
  try {
    tsxApi = import.meta.resolve('tsx/esm/api');
  } catch {
    tsxApi = undefined;
  }
  if (!tsxApi) return new Worker(WORKER_URL);
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/**
 * Splits parts over threads, heaviest first onto the least loaded thread. A vocal part goes last,
 * weighing nothing: its singing is shared by every thread of the job (the thread that is ahead
 * sings), so the band is what must be spread evenly. Weighed whole, it took a thread to itself
 * and left the whole band to the other, which then set the pace.
 */
function assignParts(request: PartChunkSourceRequest, threads: number): number[][] {
  const groups = Array.from({ length: threads }, () => ({ cost: 0, parts: [] as number[] }));
  const sharesSinging = threads > 1;
  const order = request.composition.parts
    .map((part, index) => ({ index, cost: sharesSinging && part.vocal ? 0 : estimatePartCost(part) }))
    .sort((a, b) => b.cost - a.cost || a.index - b.index);
  for (const { index, cost } of order) {
    const lightest = groups.reduce((best, group) => (group.cost < best.cost ? group : best));
    lightest.cost += cost;
    lightest.parts.push(index);
  }
  return groups.map((group) => group.parts).filter((parts) => parts.length > 0);
}

/** Creates a pool of warm render workers holding the bank. */
export function createRenderPool(bank: SoundBank, options: RenderPoolOptions = {}): RenderPool {
  const threads = Math.max(1, options.threads ?? 2);
  // shared, so the threads do not each receive a 40 MB copy of the bank's bytes (a caller that
  // read the file into shared memory spares this copy too)
  let sharedBytes = bank.bytes;
  if (!(bank.bytes.buffer instanceof SharedArrayBuffer)) {
    sharedBytes = new Uint8Array(new SharedArrayBuffer(bank.bytes.byteLength));
    sharedBytes.set(bank.bytes);
  }
  // the voice data too (21 MB of WebAssembly): shared, not copied into each thread
  let sharedVoiceBank: VoiceBank | undefined;
  if (options.voiceBank) {
    const flite = new Uint8Array(new SharedArrayBuffer(options.voiceBank.flite.byteLength));
    flite.set(options.voiceBank.flite);
    sharedVoiceBank = { flite };
  }
  // one decoded copy of each sample for the caller's thread and the pool's threads together
  const samples = shareDecodedSamples(bank.bytes);
  const workers = Array.from({ length: threads }, () => {
    const worker = startWorker();
    const init: ToWorker = {
      type: 'init',
      bytes: sharedBytes,
      name: bank.name,
      samples,
      trackMemory: options.trackMemory ?? false,
      voiceBank: sharedVoiceBank,
    };
    worker.postMessage(init);
    return worker;
  });
  let nextJobId = 1;
  let busy = false;
  const encodes = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  const memoryReads = new Map<number, (peakBytes: number) => void>();
  const workerEncodes = workers.map(() => new Set<number>());
  workers.forEach((worker, workerIndex) => {
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'memory') {
        memoryReads.get(message.jobId)?.(message.peakBytes);
        memoryReads.delete(message.jobId);
        return;
      }
      const pending = encodes.get(message.jobId);
      if (!pending || (message.type !== 'encoded' && message.type !== 'error')) return;
      encodes.delete(message.jobId);
      workerEncodes[workerIndex]?.delete(message.jobId);
      if (message.type === 'encoded') pending.resolve(message.bytes);
      else pending.reject(new Error(message.message));
    });
    worker.on('error', (error) => {
      for (const jobId of workerEncodes[workerIndex] ?? []) {
        encodes.get(jobId)?.reject(new Error(`encode worker failed: ${error.message}`));
        encodes.delete(jobId);
      }
      workerEncodes[workerIndex]?.clear();
    });
  });
  const mp3SegmentEncoders = workers.map(
    (worker, workerIndex): Mp3SegmentEncoder =>
      (segment, bitrateKbps) =>
        new Promise((resolve, reject) => {
          const jobId = nextJobId++;
          encodes.set(jobId, { resolve, reject });
          workerEncodes[workerIndex]?.add(jobId);
          // copies of the segment, moved rather than cloned into the worker
          const left = segment.left.slice();
          const right = segment.right.slice();
          const job: ToWorker = {
            type: 'encode-mp3',
            jobId,
            sampleRate: segment.sampleRate,
            bitrateKbps,
            left,
            right,
          };
          worker.postMessage(job, [left.buffer, right.buffer]);
        }),
  );

  return {
    threads,
    mp3SegmentEncoders,
    readPeakMemory(readOptions = {}) {
      return Promise.all(
        workers.map(
          (worker) =>
            new Promise<number>((resolve) => {
              const jobId = nextJobId++;
              memoryReads.set(jobId, resolve);
              const message: ToWorker = {
                type: 'read-memory',
                jobId,
                collectFirst: readOptions.collectFirst ?? false,
              };
              worker.postMessage(message);
            }),
        ),
      );
    },
    createSource(request) {
      // One track at a time uses the threads; a concurrent one renders in the caller's thread.
      if (busy || request.composition.parts.length === 0) return createLocalPartSource(request);
      busy = true;
      const jobId = nextJobId++;
      const groups = assignParts(request, threads);
      // A vocal part's phrases do not depend on the band: the other threads sing some of them
      // (ahead, while they wait for the mixer) and the part's own thread adds them in order.
      const vocalPartIndex = request.composition.parts.findIndex((part) => part.vocal);
      const vocalWorkerIndex = groups.findIndex((parts) => parts.includes(vocalPartIndex));
      const sharedSinging =
        vocalPartIndex >= 0 && groups.length > 1
          ? {
              partIndex: vocalPartIndex,
              claims: new Int32Array(
                new SharedArrayBuffer(
                  4 *
                    Math.max(
                      1,
                      vocalPhraseSchedule(request.composition, request.composition.parts[vocalPartIndex]!)
                        .length,
                    ),
                ),
              ),
            }
          : undefined;
      const arrived = new Map<number, Map<number, { left: Float32Array; right: Float32Array }>>();
      let failure: Error | undefined;
      let waiter: (() => void) | undefined;
      const listeners = groups.map((partIndexes, workerIndex) => {
        const worker = workers[workerIndex] as Worker;
        const onMessage = (message: FromWorker) => {
          if (message.jobId !== jobId) return;
          if (message.type === 'sung') {
            // a phrase for the vocal part's thread, moved on as it came
            workers[vocalWorkerIndex]?.postMessage(message satisfies ToWorker, [
              message.audio.buffer as ArrayBuffer,
            ]);
            return;
          }
          if (message.type === 'error') failure = new EngineError('rendering', message.message);
          else if (message.type === 'chunk') {
            const chunk = arrived.get(message.chunkIndex) ?? new Map();
            for (const part of message.parts) chunk.set(part.index, part);
            arrived.set(message.chunkIndex, chunk);
          }
          waiter?.();
        };
        const onError = (error: Error) => {
          failure = new EngineError('rendering', `render worker failed: ${error.message}`);
          waiter?.();
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        // the bank and the voice data are the thread's own (sent once): never cloned per job
        const job: ToWorker = {
          type: 'job',
          jobId,
          ...request,
          bank: undefined,
          voiceBank: sharedVoiceBank ? undefined : request.voiceBank,
          partIndexes,
          sharedSinging,
        } as ToWorker;
        worker.postMessage(job);
        return { worker, onMessage, onError };
      });
      const partCount = request.composition.parts.length;
      const workerOfPart = new Map<number, number>();
      groups.forEach((partIndexes, workerIndex) => {
        for (const index of partIndexes) workerOfPart.set(index, workerIndex);
      });
      // the chunk handed out last time: the mixer is done with it once it asks for the next
      let lent: Map<number, { left: Float32Array; right: Float32Array }> | undefined;
      const returned = listeners.map((): Float32Array[] => []);
      return {
        async next(fromSample) {
          const chunkIndex = Math.floor(fromSample / request.chunkSamples);
          while (!failure && (arrived.get(chunkIndex)?.size ?? 0) < partCount) {
            await new Promise<void>((resolve) => {
              waiter = resolve;
            });
          }
          if (failure) throw failure;
          const chunk = arrived.get(chunkIndex) as Map<number, { left: Float32Array; right: Float32Array }>;
          arrived.delete(chunkIndex);
          // the workers' arrays were moved here, so they are handed on as they are, and go back
          // to their thread for reuse once the mixer is done with them
          for (const [index, part] of lent ?? [])
            returned[workerOfPart.get(index) ?? 0]?.push(part.left, part.right);
          lent = chunk;
          // one message per few chunks: each costs the mixer's thread ~0.1 ms, and the threads
          // run up to MAX_CHUNKS_AHEAD chunks ahead anyway
          if (chunkIndex % CONSUMED_EVERY_CHUNKS === 0) {
            listeners.forEach(({ worker }, workerIndex) => {
              const arrays = returned[workerIndex] ?? [];
              const message: ToWorker = { type: 'consumed', jobId, chunkIndex, returned: arrays };
              worker.postMessage(
                message,
                arrays.map((array) => array.buffer as ArrayBuffer),
              );
              returned[workerIndex] = [];
            });
          }
          const parts = new Array<PartChunk>(partCount);
          for (const [index, part] of chunk) parts[index] = [part.left, part.right];
          return parts;
        },
        close() {
          for (const { worker, onMessage, onError } of listeners) {
            worker.postMessage({ type: 'cancel', jobId } satisfies ToWorker);
            worker.off('message', onMessage);
            worker.off('error', onError);
          }
          busy = false;
        },
      };
    },
    async close() {
      for (const pending of encodes.values()) pending.reject(new Error('render pool closed'));
      encodes.clear();
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
