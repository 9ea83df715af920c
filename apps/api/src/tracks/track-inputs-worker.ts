// The track inputs thread (track-inputs-thread.ts): reads one request's musical inputs at a time
// with the same pure resolveTrackInputs the request thread used to run, and sends back the result
// or the AppError it refused them with.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { resolveTrackInputs } from './track-inputs.js';
import type { FromInputsThread, ToInputsThread } from './track-inputs-thread.js';

const port = parentPort!;
const send = (message: FromInputsThread) => port.postMessage(message);

port.on('message', ({ taskId, body, seed, voice }: ToInputsThread) => {
  try {
    send({ type: 'done', taskId, result: resolveTrackInputs(body, seed, voice) });
  } catch (error) {
    if (error instanceof AppError) {
      send({ type: 'refused', taskId, code: error.code, detail: error.detail, extras: error.extras });
    } else send({ type: 'failed', taskId, message: (error as Error).message });
  }
});

send({ type: 'ready' });
