// A chord progression as people write it: "Am F C G", "| Dm7 G7 | Cmaj7 |", "I V vi IV",
// "C/E", "Am:2 F C G". Parsing is separate from resolving so roman numerals can wait for the key.
import { Chord, Note } from 'tonal';
import type { ChordQuality } from '../music/theory.js';
import { resolveNumeral } from '../music/theory.js';
import type { Key, Mode, PitchClass } from '../types.js';
import { InputError } from './input-error.js';

/** Longest progression text accepted, and most chords in one cycle. */
export const MAX_CHORDS_CHARACTERS = 1000;
export const MAX_PROGRESSION_CHORDS = 128;

/** One chord of a progression as written, with its length in bars (0.5 = half a bar). */
export interface ProgressionEntry {
  /** The symbol as written ("Am7", "C/E", "vi", "bVII7"). */
  text: string;
  kind: 'letter' | 'numeral';
  bars: number;
}

/** A chord resolved to pitch classes, root first; bassPc differs from rootPc for slash chords. */
export interface ResolvedProgressionChord {
  symbol: string;
  root: PitchClass;
  rootPc: number;
  bassPc: number;
  pcs: number[];
  quality: ChordQuality;
  bars: number;
}

const NUMERAL = /^([b#]?)(VII|VI|V|IV|III|II|I|vii|vi|v|iv|iii|ii|i)(.*)$/;
// Colours a numeral may carry, by the case of its degree (theory.ts resolves exactly these).
const NUMERAL_MAJOR_SUFFIXES = new Set([
  '',
  '7',
  '9',
  '13',
  '6',
  'maj7',
  'maj9',
  'add9',
  'sus2',
  'sus4',
  '7sus4',
  '5',
]);
const NUMERAL_MINOR_SUFFIXES = new Set(['', '7', '9', '11', '6', 'maj7', 'o', 'o7', 'ø7', '5']);
const LETTER = /^[A-G]/;

function normaliseSymbol(text: string): string {
  return text
    .replace(/♯/g, '#')
    .replace(/♭/g, 'b')
    .replace(/[Δ△]/g, 'maj')
    .replace(/°/g, 'o')
    .replace(/[()]/g, '');
}

function qualityOf(type: string, intervals: readonly string[]): ChordQuality {
  if (type === '5' || (intervals.length === 2 && intervals[1] === '5P')) return 'power';
  if (/sus/.test(type)) return 'suspended';
  if (intervals.includes('5d') && intervals.includes('3m')) return 'diminished';
  if (intervals.includes('3m')) return 'minor';
  if (intervals.includes('3M') && intervals.includes('7m')) return 'dominant';
  return 'major';
}

/** Reads a letter chord ("F#m7b5", "C/E"); null when tonal does not know the symbol. */
export function readLetterChord(written: string): Omit<ResolvedProgressionChord, 'bars'> | null {
  const symbol = normaliseSymbol(written);
  if (!LETTER.test(symbol)) return null;
  const slash = symbol.indexOf('/');
  const head = slash >= 0 ? symbol.slice(0, slash) : symbol;
  const bassName = slash >= 0 ? symbol.slice(slash + 1) : null;
  // A bare "C/E" must not be read as C over a chord named "E"; tonal also takes "Cmaj"/"Cmin".
  const chord = Chord.get(head);
  if (chord.empty || !chord.tonic) return null;
  const rootPc = Note.chroma(chord.tonic);
  if (typeof rootPc !== 'number' || Number.isNaN(rootPc)) return null;
  let bassPc = rootPc;
  if (bassName !== null) {
    if (!/^[A-G][#b]?$/.test(bassName)) return null;
    const chroma = Note.chroma(bassName);
    if (typeof chroma !== 'number' || Number.isNaN(chroma)) return null;
    bassPc = chroma;
  }
  const pcs = chord.intervals.map((interval) => {
    const semitones = Note.chroma(Note.transpose('C', interval));
    return (rootPc + (typeof semitones === 'number' ? semitones : 0)) % 12;
  });
  return {
    symbol,
    root: chord.tonic,
    rootPc,
    bassPc,
    pcs: [...new Set(pcs)],
    quality: qualityOf(chord.aliases[0] ?? chord.type, chord.intervals),
  };
}

function isNumeral(text: string): boolean {
  const match = NUMERAL.exec(text.replace(/♭/g, 'b').replace(/♯/g, '#'));
  if (!match) return false;
  const [, , degree = '', suffix = ''] = match;
  const minor = degree === degree.toLowerCase();
  return (minor ? NUMERAL_MINOR_SUFFIXES : NUMERAL_MAJOR_SUFFIXES).has(suffix.replace(/°/g, 'o'));
}

const BAR_COUNT = /^\d+(?:\.\d+)?$/;

/** "Am:2" → ["Am", "2"]: the symbol and the bars after its last colon, or null without them. */
function splitBars(token: string): [string, string] | null {
  // The last colon, not a backtracking /^(.+):…$/, so a long token costs one pass.
  const colon = token.lastIndexOf(':');
  if (colon < 1 || !BAR_COUNT.test(token.slice(colon + 1))) return null;
  return [token.slice(0, colon), token.slice(colon + 1)];
}

/**
 * Parses a progression. Bar lines ("|") split their bar evenly between the chords in it; without
 * them each chord lasts one bar, or the bars after a colon ("Am:2"). "%" repeats the previous bar.
 * Throws InputError (field "chords") naming the symbol and its position.
 */
export function parseProgression(text: string): ProgressionEntry[] {
  const fail = (message: string): never => {
    throw new InputError('chords', message);
  };
  if (typeof text !== 'string' || text.trim().length === 0) fail('must be a progression such as "Am F C G"');
  if (text.length > MAX_CHORDS_CHARACTERS) fail(`must be at most ${MAX_CHORDS_CHARACTERS} characters`);
  // Counted on the tokens and while "%" repeats bars, so no chord is read past the cap.
  const tooMany = (count: number | string): never =>
    fail(`may have at most ${MAX_PROGRESSION_CHORDS} chords per cycle; it has ${count}`);
  const barred = text.includes('|');
  // Tokens with their 1-based character position, for error messages.
  const tokens: { text: string; at: number }[] = [];
  const pattern = /\|+:?|:?\|+|[^\s,|]+/g;
  let chordTokens = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const token = match[0];
    if (token === '-' || token === '–' || token === '—') continue;
    if (!token.includes('|') && token !== '%') chordTokens++;
    tokens.push({ text: token, at: match.index + 1 });
  }
  if (chordTokens > MAX_PROGRESSION_CHORDS) tooMany(chordTokens);
  const entries: ProgressionEntry[] = [];
  let count = 0;
  const readChord = (token: {
    text: string;
    at: number;
  }): { text: string; kind: ProgressionEntry['kind'] } => {
    count++;
    const where = `chord ${count}, at character ${token.at}`;
    if (isNumeral(token.text))
      return { text: token.text.replace(/♭/g, 'b').replace(/♯/g, '#'), kind: 'numeral' };
    if (readLetterChord(token.text)) return { text: normaliseSymbol(token.text), kind: 'letter' };
    return fail(
      `unknown chord symbol "${token.text}" (${where}); write chords such as "Am", "F#m7", "Cmaj7", "C/E", or roman numerals such as "I V vi IV"`,
    );
  };
  if (!barred) {
    for (const token of tokens) {
      const withBars = splitBars(token.text);
      const chord = readChord({ text: withBars ? withBars[0] : token.text, at: token.at });
      const bars = withBars ? Number(withBars[1]) : 1;
      if (!(bars > 0 && bars <= 64 && Number.isInteger(bars * 4)))
        fail(
          `"${token.text}" (chord ${count}, at character ${token.at}): bars after ":" must be a whole or quarter number from 0.25 to 64`,
        );
      entries.push({ ...chord, bars });
    }
  } else {
    let bar: { text: string; kind: ProgressionEntry['kind'] }[] = [];
    let previousBar: typeof bar = [];
    const closeBar = () => {
      if (bar.length === 0) return;
      if (entries.length + bar.length > MAX_PROGRESSION_CHORDS) tooMany('more once "%" repeats its bars');
      for (const chord of bar) entries.push({ ...chord, bars: 1 / bar.length });
      previousBar = bar;
      bar = [];
    };
    for (const token of tokens) {
      if (token.text.includes('|')) {
        closeBar();
        continue;
      }
      if (token.text === '%') {
        if (bar.length > 0 || previousBar.length === 0)
          fail(`"%" (at character ${token.at}) repeats the previous bar and must stand alone in its bar`);
        bar = [...previousBar];
        continue;
      }
      if (splitBars(token.text))
        fail(
          `"${token.text}" (at character ${token.at}): with bar lines, each bar's chords share the bar; drop the ":bars"`,
        );
      bar.push(readChord(token));
    }
    closeBar();
  }
  if (entries.length === 0) fail('must contain at least one chord');
  return entries;
}

/** Resolves each chord; roman numerals are read in the key (relative to its tonic). */
export function resolveProgression(
  entries: readonly ProgressionEntry[],
  key: Key,
): ResolvedProgressionChord[] {
  return entries.map((entry) => {
    if (entry.kind === 'numeral') {
      const chord = resolveNumeral(entry.text.replace(/°/g, 'o'), key.tonic);
      return {
        symbol: chord.symbol,
        root: chord.root,
        rootPc: chord.rootPc,
        bassPc: chord.rootPc,
        pcs: chord.pcs,
        quality: chord.quality,
        bars: entry.bars,
      };
    }
    const chord = readLetterChord(entry.text)!;
    return { ...chord, bars: entry.bars };
  });
}

/** True when every chord is a roman numeral: its key must come from the prompt (or a default). */
export function isNumeralProgression(entries: readonly ProgressionEntry[]): boolean {
  return entries.every((entry) => entry.kind === 'numeral');
}

/** The mode roman numerals imply: a lower-case tonic ("i") means minor, else major. */
export function numeralMode(entries: readonly ProgressionEntry[]): Mode | null {
  for (const entry of entries) {
    const match = NUMERAL.exec(entry.text);
    if (match && match[1] === '' && match[2] === 'i') return 'minor';
    if (match && match[1] === '' && match[2] === 'I') return 'major';
  }
  return null;
}

const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11];
const MINOR_STEPS = [0, 2, 3, 5, 7, 8, 10];
const SHARP_NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/**
 * The key a progression is in: the major or minor key whose scale holds most of its chord tones
 * (weighted by length), favouring the key whose tonic chord opens or closes the progression.
 */
export function keyOfProgression(chords: readonly ResolvedProgressionChord[]): Key {
  let best: Key = { tonic: 'C', mode: 'major' };
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let tonicPc = 0; tonicPc < 12; tonicPc++) {
    for (const mode of ['major', 'minor'] as const) {
      const steps = mode === 'major' ? MAJOR_STEPS : MINOR_STEPS;
      const scale = new Set(steps.map((step) => (tonicPc + step) % 12));
      // The raised leading tone is at home in minor (E major in A minor).
      if (mode === 'minor') scale.add((tonicPc + 11) % 12);
      let score = 0;
      for (const chord of chords) {
        for (const pc of chord.pcs) score += (scale.has(pc) ? 1 : -1.5) * chord.bars;
        if (!scale.has(chord.rootPc)) score -= 2 * chord.bars;
      }
      const isTonic = (chord: ResolvedProgressionChord | undefined) =>
        chord !== undefined &&
        chord.rootPc === tonicPc &&
        (mode === 'minor'
          ? chord.quality === 'minor'
          : chord.quality === 'major' || chord.quality === 'dominant');
      if (isTonic(chords[0])) score += 3;
      if (isTonic(chords[chords.length - 1])) score += 1.5;
      for (const chord of chords) if (isTonic(chord)) score += 0.5 * chord.bars;
      if (score > bestScore) {
        bestScore = score;
        best = { tonic: SHARP_NAMES[tonicPc]!, mode };
      }
    }
  }
  return best;
}
