// A generation thread: loads the sound bank once, then renders one track at a time for the pool,
// so the event loop that serves HTTP never runs DSP. Progress is sent at most every 100 ms.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { BANK_FILES, EngineError, generateTrack, loadSoundBank } from '@trackforge/engine';
import type { GeneratedTrack } from '../tracks/track-lifecycle.service.js';
import type { FromGenerationWorker, ToGenerationWorker } from './generation-messages.js';

const port = parentPort!;
const bankName = (workerData as { bank: keyof typeof BANK_FILES }).bank;
const bankPath = createRequire(import.meta.url).resolve(BANK_FILES[bankName]);
const bank = loadSoundBank(new Uint8Array(readFileSync(bankPath)), bankName);
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
    const result = await generateTrack(message.request, {
      bank,
      signal: controller.signal,
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
send({ type: 'ready' });
