// Techno: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, FOUR_FLOOR, NO_SOUND_COLOUR, part, style } from './shared.js';

export const techno: GenreRecord = {
  id: 'techno',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['techno', 'minimal techno', 'industrial techno', 'acid techno', 'acid', 'hard techno', 'detroit techno', 'berlin techno', 'warehouse'],
      es: ['techno', 'tecno'],
      fr: ['techno'],
      de: ['techno', 'technomusik'],
      pt: ['techno', 'tecno'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'techno',
    bpmRange: { min: 125, max: 135 },
    drumKit: 24,
    energy: 0.8,
    valence: -0.1,
    modes: { minor: 0.6, phrygian: 0.3, dorian: 0.1 },
    tonics: ['A', 'F', 'G', 'C', 'D', 'E'],
    instruments: [
      drums(24),
      part('synth bass', 38, 'bass'),
      part('saw lead', 81, 'lead'),
      part('synth stab', 90, 'chords'),
      part('sweep pad', 95, 'pad'),
    ],
  },
  style: style({
    humanize: false,
    major: [['I'], ['I', 'I', 'bVII', 'I']],
    minor: [['i'], ['i', 'i', 'bVI', 'i'], ['i', 'bII']],
    chordBars: 2,
    bass: 'reese',
    comp: 'stabs',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: FOUR_FLOOR, minEnergy: 0.1 },
      { note: 42, pattern: '..x...x...x...x.', minEnergy: 0.25 },
      { note: 39, pattern: BACKBEAT, minEnergy: 0.5 },
      { note: 51, pattern: 'o.o.o.o.o.o.o.o.', minEnergy: 0.6 },
      { note: 42, pattern: 'g.g.g.g.g.g.g.g.', minEnergy: 0.7 },
    ],
    dance: true,
    leadCenterPitch: 69,
    busyness: 0.6,
  }),
  synthesis: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'acid-bass', duckDepth: 0.55 },
      39: { patch: 'acid-bass', duckDepth: 0.55 },
      81: { patch: 'saw-lead', duckDepth: 0.2 },
      90: { patch: 'poly-stab', duckDepth: 0.4 },
      89: { patch: 'supersaw-pad', duckDepth: 0.65 },
      95: { patch: 'supersaw-pad', duckDepth: 0.65 },
    },
  },
  sound: NO_SOUND_COLOUR,
};
