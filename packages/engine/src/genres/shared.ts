// What several genre records share: groove strings, the base style each genre overrides, and
// helpers that spell a default part. Data only.
import type { InstrumentChoice, Meter, PartRole } from '../types.js';
import type { GenreSound, GenreStyle } from './genre-record.js';

/** A melodic default part. */
export function part(name: string, program: number, role: PartRole): InstrumentChoice {
  return { name, program, role, isDrums: false };
}
/** The drum kit part on a GS kit program. */
export function drums(kitProgram: number, name = 'drums'): InstrumentChoice {
  return { name, program: kitProgram, role: 'drums', isDrums: true };
}
/** A percussion part played from a kit (congas, shekere) on channel 10. */
export function kitPercussion(kitProgram: number, name: string): InstrumentChoice {
  return { name, program: kitProgram, role: 'percussion', isDrums: true };
}

export const FOUR_FOUR: Meter = { beatsPerBar: 4, beatUnit: 4 };
export const SIX_EIGHT: Meter = { beatsPerBar: 6, beatUnit: 8 };

/** No colour layer: the sampled parts as the bank plays them. */
export const NO_SOUND_COLOUR: GenreSound = {
  vinylLayer: false,
  tapeColour: false,
  sampledLoopColour: false,
  subBassUnderBass: false,
};

/** Groove strings: one character per sixteenth of a 4/4 bar (DrumLane). */
export const FOUR_FLOOR = 'X...X...X...X...';
export const BACKBEAT = '....X.......X...';
export const EIGHTH_HATS = 'x.o.x.o.x.o.x.o.';
export const SIXTEENTH_HATS = 'xgogxgogxgogxgog';
export const OFFBEAT_OPEN = '..x...x...x...x.';
export const SHAKER = 'xgogxgogxgogxgog';
export const TAMBOURINE = '....x.......x...';

/** Pop's habits: what a genre does not say otherwise. */
export const BASE_STYLE: GenreStyle = {
  swing: 0.5,
  swingPairTicks: 480,
  humanize: true,
  major: [
    ['I', 'V', 'vi', 'IV'],
    ['vi', 'IV', 'I', 'V'],
  ],
  minor: [
    ['i', 'bVI', 'bIII', 'bVII'],
    ['i', 'iv', 'bVI', 'V7'],
  ],
  colour: 'triad',
  chordBars: 1,
  bass: 'root8ths',
  comp: 'block',
  comp2: 'sustain',
  arp: 'arpeggio',
  drums: [
    { note: 36, pattern: 'X.......X.x.....', minEnergy: 0.15 },
    { note: 38, pattern: BACKBEAT, minEnergy: 0.3 },
    { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.25 },
  ],
  percussion: [
    { note: 70, pattern: SHAKER, minEnergy: 0.3 },
    { note: 54, pattern: TAMBOURINE, minEnergy: 0.5 },
  ],
  introDrums: 'light',
  hatRolls: false,
  sampleLoop: false,
  bentLead: false,
  dance: false,
  leadCenterPitch: 71,
  busyness: 0.5,
};

/** A genre's style: the base habits with its own over them. */
export const style = (overrides: Partial<GenreStyle>): GenreStyle => ({ ...BASE_STYLE, ...overrides });
