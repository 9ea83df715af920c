// Chords as the person types them, checked by the engine's own parser (the one the API runs), so
// the page refuses exactly what the server would; and the chords that belong to a key, offered as
// suggestions.
import { keyOfProgression, parseProgression, resolveProgression } from '@trackforge/engine/inputs';

export interface ChordCheck {
  /** The engine's sentence, without its field prefix; null when the text is fine (or empty). */
  message: string | null;
  /** Where the offending symbol stands in the text (0-based, end exclusive), when the parser says. */
  range: { start: number; end: number } | null;
  /** The key the progression implies, e.g. "A minor", when it parses and names letter chords. */
  key: { tonic: string; mode: 'major' | 'minor' } | null;
}

/** Checks a progression; an empty text is fine (no chords asked for). */
export function checkChords(text: string): ChordCheck {
  if (text.trim() === '') return { message: null, range: null, key: null };
  try {
    const entries = parseProgression(text);
    const letters = entries.every((entry) => entry.kind === 'letter');
    const key = letters ? keyOfProgression(resolveProgression(entries, { tonic: 'C', mode: 'major' })) : null;
    return {
      message: null,
      range: null,
      key: key ? { tonic: key.tonic, mode: key.mode === 'minor' ? 'minor' : 'major' } : null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.replace(/^chords: /, '') : String(error);
    // The parser names the 1-based character a bad symbol starts at.
    const at = /at character (\d+)/.exec(message);
    if (!at) return { message, range: null, key: null };
    const start = Number(at[1]) - 1;
    let end = start;
    while (end < text.length && !/[\s,|]/.test(text[end]!)) end++;
    return { message, range: { start, end }, key: null };
  }
}

const NOTE_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
const FLAT_KEYS = new Set(['F', 'Bb', 'Eb', 'Ab', 'Db', 'Gb', 'D minor', 'G minor', 'C minor', 'F minor']);
const PITCH: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** The pitch class of a note name such as "F#" or "Bb". */
export function pitchClassOf(name: string): number {
  const base = PITCH[name[0]!.toUpperCase()] ?? 0;
  const accidental = name
    .slice(1)
    .split('')
    .reduce((sum, sign) => sum + (sign === '#' ? 1 : sign === 'b' ? -1 : 0), 0);
  return (base + accidental + 12) % 12;
}

function nameOf(pc: number, flats: boolean): string {
  const name = NOTE_NAMES[pc]!;
  if (!flats && name.length === 2 && name[1] === 'b') return `${NOTE_NAMES[(pc + 11) % 12]![0]}#`;
  if (flats && name.length === 2 && name[1] === '#') return `${NOTE_NAMES[(pc + 1) % 12]![0]}b`;
  return name;
}

// Diatonic triads by scale degree: semitones above the tonic and the chord's suffix.
const MAJOR_DEGREES: [number, string][] = [
  [0, ''],
  [2, 'm'],
  [4, 'm'],
  [5, ''],
  [7, ''],
  [9, 'm'],
  [11, 'dim'],
];
const MINOR_DEGREES: [number, string][] = [
  [0, 'm'],
  [2, 'dim'],
  [3, ''],
  [5, 'm'],
  [7, ''],
  [8, ''],
  [10, ''],
];
// Sevenths that colour the same degrees.
const MAJOR_SEVENTHS: [number, string][] = [
  [0, 'maj7'],
  [2, 'm7'],
  [7, '7'],
  [9, 'm7'],
];
const MINOR_SEVENTHS: [number, string][] = [
  [0, 'm7'],
  [3, 'maj7'],
  [7, '7'],
  [5, 'm7'],
];

/** Chords that sit in the key: its seven triads, then a few sevenths. */
export function chordsInKey(tonic: string, mode: 'major' | 'minor'): string[] {
  const tonicPc = pitchClassOf(tonic);
  const flats = tonic.includes('b') || FLAT_KEYS.has(mode === 'major' ? tonic : `${tonic} minor`);
  const degrees = mode === 'major' ? MAJOR_DEGREES : MINOR_DEGREES;
  const sevenths = mode === 'major' ? MAJOR_SEVENTHS : MINOR_SEVENTHS;
  return [...degrees, ...sevenths].map(
    ([step, suffix]) => `${nameOf((tonicPc + step) % 12, flats)}${suffix}`,
  );
}

export const KEY_TONICS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];
