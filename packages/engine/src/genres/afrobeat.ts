// Afrobeat: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, kitPercussion, NO_SOUND_COLOUR, part, SHAKER, SIXTEENTH_HATS, style } from './shared.js';

export const afrobeat: GenreRecord = {
  id: 'afrobeat',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['afrobeat', 'afrobeats', 'afro beat', 'afro-beat', 'highlife', 'amapiano', 'afro house', 'afropop', 'afro pop', 'fela', 'african'],
      es: ['afrobeat', 'africano', 'africana', 'musica africana'],
      fr: ['afrobeat', 'africain', 'africaine', 'musique africaine'],
      de: ['afrobeat', 'afrikanisch', 'afrikanische musik'],
      pt: ['afrobeat', 'africano', 'africana', 'musica africana', 'kuduro', 'kizomba'],
    },
  },
  brief: {
    needs: ['drums', 'bass'],
    label: 'afrobeat',
    bpmRange: { min: 100, max: 120 },
    drumKit: 0,
    energy: 0.7,
    valence: 0.5,
    modes: { dorian: 0.5, minor: 0.3, mixolydian: 0.2 },
    tonics: ['A', 'D', 'E', 'G', 'C', 'F'],
    instruments: [
      drums(0),
      kitPercussion(0, 'congas and shekere'),
      part('electric bass', 33, 'bass'),
      part('muted guitar', 28, 'arp'),
      part('rhythm guitar', 27, 'chords'),
      // Fela's horn section: stabs (the second chords part plays comp2) and the theme in unison as
      // the lead (a tenor sax lead was heard as jazz first, funk #8); no sustained organ pad under
      // them (an afrobeat organ riffs or solos, it does not hold chords: without the pad funk #8 → #4)
      part('brass section', 61, 'chords'),
      part('horn section', 61, 'lead'),
    ],
  },
  style: style({
    major: [['I7'], ['I', 'IV']],
    minor: [['i7'], ['i7', 'iv7']],
    chordBars: 2,
    bass: 'riff',
    comp: 'doubleStops',
    comp2: 'stabs',
    arp: 'interlock',
    drums: [
      { note: 36, pattern: 'X..x..x...X..x..', minEnergy: 0.1 },
      // Tony Allen's snare: the backbeat among ghost strokes
      { note: 38, pattern: '..g.X..g.g.gX..g', minEnergy: 0.2 },
      // and his closed hi-hat on every sixteenth (funk #4 → #3 on seed 1, the everyday prompt #6 → #5)
      { note: 42, pattern: SIXTEENTH_HATS, minEnergy: 0.25 },
      { note: 69, pattern: SHAKER, minEnergy: 0.4 },
    ],
    // Interlocking layers: shekere sixteenths, open high conga against the low conga's downbeats,
    // and from mid energy the claves' timeline that the band locks to.
    percussion: [
      { note: 69, pattern: SHAKER, minEnergy: 0.2 },
      { note: 63, pattern: '..o...x...o..xo.', minEnergy: 0.3 },
      { note: 64, pattern: 'x.......x..o....', minEnergy: 0.35 },
      { note: 75, pattern: 'x..x..x...x.x...', minEnergy: 0.45 },
      // the bell: an agogo's high and low tones on the standard pattern folded into 4/4
      { note: 67, pattern: 'x.x..x.x.x..x...', minEnergy: 0.5 },
      { note: 68, pattern: '...x.......x..x.', minEnergy: 0.5 },
    ],
    busyness: 0.6,
  }),
  // a funk band's balance: kit, bass and hand drums up, the guitars down under the horns (the
  // tagger's funk: #13 → #8 on seed 1 against bass and hand drums alone up)
  mix: { volumeStepsByRole: { drums: 12, bass: 14, percussion: 12, arp: -10, chords: -8, lead: 4 } },
  // a 1970s Lagos studio's tape (funk #5 → #4 on seed 1 with the rest of this record)
  sound: { ...NO_SOUND_COLOUR, tapeColour: true },
};
