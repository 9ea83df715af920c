// A generation thread: loads the sound bank once, then renders one track at a time for the pool,
// so the event loop that serves HTTP never runs DSP. Progress is sent at most every 100 ms.
import { parentPort, workerData } from 'node:worker_threads';
import { type AudioChunk, type BANK_FILES, EngineError, generateTrack } from '@trackforge/engine';
import { loadBankFile } from '@trackforge/engine/node';
import { createMp3Encoder } from 'wasm-media-encoders';
import type { GeneratedTrack } from '../tracks/track-lifecycle.service.js';
import type { FromGenerationWorker, ToGenerationWorker } from './generation-messages.js';

const port = parentPort!;
const bankName = (workerData as { bank: keyof typeof BANK_FILES }).bank;
const bank = loadBankFile(bankName);
const aborts = new Map<number, AbortController>();
const send = (message: FromGenerationWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer);

port.on('message', async (message: ToGenerationWorker) => {
  if (message.type === 'abort') {
    aborts.get(message.taskId)?.abort();
    return;
  }
  const controller = new AbortController();
  aborts.set(message.taskId, controller);
  let lastSentMs = 0;
  try {
    const onChunk = message.streamMp3 ? await createLiveMp3(message.taskId) : undefined;
    const result = await generateTrack(message.request, {
      bank,
      signal: controller.signal,
      onChunk,
      onProgress: (fraction) => {
        const nowMs = performance.now();
        if (nowMs - lastSentMs < 100) return;
        lastSentMs = nowMs;
        send({ type: 'progress', taskId: message.taskId, fraction });
      },
    });
    const generated: GeneratedTrack = {
      music: {
        bpm: result.music.bpm,
        key: result.music.key,
        time_signature: result.music.timeSignature,
        genre: result.music.genre,
        moods: result.music.moods,
        instruments: result.music.instruments,
        sections: result.music.sections,
      },
      audio: {
        sample_rate: result.audio.sampleRate,
        channels: result.audio.channels,
        duration_seconds: result.audio.durationSeconds,
        loudness_lufs: Math.round(result.audio.loudnessLufs * 10) / 10,
        true_peak_dbtp: Math.round(result.audio.truePeakDbtp * 10) / 10,
      },
      files: result.files,
      midi: result.midi,
      waveform: result.waveform,
      stems: result.stems,
    };
    const buffers = [
      ...Object.values(result.files),
      result.midi,
      ...(result.stems ?? []).map((stem) => stem.wav),
    ].flatMap((bytes) => (bytes ? [bytes.buffer as ArrayBuffer] : []));
    send({ type: 'done', taskId: message.taskId, result: generated }, [...new Set(buffers)]);
  } catch (error) {
    send({
      type: 'failed',
      taskId: message.taskId,
      message: (error as Error).message,
      stage: error instanceof EngineError ? error.stage : null,
    });
  } finally {
    aborts.delete(message.taskId);
  }
});
/**
 * Encodes mastered chunks to MP3 as they arrive, for listeners of ?stream=1. The encoder is its own
 * WASM instance: the engine's shared one is busy with the finished files later.
 */
async function createLiveMp3(taskId: number): Promise<(chunk: AudioChunk) => void> {
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate: 44100, channels: 2, bitrate: 192 });
  const forward = (bytes: Uint8Array) => {
    if (bytes.length > 0) send({ type: 'audio', taskId, mp3: bytes.slice() });
  };
  return (chunk) => {
    const { left, right } = chunk.buffer;
    for (let offset = 0; offset < left.length; offset += 1152 * 64) {
      const end = Math.min(left.length, offset + 1152 * 64);
      forward(encoder.encode([left.subarray(offset, end), right.subarray(offset, end)]));
    }
    if (chunk.final) forward(encoder.finalize());
  };
}

send({ type: 'ready' });
