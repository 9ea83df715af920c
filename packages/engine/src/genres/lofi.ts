// Lo-fi hip hop: its record in the genre registry (index.ts), read by the brief, the composer and the renderer.
import type { GenreRecord } from './genre-record.js';
import { drums, part, style } from './shared.js';

export const lofi: GenreRecord = {
  id: 'lofi',
  // biome-ignore format: word lists, one language a line
  words: {
    nouns: {
      en: ['lo-fi', 'lo fi', 'lofi hip hop', 'lo-fi hip hop', 'chillhop', 'chill hop', 'study beats', 'boom bap', 'jazzhop', 'jazz hop', 'beats to study', 'beats to relax'],
      es: ['lo-fi', 'lofi', 'musica para estudiar', 'ritmos para estudiar'],
      fr: ['lo-fi', 'lofi', 'musique pour etudier'],
      de: ['lo-fi', 'lofi', 'musik zum lernen'],
      pt: ['lo-fi', 'lofi', 'musica para estudar'],
    },
  },
  brief: {
    needs: ['drums'],
    label: 'lo-fi hip hop',
    bpmRange: { min: 70, max: 90 },
    swing: 0.58,
    drumKit: 8,
    energy: 0.3,
    valence: 0.1,
    modes: { major: 0.4, minor: 0.3, dorian: 0.3 },
    tonics: ['C', 'D', 'Eb', 'F', 'G', 'A', 'Bb', 'E'],
    instruments: [
      drums(8),
      part('electric bass', 33, 'bass'),
      part('electric piano', 4, 'chords'),
      part('piano', 0, 'lead'),
      part('jazz guitar', 26, 'counter'),
    ],
  },
  // Boom bap as an MPC plays it: sixteenths swung to 58 % (MPC swing runs 54–75 %; lo-fi sits at
  // 55–62), kick on 1 and the "a" of 2 and "and" of 3, a hard backbeat snare, sixteenth hats with
  // ghosted in-betweens, and the keys a sampled loop.
  style: style({
    swing: 0.58,
    swingPairTicks: 240,
    major: [
      ['ii7', 'V7', 'I', 'vi7'],
      ['I', 'vi7', 'ii7', 'V7'],
      ['IVmaj7', 'iii7', 'ii7', 'V7'],
    ],
    minor: [
      ['i7', 'iv7', 'bVImaj7', 'V7'],
      ['i9', 'bVImaj7', 'iv7', 'V7'],
    ],
    colour: 'ninth',
    bass: 'rootsApproach',
    comp: 'comp',
    comp2: 'fingerpick',
    drums: [
      { note: 36, pattern: 'X......x..x.....', minEnergy: 0.12 },
      { note: 38, pattern: '....X.......X...', minEnergy: 0.2 },
      { note: 42, pattern: 'x.gox.gox.gox.go', minEnergy: 0.2 },
    ],
    sampleLoop: true,
    leadCenterPitch: 72,
    busyness: 0.35,
  }),
  // Lo-fi's room and standard kits become the boom-bap kit (kick, snare, rim, hats): sampled-break
  // drums, saturated and rolled off, with the kick and snare in front. Its keys and guitars stay sampled.
  synthesis: {
    drumKits: [0, 8],
    drumPatch: 'boom-bap-kit',
    programs: {},
  },
  // a beat first: the kit in front of the keys, as a boom-bap mix has it
  mix: { volumeStepsByRole: { drums: 16, counter: -6 } },
  // The keys breathe with the kick (a gentle sidechain, as a beatmaker glues a sample to the drums).
  sound: {
    vinylLayer: true,
    tapeColour: true,
    sampledLoopColour: true,
    subBassUnderBass: false,
    duckUnderKick: { roles: ['chords', 'counter', 'lead'], depth: 0.22 },
  },
};
