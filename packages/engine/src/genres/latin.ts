// Latin: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, kitPercussion, NO_SOUND_COLOUR, part, style } from './shared.js';

export const latin: GenreRecord = {
  id: 'latin',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['latin', 'salsa', 'samba', 'mambo', 'cha cha', 'cha-cha', 'rumba', 'merengue', 'cumbia', 'bachata', 'son cubano', 'latin jazz', 'tango', 'flamenco', 'mariachi', 'timba', 'afro-cuban', 'afro cuban'],
      es: ['latino', 'latina', 'musica latina', 'salsa', 'cumbia', 'merengue', 'bachata', 'son cubano', 'tango', 'flamenco', 'rumba', 'mambo', 'mariachi', 'ranchera'],
      fr: ['latine', 'latino', 'musique latine', 'salsa', 'samba', 'tango'],
      de: ['latin', 'lateinamerikanisch', 'salsa', 'samba', 'tango'],
      pt: ['latino', 'latina', 'musica latina', 'samba', 'pagode', 'forro', 'axe', 'salsa', 'frevo', 'choro'],
    },
  },
  brief: {
    needs: ['drums'],
    label: 'latin',
    bpmRange: { min: 160, max: 200 },
    drumKit: 0,
    energy: 0.75,
    valence: 0.6,
    modes: { minor: 0.6, major: 0.4 },
    tonics: ['C', 'G', 'D', 'A', 'F', 'E'],
    instruments: [
      drums(0),
      kitPercussion(0, 'congas and timbales'),
      part('bass', 33, 'bass'),
      part('piano', 0, 'chords'),
      part('brass section', 61, 'lead'),
      part('trumpet', 56, 'counter'),
    ],
  },
  style: style({
    major: [
      ['I', 'IV', 'V7', 'IV'],
      ['ii7', 'V7', 'I', 'I'],
    ],
    minor: [
      ['i', 'iv', 'V7', 'i'],
      ['i', 'bVII', 'bVI', 'V7'],
    ],
    bass: 'tumbao',
    comp: 'montuno',
    comp2: 'stabs',
    // Salsa lives at 160–200 bpm, so its figures move in eighths: the son clave spans two bars,
    // the bongo bell marks every beat, the congas play the tumbao (slap on 2, open tones on 4 and
    // its "and"), and the bass drum doubles the bass's anticipations.
    drums: [
      { note: 75, pattern: 'x.....x.....x.......x...x.......', minEnergy: 0.1 },
      { note: 56, pattern: 'X...X...X...X...', minEnergy: 0.3 },
      { note: 70, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.3 },
      { note: 62, pattern: 'g.g.x.g.g.g.....', minEnergy: 0.2 },
      { note: 63, pattern: '............o.o.', minEnergy: 0.2 },
      { note: 36, pattern: '......o.....o...', minEnergy: 0.4 },
    ],
    // From 170 bpm the bass drum marks every beat, the bell plays from the quietest section and the
    // shaker's off-beats are ghosted: clave and congas repeat every two beats, and with them louder
    // than the beat a 180 bpm salsa was heard at 90 (the bass keeps the anticipations).
    fastDrums: {
      fromBpm: 170,
      lanes: [
        { note: 75, pattern: 'x.....x.....x.......x...x.......', minEnergy: 0.1 },
        { note: 56, pattern: 'X...X...X...X...', minEnergy: 0.1 },
        { note: 70, pattern: 'x.g.x.g.x.g.x.g.', minEnergy: 0.3 },
        { note: 62, pattern: 'g.g.x.g.g.g.....', minEnergy: 0.2 },
        { note: 63, pattern: '............o.o.', minEnergy: 0.2 },
        { note: 36, pattern: 'x...x...x...x...', minEnergy: 0.1 },
      ],
    },
    percussion: [
      { note: 62, pattern: 'g.g.o.g.g.g.....', minEnergy: 0.1 },
      { note: 63, pattern: '............o.o.', minEnergy: 0.1 },
      { note: 56, pattern: 'X...X...X...X...', minEnergy: 0.3 },
      { note: 65, pattern: 'x...o...x...o.o.', minEnergy: 0.5 },
    ],
    busyness: 0.6,
  }),
  sound: NO_SOUND_COLOUR,
};
