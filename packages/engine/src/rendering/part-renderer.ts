// One part's dry sound, chunk by chunk: its synthesizer (note cache or pull loop), the voice's
// brightness tilt, the 808 sub and the colour layers its genre's record asks for (genres/). The same code runs in-thread and in worker threads, so a part
// sounds identical wherever it is rendered.
import { type GenreSound, getGenreRecord } from '../genres/index.js';
import type { Composition, GenreId, Part, SoundBank, SynthPatchId } from '../types.js';
import type { VoiceBank } from '../vocals/sing.js';
import { createCachedPartStream } from './cached-part-stream.js';
import { splitByControls } from './control-split.js';
import { createPartStream } from './part-stream.js';
import { createRenderer } from './renderer.js';
import { createSamplerColour } from './sampler-colour.js';
import { schedulePart } from './schedule.js';
import { createSubBassLayer } from './sub-bass-layer.js';
import { createSidechain } from './synth/sidechain.js';
import { createSynthPartStream, synthNotesOf } from './synth/synth-part.js';
import { createTapeColour } from './tape-colour.js';
import { createToneTilt } from './tone-tilt.js';
import { createVocalCarve } from './vocal-carve.js';
import { createVocalRenderer, type SungElsewhere } from './vocal-renderer.js';

export interface PartRenderContext {
  sampleRate: number;
  totalSamples: number;
  genre?: GenreId;
  /** false renders synth parts through the SoundFont with their GM programs (and no tape colour); default true. */
  synthesis?: boolean;
  /** The singing voices' data, for a vocal part (vocals/sing.ts). */
  voiceBank?: VoiceBank;
  /** A vocal part's phrases another thread sings (the render pool's). */
  sungElsewhere?: SungElsewhere;
}

/** Renders consecutive chunks of one part into zeroed stereo buffers. */
export interface PartRenderer {
  /**
   * Adds the next chunk; chunks are asked for in order. A vocal part may answer with a Promise
   * while it sings the phrase the chunk reaches (the others answer at once).
   */
  renderChunk(
    left: Float32Array,
    right: Float32Array,
    fromSample: number,
    sampleCount: number,
  ): void | Promise<void>;
}

/** Whether a bass part gets the synthesised 808 sub under it. */
function wantsSubBass(part: Part, sound: GenreSound | undefined, synthesised: boolean): boolean {
  if (part.role !== 'bass' || part.isDrums || synthesised) return false;
  return sound?.subBassUnderBass === true || /808/.test(part.name);
}

/** Creates the renderer for composition.parts[partIndex]. */
export function createPartRenderer(
  composition: Composition,
  partIndex: number,
  bank: SoundBank,
  context: PartRenderContext,
): PartRenderer {
  const scored = composition.parts[partIndex] as Part;
  const { sampleRate, totalSamples } = context;
  // a vocal part is sung by the engine's singer, never played by a SoundFont patch
  if (scored.vocal)
    return createVocalRenderer(
      composition,
      scored,
      sampleRate,
      totalSamples,
      context.voiceBank,
      context.sungElsewhere,
    );
  const sound = context.genre ? getGenreRecord(context.genre).sound : undefined;
  const synthVoice = context.synthesis === false ? undefined : scored.synth;
  // A synth part leaves the SoundFont only what the patch does not play (a drum machine's cymbals).
  const synth = synthVoice
    ? createSynthPartStream(scored, synthVoice.patch, composition, sampleRate)
    : undefined;
  const part: Part = synthVoice ? soundFontShareOf(scored, synthVoice.patch) : scored;
  // Notes no controller touches are synthesised once and copied; the rest play live with the controllers.
  const { clean, live } = splitByControls(part, composition);
  const cached =
    clean.notes.length > 0
      ? createCachedPartStream(
          createRenderer(bank, { sampleRate, effects: false, maxBlockSamples: 512, voiceCap: 32 }),
          clean,
          composition,
          sampleRate,
          totalSamples,
        )
      : undefined;
  const streamed =
    live.notes.length > 0 || live.controls.length > 0
      ? createPartStream(
          // One part rarely holds more than a few dozen voices; the synthesizer scans its whole
          // voice table on every 128-sample block, so a smaller table is measurably faster.
          createRenderer(bank, { sampleRate, effects: false, voiceCap: 96 }),
          schedulePart(live, composition, sampleRate),
        )
      : undefined;
  const brightness = part.voice?.brightness ?? part.brightness;
  const tilt = brightness !== undefined ? createToneTilt(brightness, sampleRate) : undefined;
  const sub = wantsSubBass(part, sound, synth !== undefined)
    ? createSubBassLayer(part, composition, sampleRate, totalSamples)
    : undefined;
  const tape =
    sound?.tapeColour === true && context.synthesis !== false
      ? createTapeColour(sampleRate, !scored.isDrums)
      : undefined;
  // the first chords part of a sampled-loop genre is the looped sample (composition/sample-loop.ts): it gets the sampler's colour
  const sampler =
    sound?.sampledLoopColour === true && context.synthesis !== false && scored.id === 'chords'
      ? createSamplerColour(sampleRate)
      : undefined;
  // a sampled part of a role the genre ducks (lo-fi's keys under the kick) pumps like a synth pad
  const duck = sound?.duckUnderKick;
  const sidechain = synthVoice
    ? createSidechain(composition, synthVoice.duckDepth, sampleRate)
    : duck && context.synthesis !== false && duck.roles.includes(scored.role) && !scored.isDrums
      ? createSidechain(composition, duck.depth, sampleRate)
      : undefined;
  // room for the words: cut around 2 kHz while the vocal sings (none without a vocal part)
  const carve = createVocalCarve(composition, scored, sampleRate);
  return {
    renderChunk(left, right, fromSample, sampleCount) {
      cached?.renderRange(left, right, 0, fromSample, sampleCount);
      streamed?.renderRange(left, right, 0, fromSample, sampleCount);
      tilt?.process(left, right, 0, sampleCount);
      sub?.addRange(left, right, 0, fromSample, sampleCount);
      synth?.addRange(left, right, 0, fromSample, sampleCount);
      sampler?.process(left, right, 0, sampleCount);
      tape?.process(left, right, 0, fromSample, sampleCount);
      sidechain?.process(left, right, 0, fromSample, sampleCount);
      carve?.process(left, right, 0, fromSample, sampleCount);
    },
  };
}

/** The part without the notes its patch synthesises (and without its controls once none are left). */
function soundFontShareOf(part: Part, patch: SynthPatchId): Part {
  const played = new Set(synthNotesOf(part, patch));
  const notes = part.notes.filter((note) => !played.has(note));
  return { ...part, notes, controls: notes.length > 0 ? part.controls : [] };
}

/** A rough cost of rendering a part, used to balance parts across worker threads. */
export function estimatePartCost(part: Part): number {
  // singing costs far more per note than a sampler voice: weigh it by its sung seconds' worth
  if (part.vocal) return 200 + part.notes.reduce((sum, note) => sum + note.durationTicks, 0) / 40;
  const noteCost = part.notes.length;
  return part.controls.length === 0 ? noteCost : noteCost * 3 + 200;
}
