// Per-genre arranging habits from MUSIC.md's table: grooves, swing, harmony pools, bass and
// accompaniment styles. Pure data; the part writers interpret it. One table on purpose, so genres
// read side by side, which is why this file runs past the usual length.
import type { GenreId } from '../types.js';

export type BassStyle =
  | 'rootsApproach'
  | 'offbeatOctaves'
  | 'octaves8ths'
  | 'walking'
  | 'rootFifth'
  | 'bossa'
  | 'tumbao'
  | 'sub808'
  | 'reese'
  | 'riff'
  | 'root8ths'
  | 'sustained'
  | 'reggae'
  | 'slap';

export type CompStyle =
  | 'comp'
  | 'stabs'
  | 'strum'
  | 'skank'
  | 'bubble'
  | 'power'
  | 'chug'
  | 'montuno'
  | 'block'
  | 'fingerpick'
  | 'sustain'
  | 'arpeggio'
  | 'chop16'
  | 'bossa'
  | 'ostinato'
  | 'doubleStops'
  | 'interlock';

/** Chord colour added to plain triads in the pools. */
export type Colour = 'triad' | 'seventh' | 'ninth' | 'power' | 'sus';

/** One drum voice over a 4/4 bar: 16 characters, one per sixteenth, or 32 for a two-bar figure
 * such as the son clave. Velocity letters: X accent, x strong, o medium, g ghost, . rest. */
export interface DrumLane {
  note: number;
  pattern: string;
  /** The lane plays only when the section's energy reaches this. */
  minEnergy: number;
}

export interface GenreStyle {
  /** 0.5 straight, 0.58 lo-fi, 0.667 triplet swing. */
  swing: number;
  /** Length of the swung pair: 480 swings eighths, 240 swings sixteenths. */
  swingPairTicks: number;
  humanize: boolean;
  major: string[][];
  minor: string[][];
  colour: Colour;
  chordBars: number;
  bass: BassStyle;
  comp: CompStyle;
  /** Style for a second chords part or a pad-like keyboard, so two parts do not double. */
  comp2: CompStyle;
  /** What an 'arp' part plays: an arpeggio, or afrobeat's interlocking guitar. */
  arp: CompStyle;
  drums: DrumLane[];
  /** The kit groove from `fromBpm` up, where the usual one would be felt at half tempo. */
  fastDrums?: { fromBpm: number; lanes: DrumLane[] };
  percussion: DrumLane[];
  introDrums: 'none' | 'light' | 'full';
  hatRolls: boolean;
  /** The first chords part is a sampled phrase looped bar-exact (sample-loop.ts): lo-fi's chopped loop. */
  sampleLoop: boolean;
  /** Build/drop form instead of verse/chorus. */
  dance: boolean;
  /** Centre pitch of the lead's range. */
  leadCenterPitch: number;
  /** 0 sparse … 1 busy: baseline melodic density before energy. */
  busyness: number;
}

const FOUR_FLOOR = 'X...X...X...X...';
const BACKBEAT = '....X.......X...';
const EIGHTH_HATS = 'x.o.x.o.x.o.x.o.';
const SIXTEENTH_HATS = 'xgogxgogxgogxgog';
const OFFBEAT_OPEN = '..x...x...x...x.';
const SHAKER = 'xgogxgogxgogxgog';
const TAMBOURINE = '....x.......x...';

const base: GenreStyle = {
  swing: 0.5,
  swingPairTicks: 480,
  humanize: true,
  major: [
    ['I', 'V', 'vi', 'IV'],
    ['vi', 'IV', 'I', 'V'],
  ],
  minor: [
    ['i', 'bVI', 'bIII', 'bVII'],
    ['i', 'iv', 'bVI', 'V7'],
  ],
  colour: 'triad',
  chordBars: 1,
  bass: 'root8ths',
  comp: 'block',
  comp2: 'sustain',
  arp: 'arpeggio',
  drums: [
    { note: 36, pattern: 'X.......X.x.....', minEnergy: 0.15 },
    { note: 38, pattern: BACKBEAT, minEnergy: 0.3 },
    { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.25 },
  ],
  percussion: [
    { note: 70, pattern: SHAKER, minEnergy: 0.3 },
    { note: 54, pattern: TAMBOURINE, minEnergy: 0.5 },
  ],
  introDrums: 'light',
  hatRolls: false,
  sampleLoop: false,
  dance: false,
  leadCenterPitch: 71,
  busyness: 0.5,
};

