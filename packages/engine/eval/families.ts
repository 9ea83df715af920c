// Instrument families of a rendered score, read the way a listener would name what plays (General
// MIDI program ranges, drum channel apart), and the judgement of one prompt's expected families.
// Used by run-words-eval.ts; the engine never reads this.
import type { Composition } from '../src/types.js';

export type Family =
  | 'drums'
  | 'piano'
  | 'electric piano'
  | 'harpsichord'
  | 'mallets'
  | 'organ'
  | 'guitar'
  | 'bass'
  | 'strings'
  | 'harp'
  | 'timpani'
  | 'choir'
  | 'brass'
  | 'sax'
  | 'woodwinds'
  | 'flute'
  | 'synth'
  | 'pads'
  | 'folk strings'
  | 'percussion';

// [first program, last program, family], first match wins.
// biome-ignore format: compact data table, one range per line
const RANGES: Array<[number, number, Family]> = [
  [0, 3, 'piano'], [4, 5, 'electric piano'], [6, 7, 'harpsichord'], [8, 15, 'mallets'],
  [16, 23, 'organ'], [24, 31, 'guitar'], [32, 39, 'bass'], [40, 45, 'strings'], [46, 46, 'harp'],
  [47, 47, 'timpani'], [48, 51, 'strings'], [52, 54, 'choir'], [55, 55, 'synth'], [56, 63, 'brass'],
  [64, 67, 'sax'], [68, 71, 'woodwinds'], [72, 79, 'flute'], [80, 87, 'synth'], [88, 95, 'pads'],
  [96, 103, 'synth'], [104, 108, 'folk strings'], [109, 109, 'woodwinds'], [110, 110, 'strings'],
  [111, 111, 'woodwinds'], [112, 127, 'percussion'],
];

/** The family of one GM program on a melodic channel. */
export function familyOfProgram(program: number): Family {
  return RANGES.find(([low, high]) => program >= low && program <= high)?.[2] ?? 'synth';
}

/**
 * One entry per player of the sounding parts: its family (drum-channel parts are 'drums'). A chords
 * or arp part with the lead's name and program is the lead player's other hand (a solo pianist's
 * left hand, a jazz trio pianist's comping), not another player.
 */
export function soundingFamilies(composition: Composition): Family[] {
  const sounding = composition.parts.filter((part) => part.notes.length > 0);
  const lead = sounding.find((part) => part.role === 'lead' && !part.isDrums);
  return sounding
    .filter(
      (part) =>
        !lead ||
        part === lead ||
        !['chords', 'arp'].includes(part.role) ||
        part.name !== lead.name ||
        part.program !== lead.program,
    )
    .map((part) => (part.isDrums || part.channel === 9 ? 'drums' : familyOfProgram(part.program)));
}

/** What a prompt must and must not make. */
export interface FamilyExpectation {
  /** Every one of these families plays. */
  present?: Family[];
  /** None of these plays. */
  absent?: Family[];
  /** Nothing outside these plays ("solo", "duet", a prompt that names its instruments and no genre). */
  only?: Family[];
  /** Exactly this many players play ("duet", "trio", "quartet"). */
  players?: number;
}

/** The ways a score misses its expectation; empty when it meets it. */
export function judgeFamilies(families: readonly Family[], expect: FamilyExpectation): string[] {
  const misses: string[] = [];
  const heard = new Set(families);
  for (const family of expect.present ?? []) if (!heard.has(family)) misses.push(`no ${family}`);
  for (const family of expect.absent ?? []) if (heard.has(family)) misses.push(`has ${family}`);
  if (expect.only) {
    for (const family of heard) if (!expect.only.includes(family)) misses.push(`adds ${family}`);
  }
  if (expect.players !== undefined && families.length !== expect.players)
    misses.push(`${families.length} players, not ${expect.players}`);
  return misses;
}

/** Distinct note starts per second over every part (starts within 20 ms count once). */
export function onsetsPerSecond(composition: Composition): number {
  const windowTicks = Math.max(1, Math.round((composition.bpm / 60) * composition.ppq * 0.02));
  const starts = new Set<number>();
  for (const part of composition.parts)
    for (const note of part.notes) starts.add(Math.round(note.startTick / windowTicks));
  return starts.size / composition.durationSeconds;
}

/** Mean MIDI velocity over every note: the score side of dynamics. */
export function meanVelocity(composition: Composition): number {
  let sum = 0;
  let count = 0;
  for (const part of composition.parts)
    for (const note of part.notes) {
      sum += note.velocity;
      count++;
    }
  return count === 0 ? 0 : sum / count;
}
