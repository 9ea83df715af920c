// Funk: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, SIXTEENTH_HATS, style } from './shared.js';

export const funk: GenreRecord = {
  id: 'funk',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['funk', 'p-funk', 'g-funk', 'funk groove', 'neo soul', 'neo-soul', 'motown'],
      es: ['funk', 'funky'],
      fr: ['funk'],
      de: ['funk'],
      pt: ['funk', 'soul brasileiro'],
    },
    modifiers: { en: ['funky'], fr: ['funky'], de: ['funky'], pt: ['funkeado'] },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'funk',
    bpmRange: { min: 100, max: 125 },
    swing: 0.54,
    drumKit: 0,
    energy: 0.65,
    valence: 0.6,
    modes: { dorian: 0.6, mixolydian: 0.3, minor: 0.1 },
    tonics: ['E', 'A', 'D', 'G', 'C', 'F'],
    instruments: [
      drums(0),
      part('slap bass', 36, 'bass'),
      part('muted guitar', 28, 'arp'),
      part('electric piano', 4, 'chords'),
      part('brass section', 61, 'lead'),
    ],
  },
  style: style({
    major: [
      ['I7', 'IV7'],
      ['ii7', 'V7', 'I7', 'I7'],
    ],
    minor: [
      ['i7', 'IV7'],
      ['i7', 'i7', 'IV7', 'IV7'],
    ],
    colour: 'seventh',
    bass: 'slap',
    comp: 'chop16',
    comp2: 'stabs',
    drums: [
      { note: 36, pattern: 'X..x..x...X.....', minEnergy: 0.1 },
      { note: 38, pattern: '....X..g.g..X..g', minEnergy: 0.2 },
      { note: 42, pattern: SIXTEENTH_HATS, minEnergy: 0.25 },
    ],
    busyness: 0.65,
  }),
  sound: NO_SOUND_COLOUR,
};
