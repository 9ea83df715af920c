// Disco: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, FOUR_FLOOR, NO_SOUND_COLOUR, OFFBEAT_OPEN, part, style } from './shared.js';

export const disco: GenreRecord = {
  id: 'disco',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['disco', 'nu disco', 'nu-disco', 'italo disco', 'boogie', 'french touch', 'studio 54'],
      es: ['disco', 'musica disco'],
      fr: ['disco'],
      de: ['disco', 'discomusik'],
      pt: ['disco', 'discoteca'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'disco',
    bpmRange: { min: 115, max: 130 },
    drumKit: 0,
    energy: 0.7,
    valence: 0.7,
    modes: { minor: 0.4, major: 0.4, dorian: 0.2 },
    tonics: ['A', 'E', 'D', 'G', 'C', 'F'],
    instruments: [
      drums(0),
      part('electric bass', 33, 'bass'),
      part('muted guitar', 28, 'arp'),
      part('electric piano', 4, 'chords'),
      part('strings', 48, 'lead'),
      part('brass section', 61, 'counter'),
    ],
  },
  style: style({
    humanize: false,
    major: [
      ['vi', 'ii', 'V', 'I'],
      ['I', 'vi', 'ii', 'V'],
      ['ii7', 'V7', 'I', 'vi7'],
    ],
    minor: [
      ['i7', 'iv7'],
      ['i', 'bVII', 'bVI', 'V7'],
    ],
    bass: 'octaves8ths',
    comp: 'chop16',
    comp2: 'stabs',
    drums: [
      { note: 36, pattern: FOUR_FLOOR, minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 46, pattern: OFFBEAT_OPEN, minEnergy: 0.3 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.3 },
    ],
    busyness: 0.6,
  }),
  sound: NO_SOUND_COLOUR,
};
