// A generation thread: renders one track at a time for the pool, so the event loop that serves
// HTTP never runs DSP. With renderThreads > 0 it starts the engine's render pool (parts render on
// those threads, which also encode the MP3's segments) and only mixes and masters itself; its own
// parse of the bank is then never needed. The MP3 is encoded once: its bytes go out while they are
// made (the live stream of a rendering track) and are the stored file. Progress goes out at most
// every 100 ms. A transcode (a stored track's WAV or OGG from its FLAC master) renders nothing.
import { parentPort, workerData } from 'node:worker_threads';
import {
  createRenderPool,
  decodeFlac,
  EngineError,
  encodeFlac,
  generateTrack,
  loadSoundBank,
  type SoundBank,
  toTrackFields,
  transcodeMaster,
} from '@trackforge/engine';
import { loadVoiceBank } from '@trackforge/engine/node/load-voices.js';
import { Zip, ZipPassThrough } from 'fflate';
import type { GeneratedTrack } from './generated-track.js';
import type { FromGenerationWorker, ToGenerationWorker } from './generation-messages.js';
import { type GenerationThreadData, MASTER_CHANGED_STAGE } from './generation-pool.js';

const port = parentPort!;
const data = workerData as GenerationThreadData;

/** The bank as the engine takes it, parsed on first use only (never, while the render pool renders). */
function lazyBank(bytes: Uint8Array, name: string): SoundBank {
  let parsed: SoundBank | undefined;
  return {
    name,
    bytes,
    get handle() {
      parsed ??= loadSoundBank(bytes, name);
      return parsed.handle;
    },
  };
}

const bank = lazyBank(data.bankBytes, data.bankName);
// the singers' data (Flite's voices as WebAssembly), read once per generation thread
const voiceBank = loadVoiceBank();
const renderPool =
  data.renderThreads > 0 ? createRenderPool(bank, { threads: data.renderThreads, voiceBank }) : undefined;
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
    // a derived file asked for on its first download: its bytes go out while they are made
    const sendFile = message.streamFile
      ? (bytes: Uint8Array) => send({ type: 'file', taskId: message.taskId, bytes })
      : undefined;
    if (message.type === 'transcode') {
      const bytes = await transcodeMaster(message.flac, message.format, {
        onBytes: sendFile,
        signal: controller.signal,
      });
      send({ type: 'transcoded', taskId: message.taskId, bytes }, [bytes.buffer as ArrayBuffer]);
      return;
    }
    // not transferred: the engine keeps the pieces to make the whole file from them
    const onMp3Bytes = message.streamMp3
      ? (mp3: Uint8Array) => send({ type: 'audio', taskId: message.taskId, mp3 })
      : undefined;
    // the one format a derived-file render streams; a stems render streams its zip alone
    const streamedFormat = message.request.outputs?.stems
      ? undefined
      : message.request.outputs?.formats?.find((format) => format !== 'mp3');
    const result = await generateTrack(message.request, {
      bank,
      voiceBank,
      renderPool,
      signal: controller.signal,
      onMp3Bytes,
      onFileBytes:
        sendFile && streamedFormat
          ? (format, bytes) => {
              if (format === streamedFormat) sendFile(bytes);
            }
          : undefined,
      onProgress: (fraction) => {
        const nowMs = performance.now();
        if (nowMs - lastSentMs < 100) return;
        lastSentMs = nowMs;
        send({ type: 'progress', taskId: message.taskId, fraction });
      },
    });
    if (message.master && !(result.files.flac && (await sameAudio(result.files.flac, message.master)))) {
      send({
        type: 'failed',
        taskId: message.taskId,
        message:
          'the engine no longer renders this track as it was made: its master differs from the stored one',
        stage: MASTER_CHANGED_STAGE,
      });
      return;
    }
    // The stored formats are decided when the track is marked ready, not here.
    const { music, audio } = toTrackFields(result, []);
    const { formats: _decidedWhenReady, ...audioWithoutFormats } = audio;
    const generated: GeneratedTrack = {
      music,
      audio: audioWithoutFormats,
      files: result.files,
      midi: result.midi,
      waveform: result.waveform,
      stemsZip: result.stems ? await zipFlacStems(result.stems, sendFile) : undefined,
    };
    const buffers = [...Object.values(result.files), result.midi, generated.stemsZip].flatMap((bytes) =>
      bytes ? [bytes.buffer as ArrayBuffer] : [],
    );
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
 * Whether two FLAC files hold the same audio: the same bytes, or, when another FLAC encoder (a new
 * libFLAC, another level) wrote one of them, the same samples.
 */
async function sameAudio(made: Uint8Array, stored: Uint8Array): Promise<boolean> {
  if (Buffer.compare(made, stored) === 0) return true;
  const [a, b] = await Promise.all([decodeFlac(made), decodeFlac(stored)]);
  const same = (x: Float32Array, y: Float32Array) =>
    x.length === y.length && x.every((value, i) => value === y[i]);
  return same(a.left, b.left) && same(a.right, b.right);
}

/**
 * The stems as a zip of 24-bit FLAC files (about half the size of WAV; zip's own deflate gains
 * little on audio), written as a stream so each piece can go out (onBytes) while the next stem is
 * encoded. The engine's stem WAVs are 24-bit with the 44-byte header it always writes.
 */
async function zipFlacStems(
  stems: { partId: string; wav: Uint8Array }[],
  onBytes?: (bytes: Uint8Array) => void,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, bytes) => {
    if (error) failure = error;
    if (bytes.length === 0) return;
    parts.push(bytes);
    onBytes?.(bytes);
  });
  for (const stem of stems) {
    const frames = (stem.wav.byteLength - WAV_HEADER_BYTES) / 6;
    const left = new Float32Array(frames);
    const right = new Float32Array(frames);
    const at = (offset: number) => {
      const value = stem.wav[offset]! | (stem.wav[offset + 1]! << 8) | (stem.wav[offset + 2]! << 16);
      return ((value << 8) >> 8) / 8388607;
    };
    for (let i = 0; i < frames; i++) {
      left[i] = at(WAV_HEADER_BYTES + 6 * i);
      right[i] = at(WAV_HEADER_BYTES + 6 * i + 3);
    }
    const entry = new ZipPassThrough(`${stem.partId}.flac`);
    // a fixed time, so the same track always zips to the same bytes (its ETag says so)
    entry.mtime = ZIP_ENTRY_TIME;
    zip.add(entry);
    await encodeFlac(
      { sampleRate: 44100, left, right },
      { bitDepth: 24, onBytes: (bytes) => entry.push(bytes) },
    );
    entry.push(new Uint8Array(0), true);
  }
  zip.end();
  if (failure) throw failure;
  // its own buffer (not Node's shared pool), since the done message transfers it
  const zipped = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    zipped.set(part, offset);
    offset += part.length;
  }
  return zipped;
}
const ZIP_ENTRY_TIME = new Date('2000-01-01T12:00:00Z');
const WAV_HEADER_BYTES = 44;

send({ type: 'ready' });
