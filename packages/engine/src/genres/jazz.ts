// Jazz: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const jazz: GenreRecord = {
  id: 'jazz',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['jazz', 'swing', 'bebop', 'be-bop', 'big band', 'jazz trio', 'jazz combo', 'cool jazz', 'smooth jazz', 'jazz fusion', 'fusion', 'lounge', 'jazz ballad', 'jazz club', 'ragtime', 'nu jazz', 'acid jazz'],
      es: ['jazz', 'swing', 'bebop'],
      fr: ['jazz', 'swing', 'jazz manouche', 'manouche'],
      de: ['jazz', 'swing', 'jazzmusik'],
      pt: ['jazz', 'swing', 'jazz brasileiro'],
    },
    modifiers: {
      en: ['jazzy', 'swinging', 'swingy'],
      es: ['jazzero', 'jazzistico'],
      fr: ['jazzy'],
      de: ['jazzig'],
      pt: ['jazzistico'],
    },
  },
  brief: {
    label: 'jazz',
    bpmRange: { min: 100, max: 200 },
    swing: 0.66,
    drumKit: 32,
    energy: 0.5,
    valence: 0.3,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['F', 'Bb', 'Eb', 'C', 'G', 'Ab', 'D'],
    instruments: [
      drums(32, 'jazz drums'),
      part('upright bass', 32, 'bass'),
      part('piano', 0, 'chords'),
      part('tenor sax', 66, 'lead'),
      part('vibraphone', 11, 'counter'),
    ],
  },
  style: style({
    swing: 0.667,
    major: [
      ['ii7', 'V7', 'I', 'I'],
      ['I', 'vi7', 'ii7', 'V7'],
      ['I', 'IVmaj7', 'ii7', 'V7'],
    ],
    minor: [
      ['iiø7', 'V7', 'i7', 'i7'],
      ['i7', 'iv7', 'iiø7', 'V7'],
    ],
    colour: 'ninth',
    bass: 'walking',
    comp: 'comp',
    comp2: 'comp',
    drums: [
      { note: 51, pattern: 'x...x.o.x...x.o.', minEnergy: 0.1 },
      { note: 44, pattern: '....x.......x...', minEnergy: 0.15 },
      { note: 36, pattern: 'g...g...g...g...', minEnergy: 0.55 },
      { note: 38, pattern: '.......g......g.', minEnergy: 0.5 },
    ],
    leadCenterPitch: 70,
  }),
  sound: NO_SOUND_COLOUR,
};
