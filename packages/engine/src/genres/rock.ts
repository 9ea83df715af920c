// Rock: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, EIGHTH_HATS, NO_SOUND_COLOUR, part, style } from './shared.js';

export const rock: GenreRecord = {
  id: 'rock',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['rock', 'rock and roll', "rock 'n' roll", 'rock n roll', 'indie rock', 'alternative rock', 'alt rock', 'hard rock', 'punk', 'pop punk', 'punk rock', 'grunge', 'garage rock', 'surf rock', 'classic rock', 'post rock', 'post-rock', 'shoegaze', 'stoner rock', 'arena rock'],
      es: ['rock', 'rock alternativo', 'rock duro', 'rockero', 'punk'],
      fr: ['rock', 'rock alternatif', 'punk'],
      de: ['rock', 'rockmusik', 'punk'],
      pt: ['rock', 'rock alternativo', 'punk', 'roqueiro'],
    },
    modifiers: { en: ['rocky', 'rocking'], es: ['roquero'], de: ['rockig'] },
  },
  brief: {
    needs: ['drums'],
    label: 'rock',
    bpmRange: { min: 110, max: 150 },
    drumKit: 0,
    energy: 0.75,
    valence: 0.2,
    modes: { major: 0.4, minor: 0.3, mixolydian: 0.3 },
    tonics: ['E', 'A', 'D', 'G', 'C', 'B'],
    instruments: [
      drums(0),
      part('electric bass', 34, 'bass'),
      part('distortion guitar', 30, 'chords'),
      part('overdriven guitar', 29, 'lead'),
      part('organ', 16, 'pad'),
    ],
  },
  style: style({
    major: [
      ['I', 'bVII', 'IV', 'I'],
      ['I', 'IV', 'V', 'IV'],
      ['I', 'V', 'vi', 'IV'],
    ],
    minor: [
      ['i', 'bVI', 'bVII', 'i'],
      ['i', 'bVII', 'bVI', 'V'],
    ],
    colour: 'power',
    comp: 'power',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: 'X.......X.X.....', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.2 },
      { note: 51, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.75 },
    ],
    introDrums: 'full',
    busyness: 0.55,
  }),
  sound: NO_SOUND_COLOUR,
};
