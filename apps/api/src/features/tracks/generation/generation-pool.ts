// A fixed set of warm generation threads (WORKERS). The bank file is read once per process into
// shared memory and every thread (and each thread's render pool) uses those bytes without a copy;
// a thread that crashes fails its task and is replaced.
import { readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { BANK_FILES, TrackRequest } from '@trackforge/engine';
import { resolveBankPath } from '@trackforge/engine/node/bank-path';
import { startWorkerThread, workerEntryUrl } from '../../../platform/shared/worker-thread.js';
import type { GeneratedTrack } from './generated-track.js';
import type { FromGenerationWorker, ToGenerationWorker } from './generation-messages.js';

/** A generation failure; `stage` is the engine stage, 'request' meaning retrying cannot help. */
export class GenerationError extends Error {
  override name = 'GenerationError';
  constructor(
    message: string,
    readonly stage: string | null,
  ) {
    super(message);
  }
}

export interface GenerateOptions {
  onProgress?: (fraction: number) => void;
  /** When set, the MP3 file's bytes arrive here in order while it is encoded (together: files.mp3). */
  onMp3?: (bytes: Uint8Array) => void;
  /**
   * When set, the bytes of the one derived file asked for (a single format besides MP3, or the
   * stems zip) arrive here in order while it is made; together they are that file.
   */
  onFileBytes?: (bytes: Uint8Array) => void;
  signal?: AbortSignal;
  /**
   * A stems render of a track whose master is stored: that master's bytes (handed over: the caller
   * no longer has them). The request asks for FLAC as well, and the render fails with stage
   * MASTER_CHANGED_STAGE, before any stem goes out, unless its FLAC holds the stored one's samples
   * (the engine still renders this track as it did).
   */
  master?: Uint8Array;
}

export type Generate = (request: TrackRequest, options: GenerateOptions) => Promise<GeneratedTrack>;

/** The stage of a render that no longer makes its track's stored master (GenerateOptions.master). */
export const MASTER_CHANGED_STAGE = 'master_changed';

/**
 * A track's WAV or OGG made from its stored 16-bit FLAC master (the engine's transcodeMaster); the
 * master's bytes are handed over (the caller no longer has them).
 */
export type Transcode = (
  flac: Uint8Array,
  format: 'wav' | 'ogg',
  options: Pick<GenerateOptions, 'onFileBytes' | 'signal'>,
) => Promise<Uint8Array>;

const WORKER_URL = workerEntryUrl(import.meta.url, 'generation-worker');

export interface GenerationThreadData {
  bankName: string;
  /** The bank file in shared memory: one copy per process, whatever the number of threads. */
  bankBytes: Uint8Array;
  /** Render threads each generation thread starts (0: it renders in its own thread). */
  renderThreads: number;
}

const sharedBanks = new Map<string, Uint8Array>();

/** The bank file's bytes in shared memory, read on first use and kept for the process. */
function sharedBankBytes(bank: keyof typeof BANK_FILES): Uint8Array {
  let bytes = sharedBanks.get(bank);
  if (!bytes) {
    const file = readFileSync(resolveBankPath(bank));
    bytes = new Uint8Array(new SharedArrayBuffer(file.byteLength));
    bytes.set(file);
    sharedBanks.set(bank, bytes);
  }
  return bytes;
}

type Job =
  | { type: 'generate'; request: TrackRequest }
  | { type: 'transcode'; flac: Uint8Array; format: 'wav' | 'ogg' };

interface Task {
  id: number;
  job: Job;
  options: GenerateOptions;
  resolve: (result: GeneratedTrack | Uint8Array) => void;
  reject: (error: Error) => void;
}

export function createGenerationPool(options: {
  threads: number;
  bank: keyof typeof BANK_FILES;
  /** Render threads per generation thread (the engine's render pool); default 0. */
  renderThreads?: number;
}) {
  const threadData: GenerationThreadData = {
    bankName: options.bank,
    bankBytes: sharedBankBytes(options.bank),
    renderThreads: options.renderThreads ?? 0,
  };
  const waiting: Task[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task>();
  let nextTaskId = 1;
  let closed = false;

  function spawn(): void {
    const worker = startWorkerThread(WORKER_URL, threadData);
    worker.on('message', (message: FromGenerationWorker) => {
      if (message.type === 'ready') {
        idle.push(worker);
        dispatch();
        return;
      }
      const task = busy.get(worker);
      if (!task || task.id !== message.taskId) return;
      if (message.type === 'progress') {
        task.options.onProgress?.(message.fraction);
        return;
      }
      if (message.type === 'audio') {
        task.options.onMp3?.(message.mp3);
        return;
      }
      if (message.type === 'file') {
        task.options.onFileBytes?.(message.bytes);
        return;
      }
      busy.delete(worker);
      idle.push(worker);
      if (message.type === 'done') task.resolve(message.result);
      else if (message.type === 'transcoded') task.resolve(message.bytes);
      else task.reject(new GenerationError(message.message, message.stage));
      dispatch();
    });
    worker.on('error', (error) => {
      const task = busy.get(worker);
      busy.delete(worker);
      task?.reject(new GenerationError(`generation thread crashed: ${error.message}`, null));
    });
    worker.on('exit', () => {
      const task = busy.get(worker);
      busy.delete(worker);
      const idleIndex = idle.indexOf(worker);
      if (idleIndex >= 0) idle.splice(idleIndex, 1);
      task?.reject(new GenerationError('generation thread exited', null));
      if (!closed) spawn();
    });
  }

  function dispatch(): void {
    while (idle.length > 0 && waiting.length > 0) {
      const worker = idle.shift()!;
      const task = waiting.shift()!;
      if (task.options.signal?.aborted) {
        idle.unshift(worker);
        task.reject(new GenerationError('generation was aborted', null));
        continue;
      }
      busy.set(worker, task);
      const { job, options: taskOptions } = task;
      const streamFile = taskOptions.onFileBytes !== undefined;
      const message: ToGenerationWorker =
        job.type === 'transcode'
          ? { type: 'transcode', taskId: task.id, flac: job.flac, format: job.format, streamFile }
          : {
              type: 'generate',
              taskId: task.id,
              request: job.request,
              streamMp3: taskOptions.onMp3 !== undefined,
              streamFile,
              ...(taskOptions.master ? { master: taskOptions.master } : {}),
            };
      // a master is moved to the thread, not copied (13 MB for 120 s)
      const master = job.type === 'transcode' ? job.flac : taskOptions.master;
      worker.postMessage(message, master ? [master.buffer as ArrayBuffer] : []);
      task.options.signal?.addEventListener('abort', () => {
        if (busy.get(worker) === task)
          worker.postMessage({ type: 'abort', taskId: task.id } satisfies ToGenerationWorker);
      });
    }
  }

  for (let i = 0; i < Math.max(1, options.threads); i++) spawn();

  /** Queues a job for the next idle thread. */
  const run = (job: Job, taskOptions: GenerateOptions) =>
    new Promise<GeneratedTrack | Uint8Array>((resolve, reject) => {
      if (closed) return reject(new GenerationError('generation pool is closed', null));
      const task: Task = { id: nextTaskId++, job, options: taskOptions, resolve, reject };
      // Aborted while still queued (the download that wanted it went away): it leaves the queue at
      // once, so the renders behind it start sooner and its caller hears now, not at its turn.
      taskOptions.signal?.addEventListener(
        'abort',
        () => {
          const index = waiting.indexOf(task);
          if (index < 0) return;
          waiting.splice(index, 1);
          reject(new GenerationError('generation was aborted', null));
        },
        { once: true },
      );
      waiting.push(task);
      dispatch();
    });
  const generate: Generate = (request, taskOptions) =>
    run({ type: 'generate', request }, taskOptions) as Promise<GeneratedTrack>;
  const transcode: Transcode = (flac, format, taskOptions) =>
    run({ type: 'transcode', flac, format }, taskOptions) as Promise<Uint8Array>;

  return {
    threads: Math.max(1, options.threads),
    generate,
    transcode,
    async close(): Promise<void> {
      closed = true;
      for (const task of waiting.splice(0))
        task.reject(new GenerationError('generation pool is closed', null));
      await Promise.all([...idle, ...busy.keys()].map((worker) => worker.terminate()));
    },
  };
}

export type GenerationPool = ReturnType<typeof createGenerationPool>;
