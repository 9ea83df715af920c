// Stage 3: Composition → PCM. Each part plays on its own synthesizer, so a part's sound never
// depends on which other parts exist (stems fall out for free and parts can render in parallel),
// and all parts advance together chunk by chunk so finished audio can be handed out in order.

import { getGenreRecord } from '../genres/index.js';
import {
  type AudioBuffer,
  type Composition,
  EngineError,
  type GenreId,
  type SoundBank,
  type SynthPatchId,
} from '../types.js';
import type { VoiceBank } from '../vocals/sing.js';
import { yieldToEventLoop } from '../yield-to-event-loop.js';
import { createDubDelay } from './dub-delay.js';
import { createPartRenderer } from './part-renderer.js';
import { whenDecoderReady } from './renderer.js';
import { createSendEffects } from './send-effects.js';
import { createVinylLayer, type VinylLayer } from './vinyl-layer.js';

/** A span of finished mix handed out while rendering continues (views valid only during the call). */
export interface RenderedBlock {
  startSample: number;
  left: Float32Array;
  right: Float32Array;
}

export interface RenderOptions {
  /** Default 44100. */
  sampleRate?: number;
  /** Also return one buffer per part (and per extra layer); default false. */
  stems?: boolean;
  /** Genre of the brief: its record's `sound` picks the extra layers (an 808 sub, vinyl, tape). */
  genre?: GenreId;
  /** false renders synth parts through the SoundFont with their GM programs; default true. */
  synthesis?: boolean;
  /** The singing voices' data, for a vocal part whose singer is a recorded voice. */
  voiceBank?: VoiceBank;
  /** Seeds the noise layers; default 0. */
  seed?: number;
  /** Samples per chunk of the pull loop and per onBlock call; default 8192. */
  chunkSamples?: number;
  onProgress?: (fraction: number) => void;
  onBlock?: (block: RenderedBlock) => void;
  signal?: AbortSignal;
  /** Supplies the parts' dry chunks, e.g. a RenderPool's worker threads; default renders in this thread. */
  createSource?: (request: PartChunkSourceRequest) => PartChunkSource;
}

export interface RenderedStem {
  partId: string;
  name: string;
  /** The patch, when the engine's synthesiser played the part. */
  synth?: SynthPatchId;
  buffer: AudioBuffer;
}

export interface RenderResult {
  mix: AudioBuffer;
  stems?: RenderedStem[];
}

interface PartMix {
  id: string;
  name: string;
  synth?: SynthPatchId;
  stem?: AudioBuffer;
  reverbSend: number;
  chorusSend: number;
  /** 0..1 into the genre's dub echo (0 without one). */
  delaySend: number;
}

/** One chunk of one part's dry sound: [left, right], each at least as long as the chunk. */
export type PartChunk = [Float32Array, Float32Array];

/** Where each part's dry chunks come from: rendered here, or by worker threads (render-pool.ts). */
export interface PartChunkSource {
  /** The next chunk of every part, in part order; the arrays are valid until the next call. */
  next(fromSample: number, sampleCount: number): PartChunk[] | Promise<PartChunk[]>;
  close(): void;
}

export interface PartChunkSourceRequest {
  composition: Composition;
  bank: SoundBank;
  sampleRate: number;
  totalSamples: number;
  chunkSamples: number;
  genre?: GenreId;
  synthesis?: boolean;
  voiceBank?: VoiceBank;
}

/** Renders every part in this thread. */
export function createLocalPartSource(request: PartChunkSourceRequest): PartChunkSource {
  const renderers = request.composition.parts.map((_, index) =>
    createPartRenderer(request.composition, index, request.bank, request),
  );
  const buffers = renderers.map(
    (): PartChunk => [new Float32Array(request.chunkSamples), new Float32Array(request.chunkSamples)],
  );
  return {
    next(fromSample, sampleCount) {
      const waiting: Promise<void>[] = [];
      renderers.forEach((renderer, index) => {
        const [left, right] = buffers[index] as PartChunk;
        left.fill(0, 0, sampleCount);
        right.fill(0, 0, sampleCount);
        const singing = renderer.renderChunk(left, right, fromSample, sampleCount);
        if (singing) waiting.push(singing);
      });
      // a vocal part still singing this chunk's phrase: the chunk is ready when it is
      return waiting.length > 0 ? Promise.all(waiting).then(() => buffers) : buffers;
    },
    close() {},
  };
}

