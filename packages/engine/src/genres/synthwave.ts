// Synthwave: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, EIGHTH_HATS, NO_SOUND_COLOUR, part, style } from './shared.js';

export const synthwave: GenreRecord = {
  id: 'synthwave',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['synthwave', 'synth wave', 'retrowave', 'outrun', 'vaporwave', 'darkwave', 'chillwave', 'synth pop', 'synthpop', 'new wave', 'cyberpunk', '80s synth', 'retro synth'],
      es: ['synthwave', 'retrowave', 'sintetizadores de los 80'],
      fr: ['synthwave', 'retrowave'],
      de: ['synthwave', 'retrowave'],
      pt: ['synthwave', 'retrowave'],
    },
  },
  brief: {
    needs: ['drums'],
    label: 'synthwave',
    bpmRange: { min: 80, max: 118 },
    drumKit: 24,
    energy: 0.6,
    valence: 0.1,
    modes: { minor: 0.7, major: 0.2, dorian: 0.1 },
    tonics: ['A', 'E', 'F#', 'C', 'D', 'G'],
    instruments: [
      drums(24),
      part('synth bass', 38, 'bass'),
      part('saw lead', 81, 'lead'),
      part('polysynth', 90, 'chords'),
      part('synth strings', 50, 'pad'),
    ],
  },
  style: style({
    humanize: false,
    major: [
      ['vi', 'IV', 'I', 'V'],
      ['I', 'V', 'vi', 'IV'],
    ],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'bVI', 'bVII', 'V'],
    ],
    bass: 'octaves8ths',
    comp: 'sustain',
    comp2: 'arpeggio',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.25 },
      { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.3 },
    ],
    introDrums: 'none',
    leadCenterPitch: 74,
  }),
  synthesis: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'saw-bass', duckDepth: 0.25 },
      39: { patch: 'saw-bass', duckDepth: 0.25 },
      81: { patch: 'saw-lead', duckDepth: 0 },
      90: { patch: 'poly-stab', duckDepth: 0.2 },
      50: { patch: 'supersaw-pad', duckDepth: 0.3 },
      89: { patch: 'supersaw-pad', duckDepth: 0.3 },
    },
  },
  sound: NO_SOUND_COLOUR,
};