const style = (overrides: Partial<GenreStyle>): GenreStyle => ({ ...base, ...overrides });

/** Arranging habits per genre. */
export const STYLES: Record<GenreId, GenreStyle> = {
  // Boom bap as an MPC plays it: sixteenths swung to 58 % (MPC swing runs 54–75 %; lo-fi sits at
  // 55–62), kick on 1 and the "a" of 2 and "and" of 3, a hard backbeat snare, sixteenth hats with
  // ghosted in-betweens, and the keys a sampled loop.
  lofi: style({
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
  house: style({
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
  techno: style({
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
  drum_and_bass: style({
    humanize: false,
    major: [['vi', 'IV', 'I', 'V']],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'bVI', 'bVII', 'V7'],
    ],
    colour: 'seventh',
    bass: 'reese',
    comp: 'sustain',
    comp2: 'block',
    drums: [
      { note: 36, pattern: 'X.........x.....', minEnergy: 0.1 },
      { note: 38, pattern: '....X.......X...', minEnergy: 0.2 },
      { note: 38, pattern: '.......g.g....g.', minEnergy: 0.55 },
      { note: 42, pattern: SIXTEENTH_HATS, minEnergy: 0.3 },
      { note: 51, pattern: 'X...X...X...X...', minEnergy: 0.3 },
    ],
    dance: true,
    busyness: 0.55,
  }),
  trap: style({
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
  synthwave: style({
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
  pop: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['vi', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
      ['IV', 'I', 'V', 'vi'],
    ],
    comp: 'block',
    comp2: 'strum',
  }),
  rock: style({
    major: [
      ['I', 'bVII', 'IV', 'I'],
      ['I', 'IV', 'V', 'IV'],
      ['I', 'V', 'vi', 'IV'],
    ],
    minor: [
      ['i', 'bVI', 'bVII', 'i'],
      ['i', 'bVII', 'bVI', 'V'],
    ],
    colour: 'power',
    comp: 'power',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: 'X.......X.X.....', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.2 },
      { note: 51, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.75 },
    ],
    introDrums: 'full',
    busyness: 0.55,
  }),
  metal: style({
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
  funk: style({
    major: [
      ['I7', 'IV7'],
      ['ii7', 'V7', 'I7', 'I7'],
    ],
    minor: [
      ['i7', 'IV7'],
      ['i7', 'i7', 'IV7', 'IV7'],
    ],
    colour: 'seventh',
    bass: 'slap',
    comp: 'chop16',
    comp2: 'stabs',
    drums: [
      { note: 36, pattern: 'X..x..x...X.....', minEnergy: 0.1 },
      { note: 38, pattern: '....X..g.g..X..g', minEnergy: 0.2 },
      { note: 42, pattern: SIXTEENTH_HATS, minEnergy: 0.25 },
    ],
    busyness: 0.65,
  }),
  disco: style({
    humanize: false,
    major: [
      ['vi', 'ii', 'V', 'I'],
      ['I', 'vi', 'ii', 'V'],
      ['ii7', 'V7', 'I', 'vi7'],
    ],
    minor: [
      ['i7', 'iv7'],
      ['i', 'bVII', 'bVI', 'V7'],
    ],
    bass: 'octaves8ths',
    comp: 'chop16',
    comp2: 'stabs',
    drums: [
      { note: 36, pattern: FOUR_FLOOR, minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 46, pattern: OFFBEAT_OPEN, minEnergy: 0.3 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.3 },
    ],
    busyness: 0.6,
  }),
  jazz: style({
    swing: 0.667,
    major: [
      ['ii7', 'V7', 'I', 'I'],
      ['I', 'vi7', 'ii7', 'V7'],
      ['I', 'IVmaj7', 'ii7', 'V7'],
    ],
    minor: [
      ['iiø7', 'V7', 'i7', 'i7'],
      ['i7', 'iv7', 'iiø7', 'V7'],
    ],
    colour: 'ninth',
    bass: 'walking',
    comp: 'comp',
    comp2: 'comp',
    drums: [
      { note: 51, pattern: 'x...x.o.x...x.o.', minEnergy: 0.1 },
      { note: 44, pattern: '....x.......x...', minEnergy: 0.15 },
      { note: 36, pattern: 'g...g...g...g...', minEnergy: 0.55 },
      { note: 38, pattern: '.......g......g.', minEnergy: 0.5 },
    ],
    leadCenterPitch: 70,
  }),
  bossa_nova: style({
    major: [
      ['I', 'IV', 'ii7', 'V7'],
      ['I', 'vi7', 'ii7', 'V7'],
    ],
    minor: [
      ['i7', 'iv7', 'V7', 'i7'],
      ['i7', 'bVImaj7', 'iiø7', 'V7'],
    ],
    colour: 'seventh',
    bass: 'bossa',
    comp: 'bossa',
    comp2: 'sustain',
    drums: [
      { note: 37, pattern: 'x..x..x...x..x..', minEnergy: 0.1 },
      { note: 36, pattern: 'o.....o.o.....o.', minEnergy: 0.2 },
      { note: 70, pattern: SHAKER, minEnergy: 0.3 },
    ],
    busyness: 0.45,
  }),
  latin: style({
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
  reggae: style({
    major: [
      ['I', 'IV'],
      ['I', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
    ],
    minor: [
      ['i', 'iv'],
      ['i', 'bVII', 'bVI', 'bVII'],
    ],
    bass: 'reggae',
    comp: 'skank',
    comp2: 'bubble',
    drums: [
      { note: 36, pattern: '........X.......', minEnergy: 0.1 },
      { note: 37, pattern: '........x.......', minEnergy: 0.1 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.25 },
    ],
    busyness: 0.45,
  }),
  country: style({
    major: [
      ['I', 'IV', 'V', 'I'],
      ['I', 'vi', 'IV', 'V'],
      ['I', 'I', 'IV', 'V'],
    ],
    minor: [
      ['i', 'iv', 'bVII', 'i'],
      ['i', 'bVI', 'bVII', 'V'],
    ],
    bass: 'rootFifth',
    comp: 'strum',
    comp2: 'fingerpick',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.2 },
      { note: 38, pattern: 'g.g.g.g.g.g.g.g.', minEnergy: 0.65 },
      { note: 42, pattern: EIGHTH_HATS, minEnergy: 0.3 },
    ],
  }),
  folk: style({
    major: [
      ['I', 'IV', 'I', 'V'],
      ['I', 'vi', 'IV', 'V'],
      ['vi', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVII', 'bVI', 'bVII'],
      ['i', 'iv', 'V7', 'i'],
    ],
    bass: 'rootFifth',
    comp: 'fingerpick',
    comp2: 'strum',
    drums: [
      { note: 36, pattern: 'X.......x.......', minEnergy: 0.3 },
      { note: 38, pattern: '....o.......o...', minEnergy: 0.45 },
      { note: 42, pattern: 'o.g.o.g.o.g.o.g.', minEnergy: 0.5 },
    ],
    introDrums: 'none',
    busyness: 0.45,
  }),
  orchestral: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['I', 'IV', 'V', 'I'],
      ['I', 'iii', 'IV', 'V'],
    ],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'iv', 'V', 'i'],
      ['i', 'bVI', 'iv', 'V'],
    ],
    bass: 'sustained',
    comp: 'ostinato',
    comp2: 'arpeggio',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.45 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.7 },
    ],
    percussion: [{ note: 47, pattern: 'X.......x.......', minEnergy: 0.4 }],
    introDrums: 'none',
    busyness: 0.4,
  }),
  cinematic: style({
    major: [
      ['I', 'V', 'vi', 'IV'],
      ['vi', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVI', 'bIII', 'bVII'],
      ['i', 'bVI', 'bVII', 'V'],
      ['i', 'bVI', 'iv', 'V'],
    ],
    bass: 'sustained',
    comp: 'ostinato',
    comp2: 'arpeggio',
    // Timpani (41, 43 in the Orchestra kit) swell rather than strike, so an energetic cue's "huge
    // drums" add a bass drum and a driving snare (on the Power kit, see genres.ts): onset detectors
    // (and listeners) heard the timpani-only cue as sparser than a minimal piano loop.
    drums: [
      { note: 41, pattern: 'X..x..x.X.......', minEnergy: 0.4 },
      { note: 43, pattern: '........x..x.x..', minEnergy: 0.6 },
      { note: 38, pattern: '....x.......x...', minEnergy: 0.75 },
      { note: 36, pattern: 'X.....x.X.....x.', minEnergy: 0.7 },
      { note: 38, pattern: 'x.x...x.x.x...xx', minEnergy: 0.78 },
    ],
    percussion: [{ note: 47, pattern: 'X.....x.X.......', minEnergy: 0.4 }],
    introDrums: 'none',
    busyness: 0.4,
  }),
  ambient: style({
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
  chiptune: style({
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
  afrobeat: style({
    major: [['I7'], ['I', 'IV']],
    minor: [['i7'], ['i7', 'iv7']],
    chordBars: 2,
    bass: 'riff',
    comp: 'doubleStops',
    comp2: 'stabs',
    arp: 'interlock',
    drums: [
      { note: 36, pattern: 'X..x..x...X..x..', minEnergy: 0.1 },
      { note: 38, pattern: '....x.......x..g', minEnergy: 0.2 },
      { note: 42, pattern: 'x.ox.ox.x.ox.ox.', minEnergy: 0.25 },
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
  blues: style({
    swing: 0.667,
    major: [['I7', 'IV7', 'I7', 'I7', 'IV7', 'IV7', 'I7', 'I7', 'V7', 'IV7', 'I7', 'V7']],
    minor: [['i7', 'iv7', 'i7', 'i7', 'iv7', 'iv7', 'i7', 'i7', 'V7', 'iv7', 'i7', 'V7']],
    bass: 'walking',
    comp: 'comp',
    comp2: 'sustain',
    drums: [
      { note: 36, pattern: 'X.......X.......', minEnergy: 0.1 },
      { note: 38, pattern: BACKBEAT, minEnergy: 0.2 },
      { note: 42, pattern: 'x.o.x.o.x.o.x.o.', minEnergy: 0.15 },
    ],
    busyness: 0.45,
  }),
  celtic: style({
    major: [
      ['I', 'IV', 'V', 'I'],
      ['I', 'bVII', 'I', 'V'],
      ['I', 'IV', 'I', 'V'],
    ],
    minor: [
      ['i', 'bVII', 'i', 'bVII'],
      ['i', 'bVII', 'bVI', 'bVII'],
      ['i', 'iv', 'V', 'i'],
    ],
    bass: 'rootFifth',
    comp: 'fingerpick',
    comp2: 'strum',
    drums: [
      { note: 45, pattern: 'x..o..x.x..o..o.', minEnergy: 0.2 },
      { note: 47, pattern: '....o.......o...', minEnergy: 0.5 },
    ],
    introDrums: 'none',
    leadCenterPitch: 76,
    busyness: 0.7,
  }),
};

/** The arranging habits for a genre (pop habits for an unknown id). */
export function getStyle(genre: GenreId): GenreStyle {
  return STYLES[genre] ?? base;
}

// Kick, snare/clap/side stick and cymbal voices belong to the main genre's groove; a blended
// genre contributes only its colour percussion (clave, congas, cowbell, toms, shakers).
const GROOVE_CORE_NOTES = new Set([35, 36, 37, 38, 39, 40, 42, 44, 46, 49, 51, 53]);

/** The main genre's habits with a second genre's percussion colour blended in. */
export function blendStyles(main: GenreStyle, secondary: GenreStyle | null): GenreStyle {
  if (!secondary || secondary === main) return main;
  const colour = secondary.drums
    .filter((lane) => !GROOVE_CORE_NOTES.has(lane.note))
    .map((lane) => ({ ...lane, minEnergy: Math.min(1, lane.minEnergy + 0.1) }));
  return { ...main, drums: [...main.drums, ...colour], percussion: secondary.percussion };
}