function createStereo(sampleRate: number, samples: number): AudioBuffer {
  return { sampleRate, left: new Float32Array(samples), right: new Float32Array(samples) };
}

/** Renders exactly round(durationSeconds × sampleRate) stereo samples of the composition. */
export async function renderComposition(
  composition: Composition,
  bank: SoundBank,
  options: RenderOptions = {},
): Promise<RenderResult> {
  const sampleRate = options.sampleRate ?? 44100;
  const chunkSamples = options.chunkSamples ?? 8192;
  const totalSamples = Math.round(composition.durationSeconds * sampleRate);
  const mix = createStereo(sampleRate, totalSamples);
  const throwIfAborted = () => {
    if (options.signal?.aborted) throw new EngineError('rendering', 'rendering was aborted');
  };
  await whenDecoderReady();
  throwIfAborted();

  const sound = options.genre ? getGenreRecord(options.genre).sound : undefined;
  const dubDelay = sound?.dubDelay;
  const parts: PartMix[] = composition.parts.map((part) => ({
    id: part.id,
    name: part.name,
    synth: options.synthesis === false ? undefined : part.synth?.patch,
    stem: options.stems ? createStereo(sampleRate, totalSamples) : undefined,
    // Half of (L+R) times the send level, as a GS mixer feeds its mono effect inputs.
    reverbSend: (0.5 * Math.max(0, Math.min(127, part.reverbSend))) / 127,
    chorusSend: (0.5 * Math.max(0, Math.min(127, part.chorusSend))) / 127,
    delaySend: 0.5 * (dubDelay?.sendsByRole[part.role] ?? 0),
  }));
  const sourceRequest = {
    composition,
    bank,
    sampleRate,
    totalSamples,
    chunkSamples,
    genre: options.genre,
    synthesis: options.synthesis,
    voiceBank: options.voiceBank,
  };
  const source = options.createSource
    ? options.createSource(sourceRequest)
    : createLocalPartSource(sourceRequest);
  const vinyl: VinylLayer | undefined = sound?.vinylLayer
    ? createVinylLayer(options.seed ?? 0, sampleRate)
    : undefined;
  const vinylStem = vinyl && options.stems ? createStereo(sampleRate, totalSamples) : undefined;

  const effects = createSendEffects(sampleRate);
  const effectsStem = options.stems ? createStereo(sampleRate, totalSamples) : undefined;
  const scratchLeft = new Float32Array(chunkSamples);
  const scratchRight = new Float32Array(chunkSamples);
  const reverbBus = new Float32Array(chunkSamples);
  const chorusBus = new Float32Array(chunkSamples);
  const echo = dubDelay ? createDubDelay(dubDelay, composition.bpm, sampleRate) : undefined;
  const delayBus = echo ? new Float32Array(chunkSamples) : undefined;
  try {
    for (let fromSample = 0; fromSample < totalSamples; fromSample += chunkSamples) {
      const count = Math.min(chunkSamples, totalSamples - fromSample);
      const partChunks = await source.next(fromSample, count);
      throwIfAborted();
      reverbBus.fill(0);
      chorusBus.fill(0);
      const mixLeft = mix.left.subarray(fromSample, fromSample + count);
      const mixRight = mix.right.subarray(fromSample, fromSample + count);
      // Parts are summed in score order whoever rendered them, so threads never change the PCM.
      parts.forEach((part, index) => {
        const [left, right] = partChunks[index] as PartChunk;
        addPart(
          mixLeft,
          mixRight,
          left,
          right,
          count,
          reverbBus,
          part.reverbSend,
          chorusBus,
          part.chorusSend,
        );
        if (delayBus && part.delaySend > 0) addToBus(delayBus, left, right, count, part.delaySend);
        if (part.stem) copyInto(part.stem, left, right, fromSample, count);
      });
      scratchLeft.fill(0, 0, count);
      scratchRight.fill(0, 0, count);
      effects.process(reverbBus, chorusBus, scratchLeft, scratchRight, count);
      if (echo && delayBus) {
        echo.process(delayBus, scratchLeft, scratchRight, count);
        delayBus.fill(0);
      }
      addInto(mix, scratchLeft, scratchRight, fromSample, count);
      if (effectsStem) copyInto(effectsStem, scratchLeft, scratchRight, fromSample, count);
      if (vinyl) {
        scratchLeft.fill(0, 0, count);
        scratchRight.fill(0, 0, count);
        vinyl.addRange(scratchLeft, scratchRight, 0, count);
        addInto(mix, scratchLeft, scratchRight, fromSample, count);
        if (vinylStem) copyInto(vinylStem, scratchLeft, scratchRight, fromSample, count);
      }
      options.onBlock?.({
        startSample: fromSample,
        left: mix.left.subarray(fromSample, fromSample + count),
        right: mix.right.subarray(fromSample, fromSample + count),
      });
      options.onProgress?.((fromSample + count) / totalSamples);
      await yieldToEventLoop();
      throwIfAborted();
    }
  } finally {
    source.close();
  }

  if (!options.stems) return { mix };
  const stems: RenderedStem[] = parts.map((part) => ({
    partId: part.id,
    name: part.name,
    ...(part.synth ? { synth: part.synth } : {}),
    buffer: part.stem as AudioBuffer,
  }));
  if (effectsStem) stems.push({ partId: 'effects', name: 'reverb and chorus', buffer: effectsStem });
  if (vinylStem) stems.push({ partId: 'vinyl', name: 'vinyl crackle', buffer: vinylStem });
  return { mix, stems };
}

