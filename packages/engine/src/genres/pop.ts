// Pop: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const pop: GenreRecord = {
  id: 'pop',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['pop', 'pop song', 'indie pop', 'dream pop', 'electropop', 'k-pop', 'kpop', 'j-pop', 'jpop', 'pop ballad', 'ballad', 'radio hit', 'top 40', 'r&b', 'rnb', 'soul', 'gospel'],
      es: ['pop', 'balada', 'cancion pop', 'musica pop'],
      fr: ['pop', 'ballade', 'chanson pop', 'variete'],
      de: ['pop', 'popmusik', 'schlager', 'ballade', 'popsong'],
      pt: ['pop', 'balada', 'musica pop'],
    },
  },
  brief: {
    label: 'pop',
    bpmRange: { min: 95, max: 125 },
    drumKit: 0,
    energy: 0.6,
    valence: 0.6,
    modes: { major: 0.7, minor: 0.3 },
    tonics: ['C', 'G', 'D', 'A', 'E', 'F', 'Bb'],
    instruments: [
      drums(0),
      part('electric bass', 34, 'bass'),
      part('piano', 0, 'chords'),
      part('clean guitar', 27, 'arp'),
      part('synth lead', 90, 'lead'),
    ],
  },
  style: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['vi', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
      ['IV', 'I', 'V', 'vi'],
    ],
    comp: 'block',
    comp2: 'strum',
  }),
  sound: NO_SOUND_COLOUR,
};
