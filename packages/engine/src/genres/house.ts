// House: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, FOUR_FLOOR, NO_SOUND_COLOUR, OFFBEAT_OPEN, part, style } from './shared.js';

export const house: GenreRecord = {
  id: 'house',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['house', 'deep house', 'tech house', 'progressive house', 'edm', 'electro house', 'future house', 'garage', 'uk garage', 'eurodance', 'trance', 'club music', 'dance music', 'dance track'],
      es: ['house', 'musica house', 'musica electronica de baile', 'musica de discoteca', 'musica dance'],
      fr: ['house', 'musique house', 'musique electronique de danse', 'musique de club'],
      de: ['house', 'housemusik', 'clubmusik', 'tanzmusik'],
      pt: ['house', 'musica eletronica de danca', 'musica de balada'],
    },
    weak: {
      en: ['dance', 'electronic', 'club', 'electro', 'edm'],
      es: ['electronica', 'electronico', 'bailable'],
      fr: ['electronique', 'electro'],
      de: ['elektronisch', 'elektro', 'elektronische'],
      pt: ['eletronica', 'eletronico', 'dancante'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'house',
    bpmRange: { min: 118, max: 128 },
    drumKit: 24,
    energy: 0.75,
    valence: 0.5,
    modes: { minor: 0.5, major: 0.3, dorian: 0.2 },
    tonics: ['A', 'F', 'G', 'C', 'D', 'E', 'Bb'],
    instruments: [
      drums(24),
      part('synth bass', 38, 'bass'),
      part('piano', 0, 'lead'),
      part('organ', 16, 'chords'),
      part('warm pad', 89, 'pad'),
    ],
  },
  style: style({
    humanize: false,
    major: [
      ['vi', 'IV', 'I', 'V'],
      ['I', 'V', 'vi', 'IV'],
    ],
    minor: [
      ['i', 'bVII', 'bVI', 'bVII'],
      ['i', 'iv', 'bVI', 'V7'],
    ],
    colour: 'seventh',
    bass: 'offbeatOctaves',
    comp: 'stabs',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: FOUR_FLOOR, minEnergy: 0.1 },
      { note: 39, pattern: BACKBEAT, minEnergy: 0.3 },
      { note: 46, pattern: OFFBEAT_OPEN, minEnergy: 0.35 },
      { note: 42, pattern: 'gxg.gxg.gxg.gxg.', minEnergy: 0.6 },
    ],
    dance: true,
    leadCenterPitch: 72,
    busyness: 0.6,
  }),
  synthesis: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'pluck-bass', duckDepth: 0.45 },
      39: { patch: 'pluck-bass', duckDepth: 0.45 },
      81: { patch: 'saw-lead', duckDepth: 0.2 },
      90: { patch: 'poly-stab', duckDepth: 0.35 },
      89: { patch: 'supersaw-pad', duckDepth: 0.6 },
      95: { patch: 'supersaw-pad', duckDepth: 0.6 },
    },
  },
  sound: NO_SOUND_COLOUR,
};