/** Adds half of (L+R) times the send level into a mono bus. */
function addToBus(
  bus: Float32Array,
  left: Float32Array,
  right: Float32Array,
  count: number,
  level: number,
): void {
  for (let i = 0; i < count; i++) bus[i] = bus[i]! + (left[i]! + right[i]!) * level;
}

function addInto(
  target: AudioBuffer,
  left: Float32Array,
  right: Float32Array,
  at: number,
  count: number,
): void {
  const targetLeft = target.left;
  const targetRight = target.right;
  for (let i = 0; i < count; i++) {
    targetLeft[at + i] = (targetLeft[at + i] as number) + (left[i] as number);
    targetRight[at + i] = (targetRight[at + i] as number) + (right[i] as number);
  }
}

/**
 * Adds one part's chunk into the mix and, in the same pass, half of (L+R) times its send levels
 * into the effect buses. Hot loop: one read of the part's samples serves both.
 */
function addPart(
  mixLeft: Float32Array,
  mixRight: Float32Array,
  left: Float32Array,
  right: Float32Array,
  count: number,
  reverbBus: Float32Array,
  reverbLevel: number,
  chorusBus: Float32Array,
  chorusLevel: number,
): void {
  if (reverbLevel === 0 && chorusLevel === 0) {
    for (let i = 0; i < count; i++) {
      mixLeft[i] = mixLeft[i]! + left[i]!;
      mixRight[i] = mixRight[i]! + right[i]!;
    }
    return;
  }
  for (let i = 0; i < count; i++) {
    const l = left[i]!;
    const r = right[i]!;
    mixLeft[i] = mixLeft[i]! + l;
    mixRight[i] = mixRight[i]! + r;
    const mono = l + r;
    reverbBus[i] = reverbBus[i]! + mono * reverbLevel;
    chorusBus[i] = chorusBus[i]! + mono * chorusLevel;
  }
}

function copyInto(
  target: AudioBuffer,
  left: Float32Array,
  right: Float32Array,
  at: number,
  count: number,
): void {
  target.left.set(left.subarray(0, count), at);
  target.right.set(right.subarray(0, count), at);
}
