// A track request's musical inputs (a create's melody, chords and sections, and an extension's
// own sections) are read on a thread of their own, never on the event loop that serves HTTP: a
// melody file is up to 60,000 MIDI events and a plan 64 sections of words, tens of milliseconds
// each even read in linear time, and a flood of them would stall every other request (a 240 KB
// file once held the loop 19 s).
// One thread, started on first use and stopped after an idle minute like the on-demand renders;
// requests wait their turn in order. A read that runs past its deadline is cut off (the thread is
// ended and replaced) and answered 422; a full queue answers 503 with Retry-After.
import type { Worker } from 'node:worker_threads';
import type { SectionPlanEntry } from '@trackforge/engine';
import type { TrackRequest, VoiceSpec } from '@trackforge/engine/request';
import { AppError, type ErrorCode } from '../../errors.js';
import { startWorkerThread, workerEntryUrl } from '../../platform/shared/worker-thread.js';
import type { CreateTrackBody } from './track.schemas.js';
import { type ResolvedTrackInputs, resolveTrackInputs } from './track-inputs.js';

/** Reads and checks a request's inputs (resolveTrackInputs), off the event loop. */
export type ResolveTrackInputs = (
  body: CreateTrackBody,
  seed: number,
  voice: VoiceSpec | null,
) => Promise<ResolvedTrackInputs>;

/** An extension's length with its own sections (resolveExtensionLength), off the event loop. */
export type ExtensionLength = (from: TrackRequest, sections: SectionPlanEntry[]) => Promise<number>;

/** What the thread is asked to work out. */
export type InputsJob =
  | { kind: 'create'; body: CreateTrackBody; seed: number; voice: VoiceSpec | null }
  | { kind: 'extension'; from: TrackRequest; sections: SectionPlanEntry[] };

export type ToInputsThread = { taskId: number; job: InputsJob };

export type FromInputsThread =
  | { type: 'ready' }
  | { type: 'done'; taskId: number; result: unknown }
  /** An AppError (its code, detail and extras cross the thread; the class does not). */
  | { type: 'refused'; taskId: number; code: ErrorCode; detail: string; extras: Record<string, unknown> }
  | { type: 'failed'; taskId: number; message: string };

/** How long one request's inputs may take to read once the thread takes them (they need ~0.1 s). */
export const INPUTS_DEADLINE_MS = 5_000;
/** Requests that may wait for the thread; more are refused 503 until it catches up. */
export const MAX_WAITING_INPUTS = 64;
const IDLE_MS = 60_000;
const WORKER_URL = workerEntryUrl(import.meta.url, 'track-inputs-worker');

interface Task {
  id: number;
  job: InputsJob;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

/** The field a slow read is blamed on: the heaviest input the request carries. */
function heaviestInput(job: InputsJob): string {
  if (job.kind === 'extension') return 'sections';
  if (job.body.melody !== undefined) return 'melody';
  if (job.body.sections !== undefined) return 'sections';
  if (job.body.chords !== undefined) return 'chords';
  return 'prompt';
}

export function createTrackInputsThread(
  options: { deadlineMs?: number; idleMs?: number; maxWaiting?: number } = {},
) {
  const deadlineMs = options.deadlineMs ?? INPUTS_DEADLINE_MS;
  const maxWaiting = options.maxWaiting ?? MAX_WAITING_INPUTS;
  const waiting: Task[] = [];
  let worker: Worker | undefined;
  let ready = false;
  let running: Task | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let nextTaskId = 1;
  let closed = false;

  function stopWorker(): void {
    const current = worker;
    worker = undefined;
    ready = false;
    void current?.terminate();
  }

  function finish(task: Task): void {
    clearTimeout(task.timer);
    if (running === task) running = undefined;
    dispatch();
  }

  function spawn(): void {
    const thread = startWorkerThread(WORKER_URL);
    worker = thread;
    thread.on('message', (message: FromInputsThread) => {
      if (message.type === 'ready') {
        ready = true;
        dispatch();
        return;
      }
      const task = running;
      if (!task || task.id !== message.taskId) return;
      finish(task);
      if (message.type === 'done') task.resolve(message.result);
      else if (message.type === 'refused')
        task.reject(new AppError(message.code, message.detail, message.extras));
      else task.reject(new Error(`reading the track inputs failed: ${message.message}`));
    });
    const lost = (why: string) => {
      if (worker !== thread) return; // replaced on purpose (deadline, idle, close)
      worker = undefined;
      ready = false;
      const task = running;
      if (task) {
        finish(task);
        task.reject(new Error(`the track inputs thread ${why}`));
      } else if (waiting.length > 0) spawn();
    };
    thread.on('error', (error) => lost(`crashed: ${error.message}`));
    thread.on('exit', () => lost('exited'));
  }

  function dispatch(): void {
    if (closed) return;
    if (running) return;
    if (waiting.length === 0) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(stopWorker, options.idleMs ?? IDLE_MS);
      idleTimer.unref();
      return;
    }
    if (!worker) spawn();
    if (!ready) return;
    const task = waiting.shift()!;
    running = task;
    task.timer = setTimeout(() => {
      // A read this slow is cut off: ending the thread is the only way to stop a synchronous parse.
      stopWorker();
      finish(task);
      const param = heaviestInput(task.job);
      task.reject(
        new AppError(
          'unprocessable_input',
          `${param}: reading the track's inputs took more than ${deadlineMs / 1000} s; send a smaller ${param}.`,
          { param },
        ),
      );
    }, deadlineMs);
    worker!.postMessage({ taskId: task.id, job: task.job } satisfies ToInputsThread);
  }

  const run = (job: InputsJob) =>
    new Promise<unknown>((resolveTask, reject) => {
      if (closed) return reject(new AppError('unavailable', 'The server is shutting down; retry shortly.'));
      if (waiting.length >= maxWaiting)
        return reject(
          new AppError(
            'unavailable',
            'Too many track requests are being read right now; retry in a second.',
            {
              headers: { 'retry-after': '1' },
            },
          ),
        );
      clearTimeout(idleTimer);
      const id = nextTaskId++;
      waiting.push({ id, job, resolve: resolveTask, reject });
      dispatch();
    });

  const resolve: ResolveTrackInputs = async (body, seed, voice) => {
    // A create with none of them is its prompt alone (2,000 characters, a few ms), checked in
    // place: bursts of plain creates neither queue here nor start the thread.
    const musical = body.melody !== undefined || body.chords !== undefined || body.sections !== undefined;
    if (!musical) return resolveTrackInputs(body, seed, voice);
    return (await run({ kind: 'create', body, seed, voice })) as ResolvedTrackInputs;
  };
  const extensionLength: ExtensionLength = async (from, sections) =>
    (await run({ kind: 'extension', from, sections })) as number;

  return {
    resolve,
    extensionLength,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(idleTimer);
      for (const task of [...(running ? [running] : []), ...waiting.splice(0)]) {
        clearTimeout(task.timer);
        task.reject(new AppError('unavailable', 'The server is shutting down; retry shortly.'));
      }
      running = undefined;
      const current = worker;
      worker = undefined;
      await current?.terminate();
    },
  };
}

export type TrackInputsThread = ReturnType<typeof createTrackInputsThread>;
