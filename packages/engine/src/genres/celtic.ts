// Celtic: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, SIX_EIGHT, style } from './shared.js';

export const celtic: GenreRecord = {
  id: 'celtic',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['celtic', 'irish', 'scottish', 'jig', 'reel', 'irish folk', 'gaelic', 'highland', 'shanty', 'sea shanty', 'pub song', 'breton'],
      es: ['celta', 'celtica', 'irlandes', 'irlandesa', 'escoces', 'escocesa', 'gallega', 'musica celta'],
      fr: ['celtique', 'irlandais', 'irlandaise', 'ecossais', 'ecossaise', 'breton', 'bretonne', 'gigue'],
      de: ['keltisch', 'keltische', 'irisch', 'irische', 'schottisch', 'schottische'],
      pt: ['celta', 'celtica', 'celtico', 'irlandes', 'irlandesa', 'escoces', 'escocesa'],
    },
  },
  brief: {
    label: 'celtic',
    bpmRange: { min: 100, max: 125 },
    defaultMeter: SIX_EIGHT,
    drumKit: 0,
    energy: 0.6,
    valence: 0.4,
    modes: { dorian: 0.4, mixolydian: 0.3, major: 0.3 },
    tonics: ['D', 'G', 'A', 'E'],
    instruments: [
      drums(0, 'bodhran'),
      part('acoustic bass', 32, 'bass'),
      part('acoustic guitar', 25, 'chords'),
      part('fiddle', 110, 'lead'),
      part('tin whistle', 78, 'counter'),
      part('harp', 46, 'arp'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'V', 'I'],
      ['I', 'bVII', 'I', 'V'],
      ['I', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVII', 'i', 'bVII'],
      ['i', 'bVII', 'bVI', 'bVII'],
      ['i', 'iv', 'V', 'i'],
    ],
    bass: 'rootFifth',
    comp: 'fingerpick',
    comp2: 'strum',
    drums: [
      { note: 45, pattern: 'x..o..x.x..o..o.', minEnergy: 0.2 },
      { note: 47, pattern: '....o.......o...', minEnergy: 0.5 },
    ],
    introDrums: 'none',
    leadCenterPitch: 76,
    busyness: 0.7,
  }),
  sound: NO_SOUND_COLOUR,
};
