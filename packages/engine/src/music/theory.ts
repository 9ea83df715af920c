// Music theory helpers on top of tonal: scales, roman numerals, chord pitch classes.
// Roman numerals are written relative to the MAJOR scale of the tonic, with explicit flats
// ("i–bVI–bIII–V7" in minor), so a numeral means the same root in every mode.
import { ChordType, Interval, Note, Scale } from 'tonal';
import type { Key, Mode, PitchClass } from '../types.js';

export type ChordQuality = 'major' | 'minor' | 'dominant' | 'diminished' | 'power' | 'suspended';

/** A chord resolved in a key: root, pitch classes (root first) and its printed symbol. */
export interface ResolvedChord {
  numeral: string;
  root: PitchClass;
  rootPc: number;
  pcs: number[];
  symbol: string;
  quality: ChordQuality;
}

const MODE_SCALE: Record<Mode, string> = {
  major: 'major',
  minor: 'minor',
  dorian: 'dorian',
  phrygian: 'phrygian',
  lydian: 'lydian',
  mixolydian: 'mixolydian',
};

/** Pitch class 0–11 of a note name ("C#" → 1); unknown names fall back to C. */
export function pitchClassOf(name: string): number {
  const chroma = Note.chroma(name);
  return typeof chroma === 'number' && !Number.isNaN(chroma) ? chroma : 0;
}

/** The seven pitch classes of the key's scale, tonic first. */
export function scalePitchClasses(key: Key): number[] {
  const notes = Scale.get(`${key.tonic} ${MODE_SCALE[key.mode]}`).notes;
  if (notes.length === 7) return notes.map(pitchClassOf);
  const tonicPc = pitchClassOf(key.tonic);
  return [0, 2, 4, 5, 7, 9, 11].map((semis) => (tonicPc + semis) % 12);
}

/** Modes whose tonic triad is minor. */
export function isMinorMode(mode: Mode): boolean {
  return mode === 'minor' || mode === 'dorian' || mode === 'phrygian';
}

const DEGREE_INTERVAL: Record<string, string> = {
  I: '1P',
  II: '2M',
  III: '3M',
  IV: '4P',
  V: '5P',
  VI: '6M',
  VII: '7M',
};
const FLAT_INTERVAL: Record<string, string> = { II: '2m', III: '3m', V: '5d', VI: '6m', VII: '7m' };
const SHARP_INTERVAL: Record<string, string> = { I: '1A', II: '2A', IV: '4A', V: '5A', VI: '6A' };

// Suffix → tonal chord type, per case of the numeral (lower case = minor triad family).
const MINOR_TYPES: Record<string, string> = {
  '': 'm',
  '7': 'm7',
  '9': 'm9',
  '11': 'm11',
  '6': 'm6',
  maj7: 'mMaj7',
  o: 'dim',
  o7: 'dim7',
  ø7: 'm7b5',
  '5': '5',
};
const MAJOR_TYPES: Record<string, string> = {
  '': 'M',
  '7': '7',
  '9': '9',
  '13': '13',
  '6': '6',
  maj7: 'maj7',
  maj9: 'maj9',
  add9: 'add9',
  sus2: 'sus2',
  sus4: 'sus4',
  '7sus4': '7sus4',
  '5': '5',
};

function qualityOf(type: string): ChordQuality {
  if (type === '5') return 'power';
  if (type.startsWith('sus') || type === '7sus4') return 'suspended';
  if (type === 'dim' || type === 'dim7' || type === 'm7b5') return 'diminished';
  if (type.startsWith('m') && !type.startsWith('maj')) return 'minor';
  if (type === '7' || type === '9' || type === '13') return 'dominant';
  return 'major';
}

/** A roman numeral: accidental, degree (its case the triad's), then the colour suffix. */
const NUMERAL = /^([b#]?)(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*)$/;

/** The numeral without its colour suffix: "bVImaj7" → "bVI". */
export function triadNumeral(numeral: string): string {
  const match = NUMERAL.exec(numeral);
  return match ? `${match[1]}${match[2]}` : numeral;
}

/** Resolves a roman numeral such as "bVImaj7", "ii7" or "V7" in the given tonic. */
export function resolveNumeral(numeral: string, tonic: PitchClass): ResolvedChord {
  const match = NUMERAL.exec(numeral);
  if (!match) throw new Error(`bad roman numeral ${numeral}`);
  const [, accidental = '', degree = 'I', suffix = ''] = match;
  const upper = degree.toUpperCase();
  const minor = degree !== upper;
  const intervalName =
    (accidental === 'b' ? FLAT_INTERVAL[upper] : accidental === '#' ? SHARP_INTERVAL[upper] : undefined) ??
    DEGREE_INTERVAL[upper] ??
    '1P';
  const root = Note.simplify(Note.transpose(tonic, intervalName)) || tonic;
  const rootPc = pitchClassOf(root);
  const type = (minor ? MINOR_TYPES[suffix] : MAJOR_TYPES[suffix]) ?? (minor ? 'm' : 'M');
  const pcs = ChordType.get(type).intervals.map((ivl) => (rootPc + (Interval.semitones(ivl) ?? 0)) % 12);
  const symbol = root + (type === 'M' ? '' : type);
  return { numeral, root, rootPc, pcs, symbol, quality: qualityOf(type) };
}

/** The scale for a moment under a chord: chord tones replace the scale notes they clash with
 * (so a V7 in minor brings its raised leading tone into the melody). */
export function scaleUnderChord(scalePcs: readonly number[], chordPcs: readonly number[]): number[] {
  const result = [...scalePcs];
  for (const pc of chordPcs) {
    if (result.includes(pc)) continue;
    const index = result.findIndex((s) => (s + 1) % 12 === pc || (pc + 1) % 12 === s);
    if (index >= 0) result[index] = pc;
  }
  return result.sort((a, b) => a - b);
}

/** The MIDI pitch of a pitch class nearest to a target pitch. */
export function nearestPitch(pc: number, targetPitch: number): number {
  const base = targetPitch - ((((targetPitch - pc) % 12) + 12) % 12);
  return targetPitch - base > 6 ? base + 12 : base;
}

/** The MIDI pitch of a pitch class inside [lowPitch, lowPitch + 11]. */
export function pitchInOctaveFrom(pc: number, lowPitch: number): number {
  return lowPitch + ((((pc - lowPitch) % 12) + 12) % 12);
}
