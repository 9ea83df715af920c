// Trap: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, part, style } from './shared.js';

export const trap: GenreRecord = {
  id: 'trap',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['trap', 'drill', 'uk drill', 'trap beat', 'dubstep', 'phonk', 'rap beat', 'type beat'],
      es: ['trap', 'trap latino', 'reggaeton', 'reguetón', 'regueton', 'perreo', 'rap'],
      fr: ['trap', 'rap francais', 'drill'],
      de: ['trap', 'deutschrap'],
      pt: ['trap', 'funk carioca', 'rap'],
    },
  },
  vocalDelivery: 'rap',
  brief: {
    needs: ['drums', 'bass'],
    label: 'trap',
    bpmRange: { min: 130, max: 150 },
    halfTime: true,
    drumKit: 25,
    energy: 0.65,
    valence: -0.4,
    modes: { minor: 0.8, phrygian: 0.2 },
    tonics: ['C', 'C#', 'D', 'F', 'F#', 'G', 'A'],
    instruments: [
      drums(25, 'TR-808 drums'),
      part('808 bass', 38, 'bass'),
      part('bells', 8, 'lead'),
      part('warm pad', 89, 'pad'),
      part('choir', 52, 'chords'),
    ],
  },
  style: style({
    humanize: false,
    major: [['vi', 'IV', 'I', 'V']],
    minor: [
      ['i', 'bVI', 'bVII', 'i'],
      ['i', 'iv', 'bVI', 'V7'],
      ['i', 'bVI', 'iv', 'V7'],
    ],
    bass: 'sub808',
    comp: 'fingerpick',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: 'X......x..X.....', minEnergy: 0.1 },
      { note: 39, pattern: '........X.......', minEnergy: 0.2 },
      // trap's hats are up front (at 'xo' the rolls were lost under the 808 and the pad)
      { note: 42, pattern: 'XxXxXxXxXxXxXxXx', minEnergy: 0.3 },
      { note: 46, pattern: '..............o.', minEnergy: 0.6 },
    ],
    hatRolls: true,
    leadCenterPitch: 74,
    busyness: 0.45,
  }),
  // Trap keeps its sampled TR-808 kit, bells and choir; its bass becomes the sliding 808 sub.
  synthesis: {
    drumKits: [],
    programs: {
      38: { patch: '808', duckDepth: 0 },
      39: { patch: '808', duckDepth: 0 },
    },
  },
  sound: { vinylLayer: false, tapeColour: false, sampledLoopColour: false, subBassUnderBass: true },
};
