// Chiptune: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { BACKBEAT, drums, NO_SOUND_COLOUR, part, style } from './shared.js';

export const chiptune: GenreRecord = {
  id: 'chiptune',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['chiptune', 'chip tune', 'chip music', '8-bit', '8 bit', '8bit', '16-bit', '16 bit', 'nes', 'gameboy', 'game boy', 'retro game', 'retro video game', 'arcade', 'pixel', 'video game', 'videogame', 'bitpop'],
      es: ['chiptune', '8 bits', 'videojuego', 'videojuegos', 'arcade', 'retro gaming'],
      fr: ['chiptune', '8 bits', 'jeu video', 'jeux video', 'arcade'],
      de: ['chiptune', '8 bit', 'videospiel', 'videospielmusik', 'arcade'],
      pt: ['chiptune', '8 bits', 'videogame', 'jogo retro', 'fliperama', 'arcade'],
    },
  },
  brief: {
    needs: ['drums'],
    label: 'chiptune',
    bpmRange: { min: 120, max: 170 },
    drumKit: 24,
    energy: 0.7,
    valence: 0.6,
    modes: { major: 0.6, minor: 0.4 },
    tonics: ['C', 'G', 'A', 'E', 'D', 'F'],
    instruments: [
      drums(24, 'chip drums'),
      part('square bass', 80, 'bass'),
      part('square lead', 80, 'lead'),
      part('square arpeggio', 80, 'arp'),
    ],
  },
  style: style({
    humanize: false,
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['I', 'IV', 'V', 'I'],
      ['vi', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVI', 'bVII', 'i'],
      ['i', 'iv', 'V', 'i'],
    ],
    bass: 'octaves8ths',
    comp: 'arpeggio',
    comp2: 'arpeggio',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: 'x.x.x.x.x.x.x.x.', minEnergy: 0.3 },
    ],
    leadCenterPitch: 76,
    busyness: 0.75,
  }),
  sound: NO_SOUND_COLOUR,
};
