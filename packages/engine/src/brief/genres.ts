// The genre table: MUSIC.md's arranger facts as data (bpm ranges, modes, kits, default parts).
import type { GenreId, InstrumentChoice, Meter, Mode, PartRole, PitchClass } from '../types.js';
import { GENRE_WORDS } from './genre-words.js';
import type { Words } from './text.js';

export interface GenreProfile {
  id: GenreId;
  label: string;
  /** Words that name the genre, per language. */
  keywords: Words;
  bpmRange: { min: number; max: number };
  /** Drums feel half as fast as the counted bpm (trap). */
  halfTime: boolean;
  /** Relative weights of the modes the genre habitually uses. */
  modes: Partial<Record<Mode, number>>;
  /** Tonics idiomatic for the genre (open strings, horn keys, …). */
  tonics: readonly PitchClass[];
  defaultMeter: Meter;
  /** Swing ratio: 0.5 straight, 0.58 lo-fi lilt, 0.66 triplet swing. */
  swing: number;
  /** GS kit program used when drums are present or asked for. */
  drumKit: number;
  /** The kit an energetic prompt gets instead (a trailer's "huge drums" are not timpani), if any. */
  energeticDrumKit?: number;
  /** Parts the genre brings when the prompt names none. */
  instruments: readonly InstrumentChoice[];
  /**
   * Roles the genre cannot exist without (house without a kick and a bass line is not house). A
   * prompt that names its instruments but no genre gets a genre whose needs they meet; a lo-fi beat
   * is never chosen for "calm piano".
   */
  needs: readonly PartRole[];
  /** Typical arousal 0..1 and valence −1..1 when the prompt names no mood. */
  energy: number;
  valence: number;
}

function part(name: string, program: number, role: PartRole): InstrumentChoice {
  return { name, program, role, isDrums: false };
}
function drums(kitProgram: number, name = 'drums'): InstrumentChoice {
  return { name, program: kitProgram, role: 'drums', isDrums: true };
}
function kitPercussion(kitProgram: number, name: string): InstrumentChoice {
  return { name, program: kitProgram, role: 'percussion', isDrums: true };
}

const FOUR_FOUR: Meter = { beatsPerBar: 4, beatUnit: 4 };
const SIX_EIGHT: Meter = { beatsPerBar: 6, beatUnit: 8 };

type ProfileData = Omit<GenreProfile, 'id' | 'keywords' | 'defaultMeter' | 'halfTime' | 'swing' | 'needs'> &
  Partial<Pick<GenreProfile, 'defaultMeter' | 'halfTime' | 'swing' | 'needs'>>;

