// Hands mastered audio to deps.onChunk in order while rendering continues. The integrated loudness of
// the whole track is unknown until it is rendered, so the streamed gain is predicted from the first
// seconds; the finished files are mastered again from the complete mix. The prediction missed −14
// LUFS by −4.0 and −1.2 LU on two 120 s bench prompts (bench/engine/live-stream.ts), so a stream
// that must be the stored file takes the finished MP3's bytes instead (deps.onMp3Bytes).
import { createStreamingMaster, measureIntegratedLoudness } from './mastering/index.js';
import type { AudioBuffer, AudioChunk } from './types.js';

/**
 * How much audio is measured before the first chunk goes out: short, so streaming starts early.
 * The guess is rough at any length (on four genres 1 s missed the final master's gain by 0.7–4.2 dB,
 * 2 s by 1–3.7 dB), and 0.5 s moved it by at most 1.8 dB from 1 s while halving what must be
 * rendered before the first chunk (three render chunks instead of six).
 */
const ESTIMATE_SECONDS = 0.5;
/** Intros are usually quieter than the body; lean the predicted gain down so later sections are not crushed. */
const INTRO_ALLOWANCE_DB = 2;
const MIN_GAIN_DB = -12;
const MAX_GAIN_DB = 24;

export interface AudioStreamOptions {
  sampleRate: number;
  targetLoudnessLufs: number;
  ceilingDbtp: number;
  fadeInSeconds: number;
  /** The blocks already went through the master's EQ. */
  equalized: boolean;
  onChunk: (chunk: AudioChunk) => void;
}

/** Accepts rendered mix blocks in order and emits mastered chunks; call end() after the last block. */
export interface AudioStream {
  push(startSample: number, left: Float32Array, right: Float32Array): void;
  end(): void;
}

/** The gain that would bring a short excerpt to the target, leaning down for quiet intros. */
export function predictGainDb(excerpt: AudioBuffer, targetLoudnessLufs: number): number {
  const loudness = measureIntegratedLoudness(excerpt.left, excerpt.right, excerpt.sampleRate);
  if (!Number.isFinite(loudness)) return 12;
  const gainDb = targetLoudnessLufs - loudness - INTRO_ALLOWANCE_DB;
  return Math.max(MIN_GAIN_DB, Math.min(MAX_GAIN_DB, gainDb));
}

/** Creates the streaming path; nothing is emitted until ESTIMATE_SECONDS of audio have arrived. */
export function createAudioStream(options: AudioStreamOptions): AudioStream {
  const estimateSamples = Math.round(ESTIMATE_SECONDS * options.sampleRate);
  const held: { left: Float32Array; right: Float32Array }[] = [];
  let heldSamples = 0;
  let master: ReturnType<typeof createStreamingMaster> | undefined;
  let nextIndex = 0;
  let emittedSamples = 0;

  const emit = (buffer: AudioBuffer, final: boolean) => {
    options.onChunk({ index: nextIndex++, startSample: emittedSamples, buffer, final });
    emittedSamples += buffer.left.length;
  };
  // Chunks go out as soon as they are mastered; the master's flush at the end (its look-ahead
  // latency, never empty once audio went in) is the chunk marked final.
  const offer = (buffer: AudioBuffer | undefined) => {
    if (buffer && buffer.left.length > 0) emit(buffer, false);
  };
  const startMaster = () => {
    const excerpt = joinBlocks(held, options.sampleRate);
    master = createStreamingMaster({
      sampleRate: options.sampleRate,
      gainDb: predictGainDb(excerpt, options.targetLoudnessLufs),
      ceilingDbtp: options.ceilingDbtp,
      fadeInSeconds: options.fadeInSeconds,
      equalized: options.equalized,
    });
    offer(master.process(excerpt));
    held.length = 0;
  };

  return {
    push(_startSample, left, right) {
      // Blocks are views into the render buffers: held ones are copied, and the master copies the rest itself.
      if (!master) {
        held.push({ left: left.slice(), right: right.slice() });
        heldSamples += left.length;
        if (heldSamples >= estimateSamples) startMaster();
        return;
      }
      offer(master.process({ sampleRate: options.sampleRate, left, right }));
    },
    end() {
      if (!master) startMaster();
      emit((master as ReturnType<typeof createStreamingMaster>).finish(), true);
    },
  };
}

function joinBlocks(blocks: { left: Float32Array; right: Float32Array }[], sampleRate: number): AudioBuffer {
  const total = blocks.reduce((sum, block) => sum + block.left.length, 0);
  const left = new Float32Array(total);
  const right = new Float32Array(total);
  let at = 0;
  for (const block of blocks) {
    left.set(block.left, at);
    right.set(block.right, at);
    at += block.left.length;
  }
  return { sampleRate, left, right };
}
