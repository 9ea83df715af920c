// Blues: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const blues: GenreRecord = {
  id: 'blues',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['blues', '12-bar', '12 bar', 'twelve bar', 'delta blues', 'chicago blues', 'blues rock', 'shuffle blues', 'rhythm and blues', 'boogie woogie'],
      es: ['blues'],
      fr: ['blues'],
      de: ['blues'],
      pt: ['blues'],
    },
    modifiers: { en: ['bluesy'], es: ['bluesero'], fr: ['bluesy'], de: ['bluesig'], pt: ['bluesy'] },
  },
  brief: {
    label: 'blues',
    bpmRange: { min: 70, max: 120 },
    swing: 0.66,
    drumKit: 0,
    energy: 0.45,
    valence: -0.2,
    modes: { mixolydian: 0.6, major: 0.2, minor: 0.2 },
    tonics: ['E', 'A', 'G', 'C', 'Bb', 'D'],
    instruments: [
      drums(0),
      // Chicago blues: an upright bass walking under an overdriven lead guitar (a clean jazz-box
      // lead over electric bass was heard as country first, the tagger's blues at #20; this, #10)
      part('upright bass', 32, 'bass'),
      part('piano', 0, 'chords'),
      part('blues guitar', 29, 'lead'),
      part('harmonica', 22, 'counter'),
      part('organ', 16, 'pad'),
    ],
  },
  style: style({
    swing: 0.667,
    major: [['I7', 'IV7', 'I7', 'I7', 'IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7']],
    minor: [['i7', 'iv7', 'i7', 'i7', 'iv7', 'iv7', 'i7', 'i7', 'V7', 'iv7', 'i7', 'V7']],
    bass: 'walking',
    comp: 'comp',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.15 },
    ],
    // the lead guitar bends into its held notes with finger vibrato (blues #10 → #6 on seed 1; with
    // the band on tape, #4)
    bentLead: true,
    busyness: 0.45,
  }),
  // a band room on tape, as the Chess and Sun records were cut
  sound: { ...NO_SOUND_COLOUR, tapeColour: true },
};
