// Country: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, EIGHTH_HATS, NO_SOUND_COLOUR, part, style } from './shared.js';

export const country: GenreRecord = {
  id: 'country',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['country', 'country music', 'bluegrass', 'honky tonk', 'honky-tonk', 'americana', 'western', 'cowboy', 'nashville', 'country rock', 'outlaw country'],
      es: ['country', 'musica country', 'vaquero'],
      fr: ['country', 'musique country', 'cowboy'],
      de: ['country', 'countrymusik', 'cowboy'],
      pt: ['country', 'musica country', 'caipira', 'musica sertaneja', 'sertanejo'],
    },
  },
  brief: {
    label: 'country',
    bpmRange: { min: 90, max: 120 },
    drumKit: 0,
    energy: 0.55,
    valence: 0.4,
    modes: { major: 0.8, mixolydian: 0.2 },
    tonics: ['G', 'D', 'A', 'C', 'E'],
    instruments: [
      drums(0),
      part('acoustic bass', 32, 'bass'),
      part('acoustic guitar', 25, 'chords'),
      part('fiddle', 110, 'lead'),
      part('banjo', 105, 'arp'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'V', 'I'],
      ['I', 'vi', 'IV', 'V'],
      ['I', 'I', 'IV', 'V'],
    ],
    minor: [
      ['i', 'iv', 'bVII', 'i'],
      ['i', 'bVI', 'bVII', 'V'],
    ],
    bass: 'rootFifth',
    comp: 'strum',
    comp2: 'fingerpick',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.2 },
      { note: 38, pattern: 'g.g.g.g.g.g.g.g.', minEnergy: 0.65 },
      { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.3 },
    ],
  }),
  sound: NO_SOUND_COLOUR,
};
