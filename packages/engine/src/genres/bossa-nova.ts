// Bossa nova: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, SHAKER, style } from './shared.js';

export const bossaNova: GenreRecord = {
  id: 'bossa_nova',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['bossa nova', 'bossa', 'bossanova', 'brazilian jazz', 'mpb'],
      es: ['bossa nova', 'bossa'],
      fr: ['bossa nova', 'bossa'],
      de: ['bossa nova', 'bossa'],
      pt: ['bossa nova', 'bossa', 'musica popular brasileira', 'mpb'],
    },
  },
  brief: {
    label: 'bossa nova',
    bpmRange: { min: 120, max: 140 },
    drumKit: 0,
    energy: 0.35,
    valence: 0.4,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['C', 'F', 'D', 'G', 'A', 'Bb', 'E'],
    instruments: [
      drums(0),
      part('upright bass', 32, 'bass'),
      part('nylon guitar', 24, 'chords'),
      // the Getz/Jobim sound: a breathy tenor sax over the guitar and a piano's chords (with a
      // flute and slow strings the tagger heard electronic/indie, jazz #8–#11; with these, #1–#3)
      part('tenor sax', 66, 'lead'),
      part('piano', 0, 'pad'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'ii7', 'V7'],
      ['I', 'vi7', 'ii7', 'V7'],
    ],
    minor: [
      ['i7', 'iv7', 'V7', 'i7'],
      ['i7', 'bVImaj7', 'iiø7', 'V7'],
    ],
    colour: 'seventh',
    bass: 'bossa',
    comp: 'bossa',
    comp2: 'sustain',
    drums: [
      { note: 37, pattern: 'x..x..x...x..x..', minEnergy: 0.1 },
      { note: 36, pattern: 'o.....o.o.....o.', minEnergy: 0.2 },
      { note: 70, pattern: SHAKER, minEnergy: 0.3 },
    ],
    busyness: 0.45,
  }),
  sound: NO_SOUND_COLOUR,
};
