// Folk: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { NO_SOUND_COLOUR, part, style } from './shared.js';

export const folk: GenreRecord = {
  id: 'folk',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['folk', 'folk song', 'indie folk', 'acoustic folk', 'singer-songwriter', 'singer songwriter', 'campfire', 'medieval', 'renaissance', 'traditional', 'world music', 'balkan', 'klezmer'],
      es: ['folk', 'folclore', 'folklore', 'musica folk', 'cantautor', 'medieval', 'musica tradicional'],
      fr: ['folk', 'folklore', 'musique folk', 'musique traditionnelle', 'medieval', 'auteur-compositeur'],
      de: ['folk', 'volksmusik', 'volkslied', 'liedermacher', 'mittelalter', 'mittelalterlich'],
      pt: ['folk', 'folclore', 'musica folk', 'cantautor', 'musica tradicional', 'medieval', 'moda de viola'],
    },
    modifiers: {
      en: ['folky', 'acoustic'],
      es: ['acustico'],
      fr: ['acoustique'],
      de: ['akustisch'],
      pt: ['acustico'],
    },
  },
  brief: {
    label: 'folk',
    bpmRange: { min: 80, max: 110 },
    drumKit: 40,
    energy: 0.35,
    valence: 0.2,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['G', 'D', 'C', 'A', 'E'],
    instruments: [
      part('acoustic bass', 32, 'bass'),
      part('acoustic guitar', 25, 'chords'),
      part('nylon guitar', 24, 'arp'),
      part('violin', 40, 'lead'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
      ['vi', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVII', 'bVI', 'bVII'],
      ['i', 'iv', 'V7', 'i'],
    ],
    bass: 'rootFifth',
    comp: 'fingerpick',
    comp2: 'strum',
    drums: [
      { note: 36, pattern: 'X.......x.......', minEnergy: 0.3 },
      { note: 38, pattern: '....o.......o...', minEnergy: 0.45 },
      { note: 42, pattern: 'o.g.o.g.o.g.o.g.', minEnergy: 0.5 },
    ],
    introDrums: 'none',
    busyness: 0.45,
  }),
  sound: NO_SOUND_COLOUR,
};
