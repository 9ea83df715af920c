// Notes with syllables → a mono vocal: each lyric line is planned (consonants before the beat, the
// vowel starting on the note and held for it, pitch glides and vibrato) and sung in one pass by the
// formant voice, so syllables join as in one breath. Pure and deterministic: the same input gives
// the same PCM (every noise source is seeded from the phrase), with no model to load, so it runs
// the same in a render worker thread, a test or the CLI.
import { hashString } from '../random.js';
import { renderFormantVoice } from './formant-voice.js';
import type { Syllable } from './pronounce.js';
import { SINGERS as SHIPPED_SINGERS } from './singers.js';
import { planPhrase } from './vocal-plan.js';

export interface VocalNote {
  startSeconds: number;
  durationSeconds: number;
  midi: number;
  /** The syllable sung from this note on; null = melisma: hold the previous vowel onto this pitch. */
  syllable: Syllable | null;
}

/** One lyric line, synthesised in one pass for natural joins. */
export interface VocalPhrase {
  notes: VocalNote[];
}

export interface SingerSpec {
  id: string;
  /** Which shipped voice sings: 'formant' is the engine's own source-filter voice (no weights). */
  model: string;
  /** Notes further than this outside `rangeMidi` move by octaves into it (default: never move). */
  transposeLimitSemitones?: number;
  /** Vocal-tract length as a formant scale: 1 an adult male tract, ~1.17 an adult female one. */
  formantShift?: number;
  /** 0 a pressed, buzzy voice … 1 a breathy one (default 0.2). */
  breathiness?: number;
  vibratoDepthCents: number;
  vibratoRateHz: number;
  /** The MIDI notes this singer sings well: melodies should stay inside. */
  rangeMidi: [number, number];
}

export type VocalDelivery = 'sung' | 'rap';

export interface SingPhrasesInput {
  phrases: VocalPhrase[];
  singer: SingerSpec;
  delivery: VocalDelivery;
  sampleRateHz: number;
  totalSeconds: number;
}

export const SINGERS: readonly SingerSpec[] = SHIPPED_SINGERS;

/** Peak of the returned vocal: headroom for the mix's EQ and compression. */
const OUTPUT_PEAK = 0.5;

/** Sings every phrase onto one mono buffer of `totalSeconds`; silence between phrases. */
export async function singPhrases(input: SingPhrasesInput): Promise<Float32Array> {
  const { singer, sampleRateHz } = input;
  const totalSamples = Math.max(0, Math.round(input.totalSeconds * sampleRateHz));
  const output = new Float32Array(totalSamples);
  input.phrases.forEach((phrase, phraseIndex) => {
    if (phrase.notes.length === 0) return;
    const plan = planPhrase(phrase, singer, input.delivery);
    const seed = hashString(
      `${singer.id}|${phraseIndex}|${phrase.notes.map((note) => `${note.midi}:${note.syllable?.text ?? '~'}`).join(',')}`,
    );
    const startSample = Math.max(0, Math.floor(plan.startSeconds * sampleRateHz));
    const endSample = Math.min(totalSamples, Math.ceil(plan.endSeconds * sampleRateHz));
    if (endSample <= startSample) return;
    const audio = renderFormantVoice(plan, singer, {
      sampleRateHz,
      startSample,
      sampleCount: endSample - startSample,
      seed,
    });
    for (let i = 0; i < audio.length; i++) output[startSample + i]! += audio[i]!;
  });
  let peak = 0;
  for (let i = 0; i < output.length; i++) peak = Math.max(peak, Math.abs(output[i]!));
  if (peak > 0) {
    const gain = OUTPUT_PEAK / peak;
    for (let i = 0; i < output.length; i++) output[i]! *= gain;
  }
  return output;
}

/** A singer by id; throws when none has it. */
export function getSinger(id: string): SingerSpec {
  const singer = SINGERS.find((candidate) => candidate.id === id);
  if (!singer) throw new Error(`no singer with id ${id}`);
  return singer;
}
