// Ambient: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { NO_SOUND_COLOUR, part, style } from './shared.js';

export const ambient: GenreRecord = {
  id: 'ambient',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['ambient', 'ambience', 'drone', 'soundscape', 'new age', 'meditation music', 'sleep music', 'space music', 'dark ambient', 'atmospheric music', 'background music', 'spa music'],
      es: ['ambiental', 'musica ambiental', 'paisaje sonoro', 'musica para dormir', 'musica de meditacion', 'musica relajante'],
      fr: ['ambient', 'musique d ambiance', 'ambiance', 'paysage sonore', 'musique pour dormir', 'musique relaxante'],
      de: ['ambient', 'klanglandschaft', 'entspannungsmusik', 'schlafmusik', 'meditationsmusik'],
      pt: ['ambiente', 'musica ambiente', 'paisagem sonora', 'musica para dormir', 'musica relaxante', 'musica de meditacao'],
    },
    modifiers: { en: ['ambient'], es: ['ambient'], fr: ['ambient'], de: ['ambient'], pt: ['ambient'] },
  },
  brief: {
    label: 'ambient',
    bpmRange: { min: 50, max: 80 },
    drumKit: 8,
    energy: 0.15,
    valence: 0.1,
    modes: { major: 0.3, lydian: 0.4, minor: 0.3 },
    tonics: ['C', 'D', 'E', 'F', 'G', 'A', 'Bb', 'Eb'],
    instruments: [
      part('low pad', 89, 'bass'),
      part('new age pad', 88, 'pad'),
      part('halo pad', 94, 'chords'),
      part('piano', 0, 'lead'),
      part('celesta', 8, 'arp'),
    ],
  },
  style: style({
    humanize: false,
    major: [
      ['I', 'IVmaj7'],
      ['I', 'vi', 'IV', 'I'],
      ['Isus2', 'IVmaj7', 'vi7', 'IVmaj7'],
    ],
    minor: [
      ['i', 'bVImaj7'],
      ['i', 'iv7', 'bVImaj7', 'V'],
    ],
    colour: 'sus',
    chordBars: 2,
    bass: 'sustained',
    comp: 'sustain',
    comp2: 'arpeggio',
    drums: [
      { note: 36, pattern: 'X...............', minEnergy: 0.55 },
      { note: 42, pattern: '........o.......', minEnergy: 0.6 },
    ],
    percussion: [{ note: 70, pattern: 'o...o...o...o...', minEnergy: 0.5 }],
    introDrums: 'none',
    leadCenterPitch: 72,
    busyness: 0.15,
  }),
  sound: NO_SOUND_COLOUR,
};