// biome-ignore format: compact data table, one entry per line
const DATA: Record<GenreId, ProfileData> = {
  lofi: {
    needs: ['drums'],
    label: 'lo-fi hip hop',
    bpmRange: { min: 70, max: 90 },
    swing: 0.58,
    drumKit: 8,
    energy: 0.3,
    valence: 0.1,
    modes: { major: 0.4, minor: 0.3, dorian: 0.3 },
    tonics: ['C', 'D', 'Eb', 'F', 'G', 'A', 'Bb', 'E'],
    instruments: [drums(8), part('electric bass', 33, 'bass'), part('electric piano', 4, 'chords'), part('piano', 0, 'lead'), part('jazz guitar', 26, 'counter')],
  },
  house: {
    needs: ['drums', 'bass'],
    label: 'house',
    bpmRange: { min: 118, max: 128 },
    drumKit: 24,
    energy: 0.75,
    valence: 0.5,
    modes: { minor: 0.5, major: 0.3, dorian: 0.2 },
    tonics: ['A', 'F', 'G', 'C', 'D', 'E', 'Bb'],
    instruments: [drums(24), part('synth bass', 38, 'bass'), part('piano', 0, 'lead'), part('organ', 16, 'chords'), part('warm pad', 89, 'pad')],
  },
  techno: {
    needs: ['drums', 'bass'],
    label: 'techno',
    bpmRange: { min: 125, max: 135 },
    drumKit: 24,
    energy: 0.8,
    valence: -0.1,
    modes: { minor: 0.6, phrygian: 0.3, dorian: 0.1 },
    tonics: ['A', 'F', 'G', 'C', 'D', 'E'],
    instruments: [drums(24), part('synth bass', 38, 'bass'), part('saw lead', 81, 'lead'), part('synth stab', 90, 'chords'), part('sweep pad', 95, 'pad')],
  },
  drum_and_bass: {
    needs: ['drums', 'bass'],
    label: 'drum and bass',
    bpmRange: { min: 170, max: 178 },
    drumKit: 0,
    energy: 0.85,
    valence: 0,
    modes: { minor: 0.8, dorian: 0.2 },
    tonics: ['F', 'G', 'A', 'E', 'D', 'C'],
    instruments: [drums(0), part('reese bass', 39, 'bass'), part('piano', 0, 'lead'), part('warm pad', 89, 'pad'), part('strings', 48, 'chords')],
  },
  trap: {
    needs: ['drums', 'bass'],
    label: 'trap',
    bpmRange: { min: 130, max: 150 },
    halfTime: true,
    drumKit: 25,
    energy: 0.65,
    valence: -0.4,
    modes: { minor: 0.8, phrygian: 0.2 },
    tonics: ['C', 'C#', 'D', 'F', 'F#', 'G', 'A'],
    instruments: [drums(25, 'TR-808 drums'), part('808 bass', 38, 'bass'), part('bells', 8, 'lead'), part('warm pad', 89, 'pad'), part('choir', 52, 'chords')],
  },
  synthwave: {
    needs: ['drums'],
    label: 'synthwave',
    bpmRange: { min: 80, max: 118 },
    drumKit: 24,
    energy: 0.6,
    valence: 0.1,
    modes: { minor: 0.7, major: 0.2, dorian: 0.1 },
    tonics: ['A', 'E', 'F#', 'C', 'D', 'G'],
    instruments: [drums(24), part('synth bass', 38, 'bass'), part('saw lead', 81, 'lead'), part('polysynth', 90, 'chords'), part('synth strings', 50, 'pad')],
  },
  pop: {
    label: 'pop',
    bpmRange: { min: 95, max: 125 },
    drumKit: 0,
    energy: 0.6,
    valence: 0.6,
    modes: { major: 0.7, minor: 0.3 },
    tonics: ['C', 'G', 'D', 'A', 'E', 'F', 'Bb'],
    instruments: [drums(0), part('electric bass', 34, 'bass'), part('piano', 0, 'chords'), part('clean guitar', 27, 'arp'), part('synth lead', 90, 'lead')],
  },
  rock: {
    needs: ['drums'],
    label: 'rock',
    bpmRange: { min: 110, max: 150 },
    drumKit: 0,
    energy: 0.75,
    valence: 0.2,
    modes: { major: 0.4, minor: 0.3, mixolydian: 0.3 },
    tonics: ['E', 'A', 'D', 'G', 'C', 'B'],
    instruments: [drums(0), part('electric bass', 34, 'bass'), part('distortion guitar', 30, 'chords'), part('overdriven guitar', 29, 'lead'), part('organ', 16, 'pad')],
  },
  metal: {
    needs: ['drums'],
    label: 'metal',
    bpmRange: { min: 140, max: 200 },
    drumKit: 16,
    energy: 0.9,
    valence: -0.5,
    modes: { minor: 0.5, phrygian: 0.5 },
    tonics: ['E', 'D', 'C#', 'B', 'C', 'F#'],
    instruments: [drums(16), part('electric bass', 34, 'bass'), part('rhythm guitar', 30, 'chords'), part('lead guitar', 30, 'lead')],
  },
  funk: {
    needs: ['drums', 'bass'],
    label: 'funk',
    bpmRange: { min: 100, max: 125 },
    swing: 0.54,
    drumKit: 0,
    energy: 0.65,
    valence: 0.6,
    modes: { dorian: 0.6, mixolydian: 0.3, minor: 0.1 },
    tonics: ['E', 'A', 'D', 'G', 'C', 'F'],
    instruments: [drums(0), part('slap bass', 36, 'bass'), part('muted guitar', 28, 'arp'), part('electric piano', 4, 'chords'), part('brass section', 61, 'lead')],
  },
  disco: {
    needs: ['drums', 'bass'],
    label: 'disco',
    bpmRange: { min: 115, max: 130 },
    drumKit: 0,
    energy: 0.7,
    valence: 0.7,
    modes: { minor: 0.4, major: 0.4, dorian: 0.2 },
    tonics: ['A', 'E', 'D', 'G', 'C', 'F'],
    instruments: [drums(0), part('electric bass', 33, 'bass'), part('muted guitar', 28, 'arp'), part('electric piano', 4, 'chords'), part('strings', 48, 'lead'), part('brass section', 61, 'counter')],
  },
  jazz: {
    label: 'jazz',
    bpmRange: { min: 100, max: 200 },
    swing: 0.66,
    drumKit: 32,
    energy: 0.5,
    valence: 0.3,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['F', 'Bb', 'Eb', 'C', 'G', 'Ab', 'D'],
    instruments: [drums(32, 'jazz drums'), part('upright bass', 32, 'bass'), part('piano', 0, 'chords'), part('tenor sax', 66, 'lead'), part('vibraphone', 11, 'counter')],
  },
  bossa_nova: {
    label: 'bossa nova',
    bpmRange: { min: 120, max: 140 },
    drumKit: 0,
    energy: 0.35,
    valence: 0.4,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['C', 'F', 'D', 'G', 'A', 'Bb', 'E'],
    instruments: [drums(0), part('upright bass', 32, 'bass'), part('nylon guitar', 24, 'chords'), part('flute', 73, 'lead'), part('slow strings', 49, 'pad')],
  },
  latin: {
    needs: ['drums'],
    label: 'latin',
    bpmRange: { min: 160, max: 200 },
    drumKit: 0,
    energy: 0.75,
    valence: 0.6,
    modes: { minor: 0.6, major: 0.4 },
    tonics: ['C', 'G', 'D', 'A', 'F', 'E'],
    instruments: [drums(0), kitPercussion(0, 'congas and timbales'), part('bass', 33, 'bass'), part('piano', 0, 'chords'), part('brass section', 61, 'lead'), part('trumpet', 56, 'counter')],
  },
  reggae: {
    needs: ['drums', 'bass'],
    label: 'reggae',
    bpmRange: { min: 65, max: 80 },
    drumKit: 0,
    energy: 0.45,
    valence: 0.5,
    modes: { major: 0.6, minor: 0.4 },
    tonics: ['A', 'G', 'C', 'D', 'E', 'F'],
    instruments: [drums(0), part('electric bass', 33, 'bass'), part('clean guitar', 27, 'chords'), part('organ', 16, 'arp'), part('melodica', 22, 'lead')],
  },
  country: {
    label: 'country',
    bpmRange: { min: 90, max: 120 },
    drumKit: 0,
    energy: 0.55,
    valence: 0.4,
    modes: { major: 0.8, mixolydian: 0.2 },
    tonics: ['G', 'D', 'A', 'C', 'E'],
    instruments: [drums(0), part('acoustic bass', 32, 'bass'), part('acoustic guitar', 25, 'chords'), part('fiddle', 110, 'lead'), part('banjo', 105, 'arp')],
  },
  folk: {
    label: 'folk',
    bpmRange: { min: 80, max: 110 },
    drumKit: 40,
    energy: 0.35,
    valence: 0.2,
    modes: { major: 0.6, minor: 0.2, dorian: 0.2 },
    tonics: ['G', 'D', 'C', 'A', 'E'],
    instruments: [part('acoustic bass', 32, 'bass'), part('acoustic guitar', 25, 'chords'), part('nylon guitar', 24, 'arp'), part('violin', 40, 'lead')],
  },
  orchestral: {
    label: 'orchestral',
    bpmRange: { min: 60, max: 140 },
    drumKit: 48,
    energy: 0.5,
    valence: 0,
    modes: { minor: 0.6, major: 0.4 },
    tonics: ['D', 'C', 'G', 'Eb', 'F', 'A', 'E'],
    instruments: [part('timpani', 47, 'percussion'), part('contrabass', 43, 'bass'), part('strings', 48, 'chords'), part('french horn', 60, 'lead'), part('flute', 73, 'counter'), part('harp', 46, 'arp')],
  },
  cinematic: {
    label: 'cinematic',
    bpmRange: { min: 60, max: 140 },
    drumKit: 48,
    // The Power kit's big toms, kick and snare strike where the Orchestra kit's timpani swell: an
    // energetic trailer cue mixed on timpani was heard as sparser than a minimal piano loop.
    energeticDrumKit: 16,
    energy: 0.65,
    valence: -0.1,
    modes: { minor: 0.8, major: 0.2 },
    tonics: ['D', 'C', 'E', 'F', 'G', 'A'],
    instruments: [drums(48, 'orchestral percussion'), part('taiko', 116, 'percussion'), part('contrabass', 43, 'bass'), part('string ostinato', 48, 'arp'), part('brass', 61, 'lead'), part('choir', 52, 'pad'), part('french horns', 60, 'counter')],
  },
  ambient: {
    label: 'ambient',
    bpmRange: { min: 50, max: 80 },
    drumKit: 8,
    energy: 0.15,
    valence: 0.1,
    modes: { major: 0.3, lydian: 0.4, minor: 0.3 },
    tonics: ['C', 'D', 'E', 'F', 'G', 'A', 'Bb', 'Eb'],
    instruments: [part('low pad', 89, 'bass'), part('new age pad', 88, 'pad'), part('halo pad', 94, 'chords'), part('piano', 0, 'lead'), part('celesta', 8, 'arp')],
  },
  chiptune: {
    needs: ['drums'],
    label: 'chiptune',
    bpmRange: { min: 120, max: 170 },
    drumKit: 24,
    energy: 0.7,
    valence: 0.6,
    modes: { major: 0.6, minor: 0.4 },
    tonics: ['C', 'G', 'A', 'E', 'D', 'F'],
    instruments: [drums(24, 'chip drums'), part('square bass', 80, 'bass'), part('square lead', 80, 'lead'), part('square arpeggio', 80, 'arp')],
  },
  afrobeat: {
    needs: ['drums', 'bass'],
    label: 'afrobeat',
    bpmRange: { min: 100, max: 120 },
    drumKit: 0,
    energy: 0.7,
    valence: 0.5,
    modes: { dorian: 0.5, minor: 0.3, mixolydian: 0.2 },
    tonics: ['A', 'D', 'E', 'G', 'C', 'F'],
    instruments: [drums(0), kitPercussion(0, 'congas and shekere'), part('electric bass', 33, 'bass'), part('muted guitar', 28, 'arp'), part('rhythm guitar', 27, 'chords'), part('brass section', 61, 'lead'), part('organ', 16, 'pad')],
  },
  blues: {
    label: 'blues',
    bpmRange: { min: 70, max: 120 },
    swing: 0.66,
    drumKit: 0,
    energy: 0.45,
    valence: -0.2,
    modes: { mixolydian: 0.6, major: 0.2, minor: 0.2 },
    tonics: ['E', 'A', 'G', 'C', 'Bb', 'D'],
    instruments: [drums(0), part('electric bass', 33, 'bass'), part('piano', 0, 'chords'), part('blues guitar', 26, 'lead'), part('harmonica', 22, 'counter'), part('organ', 16, 'pad')],
  },
  celtic: {
    label: 'celtic',
    bpmRange: { min: 100, max: 125 },
    defaultMeter: SIX_EIGHT,
    drumKit: 0,
    energy: 0.6,
    valence: 0.4,
    modes: { dorian: 0.4, mixolydian: 0.3, major: 0.3 },
    tonics: ['D', 'G', 'A', 'E'],
    instruments: [drums(0, 'bodhran'), part('acoustic bass', 32, 'bass'), part('acoustic guitar', 25, 'chords'), part('fiddle', 110, 'lead'), part('tin whistle', 78, 'counter'), part('harp', 46, 'arp')],
  },
};

function buildProfiles(): Record<GenreId, GenreProfile> {
  const profiles = {} as Record<GenreId, GenreProfile>;
  for (const id of Object.keys(DATA) as GenreId[]) {
    const data = DATA[id];
    profiles[id] = {
      ...data,
      id,
      keywords: GENRE_WORDS[id].words,
      defaultMeter: data.defaultMeter ?? FOUR_FOUR,
      halfTime: data.halfTime ?? false,
      swing: data.swing ?? 0.5,
      needs: data.needs ?? [],
    };
  }
  return profiles;
}

/** Every genre the engine arranges, keyed by id. */
export const GENRES: Readonly<Record<GenreId, GenreProfile>> = buildProfiles();

/** The profile of a genre (bpm range, modes, default parts, …). */
export function getGenreProfile(id: GenreId): GenreProfile {
  return GENRES[id];
}

/** Human label of a genre: "lo-fi hip hop", "drum and bass". */
export function genreLabel(id: GenreId): string {
  return GENRES[id]?.label ?? id;
}
