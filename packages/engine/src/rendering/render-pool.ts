// Parallel rendering: parts are spread over worker threads that keep the bank parsed and warm.
// Each part still renders on its own synthesizer and the mixer sums parts in score order, so the
// PCM is identical to rendering in one thread. Create one pool per process at the edge (API worker,
// CLI, bench) and pass it to generateTrack; tests and simple callers need none. The same threads
// encode MP3 segments once rendering is done: a second pool would only compete for the same cores.
import { Worker } from 'node:worker_threads';
import type { Mp3SegmentEncoder } from '../encoding/index.js';
import { EngineError, type SoundBank } from '../types.js';
import { estimatePartCost } from './part-renderer.js';
import {
  createLocalPartSource,
  type PartChunk,
  type PartChunkSource,
  type PartChunkSourceRequest,
} from './render-composition.js';
import type { FromWorker, ToWorker } from './render-worker.js';

export interface RenderPoolOptions {
  /** Worker threads; default 2 (the target machine has 2 cores). */
  threads?: number;
}

/** Warm render workers; pass pool.createSource as renderComposition's createSource. */
export interface RenderPool {
  readonly threads: number;
  createSource(request: PartChunkSourceRequest): PartChunkSource;
  /** One MP3 segment encoder per thread: pass as encodeMp3's helpers. */
  readonly mp3SegmentEncoders: readonly Mp3SegmentEncoder[];
  close(): Promise<void>;
}

const WORKER_URL = new URL('./render-worker.ts', import.meta.url);

/** Starts a worker that can load TypeScript even when the parent registered tsx through its API. */
function startWorker(): Worker {
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

/** Splits parts over threads, heaviest first onto the least loaded thread. */
function assignParts(request: PartChunkSourceRequest, threads: number): number[][] {
  const groups = Array.from({ length: threads }, () => ({ cost: 0, parts: [] as number[] }));
  const order = request.composition.parts
    .map((part, index) => ({ index, cost: estimatePartCost(part) }))
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
  const workers = Array.from({ length: threads }, () => {
    const worker = startWorker();
    const init: ToWorker = { type: 'init', bytes: bank.bytes, name: bank.name };
    worker.postMessage(init);
    return worker;
  });
  let nextJobId = 1;
  let busy = false;
  const encodes = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  const workerEncodes = workers.map(() => new Set<number>());
  workers.forEach((worker, workerIndex) => {
    worker.on('message', (message: FromWorker) => {
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
    createSource(request) {
      // One track at a time uses the threads; a concurrent one renders in the caller's thread.
      if (busy || request.composition.parts.length === 0) return createLocalPartSource(request);
      busy = true;
      const jobId = nextJobId++;
      const groups = assignParts(request, threads);
      const arrived = new Map<number, Map<number, { left: Float32Array; right: Float32Array }>>();
      let failure: Error | undefined;
      let waiter: (() => void) | undefined;
      const listeners = groups.map((partIndexes, workerIndex) => {
        const worker = workers[workerIndex] as Worker;
        const onMessage = (message: FromWorker) => {
          if (message.jobId !== jobId) return;
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
        const job: ToWorker = { type: 'job', jobId, ...request, bank: undefined, partIndexes } as ToWorker;
        worker.postMessage(job);
        return { worker, onMessage, onError };
      });
      const partCount = request.composition.parts.length;
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
          // the workers' arrays were moved here, so they are handed on as they are
          const parts = new Array<PartChunk>(partCount);
          for (const [index, part] of chunk) parts[index] = [part.left, part.right];
          for (const { worker } of listeners)
            worker.postMessage({ type: 'consumed', jobId, chunkIndex } satisfies ToWorker);
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
