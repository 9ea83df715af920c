// Worker-thread side of the render pool: keeps a parsed bank warm (decoded samples stay cached
// across tracks) and renders its share of a composition's parts chunk by chunk. Between renders
// the same thread encodes MP3 segments, so the pool's threads serve the encoding stage too.
import { parentPort } from 'node:worker_threads';
import { encodeMp3Stream } from '../encoding/wasm-encoders.js';
import type { Composition, GenreId, SoundBank } from '../types.js';
import { createPartRenderer } from './part-renderer.js';
import { whenDecoderReady } from './renderer.js';
import { loadSoundBank } from './sound-bank.js';

/** Messages the pool sends to a worker. */
export type ToWorker =
  | { type: 'init'; bytes: Uint8Array; name: string }
  | {
      type: 'job';
      jobId: number;
      composition: Composition;
      partIndexes: number[];
      sampleRate: number;
      totalSamples: number;
      chunkSamples: number;
      genre?: GenreId;
    }
  | { type: 'consumed'; jobId: number; chunkIndex: number }
  | { type: 'cancel'; jobId: number }
  | {
      type: 'encode-mp3';
      jobId: number;
      sampleRate: number;
      bitrateKbps: number;
      left: Float32Array;
      right: Float32Array;
    };

/** Messages a worker sends back. */
export type FromWorker =
  | {
      type: 'chunk';
      jobId: number;
      chunkIndex: number;
      parts: { index: number; left: Float32Array; right: Float32Array }[];
    }
  | { type: 'encoded'; jobId: number; bytes: Uint8Array }
  | { type: 'error'; jobId: number; message: string };

/** How far a worker may run ahead of the mixer, bounding memory held in flight. */
const MAX_CHUNKS_AHEAD = 24;

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

let bank: SoundBank | undefined;
let activeJob = -1;
let consumedChunks = -1;
let wakeUp: (() => void) | undefined;

async function runJob(job: Extract<ToWorker, { type: 'job' }>): Promise<void> {
  if (!bank) throw new Error('worker has no sound bank');
  await whenDecoderReady();
  const renderers = job.partIndexes.map((index) => ({
    index,
    renderer: createPartRenderer(job.composition, index, bank as SoundBank, job),
  }));
  for (let chunkIndex = 0; chunkIndex * job.chunkSamples < job.totalSamples; chunkIndex++) {
    while (activeJob === job.jobId && chunkIndex - consumedChunks > MAX_CHUNKS_AHEAD) {
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
    }
    if (activeJob !== job.jobId) return;
    const fromSample = chunkIndex * job.chunkSamples;
    const count = Math.min(job.chunkSamples, job.totalSamples - fromSample);
    const parts = renderers.map(({ index, renderer }) => {
      const left = new Float32Array(count);
      const right = new Float32Array(count);
      renderer.renderChunk(left, right, fromSample, count);
      return { index, left, right };
    });
    const message: FromWorker = { type: 'chunk', jobId: job.jobId, chunkIndex, parts };
    port?.postMessage(
      message,
      parts.flatMap((part) => [part.left.buffer, part.right.buffer]),
    );
    // Let cancel and consumed messages in between chunks.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'init':
      bank = loadSoundBank(message.bytes, message.name);
      break;
    case 'job':
      activeJob = message.jobId;
      consumedChunks = -1;
      runJob(message).catch((error: Error) => {
        const reply: FromWorker = { type: 'error', jobId: message.jobId, message: error.message };
        port.postMessage(reply);
      });
      break;
    case 'consumed':
      if (message.jobId === activeJob) consumedChunks = Math.max(consumedChunks, message.chunkIndex);
      wakeUp?.();
      break;
    case 'cancel':
      if (message.jobId === activeJob) activeJob = -1;
      wakeUp?.();
      break;
    case 'encode-mp3': {
      const { jobId, sampleRate, left, right, bitrateKbps } = message;
      encodeMp3Stream({ sampleRate, left, right }, { bitrateKbps }).then(
        (bytes) =>
          port.postMessage({ type: 'encoded', jobId, bytes } satisfies FromWorker, [
            bytes.buffer as ArrayBuffer,
          ]),
        (error: Error) =>
          port.postMessage({ type: 'error', jobId, message: error.message } satisfies FromWorker),
      );
      break;
    }
  }
});
