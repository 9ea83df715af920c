// Hand-built briefs for composition tests, independent of the brief parser.
import type { Brief, InstrumentChoice } from '../../src/types.js';

export const DRUMS: InstrumentChoice = { name: 'drums', program: 0, role: 'drums', isDrums: true };
export const BASS: InstrumentChoice = { name: 'bass', program: 33, role: 'bass', isDrums: false };
export const PIANO: InstrumentChoice = { name: 'piano', program: 0, role: 'chords', isDrums: false };
export const PAD: InstrumentChoice = { name: 'pad', program: 89, role: 'pad', isDrums: false };
export const LEAD: InstrumentChoice = { name: 'flute', program: 73, role: 'lead', isDrums: false };

/** A complete brief with every field filled; overrides replace fields. */
export function makeBrief(overrides: Partial<Brief> = {}): Brief {
  return {
    prompt: 'test prompt',
    language: 'en',
    genre: 'pop',
    secondaryGenre: null,
    genreSource: 'default',
    moods: [],
    valence: 0.3,
    arousal: 0.5,
    bpm: 110,
    bpmSource: 'genre',
    key: { tonic: 'C', mode: 'major' },
    keySource: 'default',
    meter: { beatsPerBar: 4, beatUnit: 4 },
    meterSource: 'default',
    instruments: [DRUMS, BASS, PIANO, PAD, LEAD],
    exclusions: [],
    energyCurve: [0.4, 0.6, 0.8, 0.5],
    structureHints: [],
    loop: false,
    durationSeconds: 30,
    vocalDelivery: 'sung',
    ...overrides,
  };
}
