// The track inputs thread (track-inputs-thread.ts): reads one request's musical inputs at a time
// with the same pure functions the request thread used to run (resolveTrackInputs,
// resolveExtensionLength), and sends back the result or the AppError it refused them with.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../errors.js';
import { resolveExtensionLength, resolveTrackInputs } from './track-inputs.js';
import type { FromInputsThread, InputsJob, ToInputsThread } from './track-inputs-thread.js';

const port = parentPort!;
const send = (message: FromInputsThread) => port.postMessage(message);

function work(job: InputsJob): unknown {
  if (job.kind === 'extension') return resolveExtensionLength(job.from, job.sections);
  return resolveTrackInputs(job.body, job.seed, job.voice);
}

port.on('message', ({ taskId, job }: ToInputsThread) => {
  try {
    send({ type: 'done', taskId, result: work(job) });
  } catch (error) {
    if (error instanceof AppError) {
      send({ type: 'refused', taskId, code: error.code, detail: error.detail, extras: error.extras });
    } else send({ type: 'failed', taskId, message: (error as Error).message });
  }
});

send({ type: 'ready' });
