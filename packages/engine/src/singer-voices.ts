// The marketplace voices that really sing: each is one of the engine's singers (vocals/sing.ts
// SINGERS) under the name users see. The API's catalogue and the CLI's --voice read this one table,
// so a voice id or name means the same singer everywhere.
import type { VoiceSpec } from './types.js';
import { SINGERS } from './vocals/sing.js';

/** A marketplace voice sung by an engine singer. */
export interface SungVoice {
  /** The marketplace id (voc_…). */
  id: string;
  name: string;
  /** The id of its singer in SINGERS. */
  singerId: string;
  gender: 'female' | 'male';
  range: 'soprano' | 'alto' | 'tenor' | 'baritone';
  /** Languages it sings words in. */
  languages: string[];
}

export const SUNG_VOICES: readonly SungVoice[] = [
  {
    id: 'voc_01KB3V0CA1000000000000SNG1',
    name: 'Maya Bright',
    singerId: 'soprano',
    gender: 'female',
    range: 'soprano',
    languages: ['en'],
  },
  {
    id: 'voc_01KB3V0CA1000000000000SNG2',
    name: 'Nora Vale',
    singerId: 'alto',
    gender: 'female',
    range: 'alto',
    languages: ['en'],
  },
  {
    id: 'voc_01KB3V0CA1000000000000SNG3',
    name: 'Theo Marsh',
    singerId: 'tenor',
    gender: 'male',
    range: 'tenor',
    languages: ['en'],
  },
  {
    id: 'voc_01KB3V0CA1000000000000SNG4',
    name: 'Silas Grant',
    singerId: 'baritone',
    gender: 'male',
    range: 'baritone',
    languages: ['en'],
  },
];

/** A sung voice by marketplace id, name or singer id (case and spacing ignored), or undefined. */
export function findSungVoice(idOrName: string): SungVoice | undefined {
  const wanted = idOrName.trim().toLowerCase().replace(/\s+/g, ' ');
  return SUNG_VOICES.find(
    (voice) =>
      voice.id.toLowerCase() === wanted || voice.name.toLowerCase() === wanted || voice.singerId === wanted,
  );
}

/** The VoiceSpec a sung voice performs with: its singer's range, vibrato and id. */
export function sungVoiceSpec(voice: SungVoice): VoiceSpec {
  const singer = SINGERS.find((candidate) => candidate.id === voice.singerId);
  if (!singer) throw new Error(`sung voice ${voice.name}: no singer ${voice.singerId}`);
  return {
    id: voice.id,
    name: voice.name,
    // the GM program only names the part in a MIDI file ("voice oohs"); the singer sings it
    program: 53,
    lowPitch: singer.rangeMidi[0],
    highPitch: singer.rangeMidi[1],
    vibratoDepthCents: singer.vibratoDepthCents,
    vibratoRateHz: singer.vibratoRateHz,
    articulation: 'legato',
    brightness: 0.5,
    singerId: singer.id,
  };
}
