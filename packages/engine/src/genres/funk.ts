// Funk: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, kitPercussion, NO_SOUND_COLOUR, part, SHAKER, SIXTEENTH_HATS, style } from './shared.js';

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
      // a funk band's hand percussion: tambourine sixteenths and congas against the kit
      kitPercussion(0, 'congas and tambourine'),
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
    percussion: [
      { note: 54, pattern: SHAKER, minEnergy: 0.3 },
      { note: 63, pattern: '..o...x...o..xo.', minEnergy: 0.3 },
      { note: 64, pattern: 'x.......x..o....', minEnergy: 0.35 },
    ],
    busyness: 0.65,
  }),
  // The groove in front, as a funk record is mixed: kit, slap bass, the chopped guitar and the hand
  // percussion over the keys and horns (with the default balance the tagger heard jazz first and
  // funk at #6; this balance with the percussion, funk at #3–#4 on seeds 1–3).
  mix: { volumeStepsByRole: { drums: 12, bass: 8, arp: 8, percussion: 8 } },
  sound: NO_SOUND_COLOUR,
};
