// Metal: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const metal: GenreRecord = {
  id: 'metal',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['metal', 'heavy metal', 'thrash', 'thrash metal', 'death metal', 'black metal', 'metalcore', 'djent', 'doom metal', 'power metal', 'nu metal', 'symphonic metal', 'speed metal', 'deathcore'],
      es: ['metal', 'heavy metal', 'metal sinfonico'],
      fr: ['metal', 'heavy metal', 'metal symphonique'],
      de: ['metal', 'heavy metal'],
      pt: ['metal', 'heavy metal', 'metal sinfonico'],
    },
  },
  brief: {
    needs: ['drums'],
    label: 'metal',
    bpmRange: { min: 140, max: 200 },
    drumKit: 16,
    energy: 0.9,
    valence: -0.5,
    modes: { minor: 0.5, phrygian: 0.5 },
    tonics: ['E', 'D', 'C#', 'B', 'C', 'F#'],
    instruments: [
      drums(16),
      part('electric bass', 34, 'bass'),
      part('rhythm guitar', 30, 'chords'),
      part('lead guitar', 30, 'lead'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'V', 'I'],
      ['I', 'V', 'IV', 'V'],
    ],
    minor: [
      ['i', 'bII', 'i', 'bVII'],
      ['i', 'bVI', 'bVII', 'i'],
      ['i', 'bII', 'bVI', 'V'],
    ],
    colour: 'power',
    bass: 'riff',
    comp: 'chug',
    comp2: 'power',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 36, pattern: '.xxx.xxx.xxx.xxx', minEnergy: 0.55 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: 'X.o.X.o.X.o.X.o.', minEnergy: 0.2 },
    ],
    // Thrash beat: kick on every beat, snare on every off-beat, double kick between. Every beat
    // sounds alike, so 180 bpm is felt at 180; the backbeat above made it a half-time 90.
    fastDrums: {
      fromBpm: 150,
      lanes: [
        { note: 36, pattern: 'X...X...X...X...', minEnergy: 0.1 },
        { note: 36, pattern: '.ooo.ooo.ooo.ooo', minEnergy: 0.55 },
        { note: 38, pattern: '..x...x...x...x.', minEnergy: 0.2 },
        { note: 42, pattern: 'X.o.X.o.X.o.X.o.', minEnergy: 0.2 },
      ],
    },
    introDrums: 'full',
    leadCenterPitch: 67,
    busyness: 0.7,
  }),
  sound: NO_SOUND_COLOUR,
};
