// The shape of one genre's record in the registry (index.ts): everything the engine knows about a
// genre, read by the brief (tempo, meter, key habits, kit, default parts), the composer (grooves,
// harmony, bass, comping) and the renderer (synthesised voices, colour layers). A genre's
// knowledge lives in its own file, so changing a genre touches one file, not a dozen.
import type {
  GenreId,
  InstrumentChoice,
  Meter,
  Mode,
  PartRole,
  PitchClass,
  SynthPatchId,
  SynthVoice,
  Words,
} from '../types.js';

/** The words that name a genre, per language: what the brief matches a prompt against (brief/detect-genre.ts). */
export interface GenreWords {
  /** Nouns that name the genre ("metal", "bossa nova"). */
  nouns: Words;
  /** Adjectives that usually colour another genre ("orchestral metal", "jazzy lo-fi"). */
  modifiers?: Words;
  /** Hints that only decide when nothing stronger is named ("dance", "electronic"). */
  weak?: Words;
}

/** What the brief reads: MUSIC.md's genre table row (bpm range, modes, kit, default parts). */
export interface GenreBrief {
  label: string;
  bpmRange: { min: number; max: number };
  /** Drums feel half as fast as the counted bpm (trap); default false. */
  halfTime?: boolean;
  /** Relative weights of the modes the genre habitually uses. */
  modes: Partial<Record<Mode, number>>;
  /** Tonics idiomatic for the genre (open strings, horn keys, …). */
  tonics: readonly PitchClass[];
  /** Default 4/4. */
  defaultMeter?: Meter;
  /** Swing ratio: 0.5 straight (the default), 0.58 lo-fi lilt, 0.66 triplet swing. */
  swing?: number;
  /** GS kit program used when drums are present or asked for. */
  drumKit: number;
  /** The kit an energetic prompt gets instead (a trailer's "huge drums" are not timpani), if any. */
  energeticDrumKit?: number;
  /** Parts the genre brings when the prompt names none. */
  instruments: readonly InstrumentChoice[];
  /**
   * Roles the genre cannot exist without (house without a kick and a bass line is not house). A
   * prompt that names its instruments but no genre gets a genre whose needs they meet; a lo-fi beat
   * is never chosen for "calm piano". Default none.
   */
  needs?: readonly PartRole[];
  /** Typical arousal 0..1 and valence −1..1 when the prompt names no mood. */
  energy: number;
  valence: number;
}

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
  /** The first lead bends into its held notes and shakes them with vibrato (bent-lead.ts): a blues guitar's cry. */
  bentLead: boolean;
  /** Build/drop form instead of verse/chorus. */
  dance: boolean;
  /** Centre pitch of the lead's range. */
  leadCenterPitch: number;
  /** 0 sparse … 1 busy: baseline melodic density before energy. */
  busyness: number;
}

/** Which parts the engine's own synthesiser plays: the patch per melodic GM program, and the kits a drum machine replaces. */
export interface GenreSynthesis {
  programs: Record<number, SynthVoice>;
  drumKits: number[];
  /** The kit that replaces them: the drum machine unless the genre has its own. */
  drumPatch?: SynthPatchId;
}

/** Render-time colour the renderer adds for the genre (rendering/ reads these flags, never the genre's name). */
export interface GenreSound {
  /** A vinyl crackle and hiss layer under the mix (vinyl-layer.ts). */
  vinylLayer: boolean;
  /** Tape saturation and wow on every part (tape-colour.ts). */
  tapeColour: boolean;
  /** The sampler's colour on the looped chords part (sampler-colour.ts; composition/sample-loop.ts). */
  sampledLoopColour: boolean;
  /** A synthesised 808 sub under a sampled bass part (sub-bass-layer.ts). */
  subBassUnderBass: boolean;
  /** A tempo-synced ping-pong echo send (rendering/dub-delay.ts): reggae's dub delays. */
  dubDelay?: DubDelay;
  /** Sampled parts of these roles dip under the kick (rendering/synth/sidechain.ts): lo-fi's pumping warmth. */
  duckUnderKick?: { roles: readonly PartRole[]; depth: number };
}

/** An echo send whose repeats land on the beat grid. */
export interface DubDelay {
  /** Send level 0..1 per part role; roles not listed send nothing. */
  sendsByRole: Partial<Record<PartRole, number>>;
  /** Delay time in beats (0.75: the dotted eighth of dub). */
  beats: number;
  /** Share of each repeat fed back into the next, 0..<1. */
  feedback: number;
}

/** One genre, whole. */
export interface GenreRecord {
  id: GenreId;
  words: GenreWords;
  brief: GenreBrief;
  style: GenreStyle;
  /** Absent when the SoundFont plays every part. */
  synthesis?: GenreSynthesis;
  sound: GenreSound;
  /** Channel-volume steps added to a role's mix (composition/mix.ts), where the genre's balance is not the default's. */
  mix?: { volumeStepsByRole: Partial<Record<PartRole, number>> };
  /** How the genre delivers lyrics: 'rap' on the sixteenth grid; absent, sung. */
  vocalDelivery?: 'rap';
}
