// Explicit keys in five spellings: English letters ("F# minor", "Bbm"), solfège ("la menor",
// "ré mineur", "si bemol mayor"), German ("fis-Moll", "H-Dur", "B-Dur" = Bb) and mode-only phrases
// ("in a minor key"). English "a"/"am"/"em" are everyday words, so those need a key context.
import type { Key, Mode, PitchClass } from '../types.js';
import { createTextView, PhraseIndex, type TextView } from './text.js';

export interface KeyReading {
  tonic: PitchClass | null;
  mode: Mode | null;
}

// biome-ignore format: compact data table, one entry per line
const MODE_WORDS: Record<string, Mode> = { major: 'major', maj: 'major', ionian: 'major', mayor: 'major', majeur: 'major', maior: 'major', jonico: 'major', ionien: 'major', ionisch: 'major', minor: 'minor', min: 'minor', aeolian: 'minor', menor: 'minor', mineur: 'minor', mineure: 'minor', eolico: 'minor', eolien: 'minor', aolisch: 'minor', dorian: 'dorian', dorico: 'dorian', dorien: 'dorian', dorisch: 'dorian', phrygian: 'phrygian', frigio: 'phrygian', phrygien: 'phrygian', phrygisch: 'phrygian', locrian: 'phrygian', locrio: 'phrygian', locrien: 'phrygian', lokrisch: 'phrygian', lydian: 'lydian', lidio: 'lydian', lydien: 'lydian', lydisch: 'lydian', mixolydian: 'mixolydian', mixolidio: 'mixolydian', mixolydien: 'mixolydian', mixolydisch: 'mixolydian' };
const MODE_ALTERNATION = Object.keys(MODE_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const LETTER_KEY = new RegExp(
  `(?<![\\p{L}\\p{N}#'])([A-Ga-g])(#|b|\\s*-?\\s*sharp|\\s*-?\\s*flat)?(\\s*-?\\s*)(${MODE_ALTERNATION}|m)(?![\\p{L}\\p{N}#])`,
  'giu',
);
const SOLFEGE_KEY = new RegExp(
  `(?<![\\p{L}])(do|re|mi|fa|sol|la|si)\\s*(#|b|sostenido|sustenido|diese|bemol|bemolle)?\\s*-?\\s*(${MODE_ALTERNATION})(?![\\p{L}])`,
  'giu',
);
const GERMAN_KEY =
  /(?<![\p{L}])(cis|des|dis|eis|fis|ges|gis|ais|his|ces|fes|as|es|[a-h])\s*-?\s*(dur|moll)(?![\p{L}])/giu;
const TONIC_AFTER_CONTEXT =
  /(?<![\p{L}])(?:key of|key:|key=|tonality of|tonalidad de|tonalidad|tono de|tonalite de|tonalite|tonart|tom de|tonalidade de|tonalidade)\s*[:=]?\s*([A-Ga-g])(#|b|\s+sharp|\s+flat)?(?![\p{L}\p{N}#])/iu;
const TONIC_AFTER_IN = /(?<![\p{L}])(?:in|en|em)\s+([A-G])(#|b)?(?![\p{L}\p{N}#])/u;

const KEY_CONTEXT_BEFORE =
  /(?:^|[^\p{L}])(?:in|en|em|dans|de|key|key of|in the key of|tonality|tonality of|tonalidad|tonalidad de|tono|tono de|tonalite|tonalite de|tonart|tom|tom de|tonalidade|tonalidade de|clave de|scale|escala|gamme)\s*[:=]?\s*$/iu;
const NOUN_AFTER =
  /^\s*(?:key|keys|scale|mode|tonality|chord|chords|progression|way|style|fashion|feel|vibe|mood|tone|sound|role|part|piece|song|track|tune|register|hit|league|issue|problem|change|detail|thing)\b/iu;
const CHORD_WORD_AFTER =
  /^\s*(?:chord|chords|key|scale|tonality|acorde|acordes|accord|accords|akkord|tonart|bpm|progression)\b/iu;
const ROMANCE_NOUN_AFTER =
  /^\s*(?:parte|partie|cantidad|quantidade|numero|nombre|medida|mesure|idea|ideia|importancia|importance|cosa|coisa|chose|problema|probleme|grado|grau|de|del|des|da|das|dos|du)\b/iu;
const BENIGN_AFTER =
  /^\s*(?:$|[.,;:!?)(]|\d|y\b|e\b|et\b|und\b|and\b|with\b|con\b|com\b|avec\b|mit\b|at\b|a\b|bpm\b)/iu;

const SOLFEGE_TONICS: Record<string, string> = {
  do: 'C',
  re: 'D',
  mi: 'E',
  fa: 'F',
  sol: 'G',
  la: 'A',
  si: 'B',
};
const GERMAN_TONICS: Record<string, string> = {
  c: 'C',
  cis: 'C#',
  des: 'Db',
  d: 'D',
  dis: 'D#',
  es: 'Eb',
  e: 'E',
  eis: 'F',
  fes: 'E',
  f: 'F',
  fis: 'F#',
  ges: 'Gb',
  g: 'G',
  gis: 'G#',
  as: 'Ab',
  a: 'A',
  ais: 'A#',
  b: 'Bb',
  h: 'B',
  his: 'C',
  ces: 'B',
};
const ENHARMONIC: Record<string, string> = { 'E#': 'F', 'B#': 'C', Cb: 'B', Fb: 'E' };

function spellTonic(letter: string, accidental: string | undefined): PitchClass {
  const sign = !accidental ? '' : /#|sharp|sostenido|sustenido|diese/i.test(accidental) ? '#' : 'b';
  const tonic = letter.toUpperCase() + sign;
  return ENHARMONIC[tonic] ?? tonic;
}

function modeOf(word: string): Mode | null {
  const lower = word.toLowerCase();
  if (lower === 'm') return 'minor';
  return MODE_WORDS[lower] ?? null;
}

// Context words sit right next to a key; a short window keeps long prompts linear.
const CONTEXT_CHARS = 32;
const textBefore = (text: string, index: number) => text.slice(Math.max(0, index - CONTEXT_CHARS), index);
const textAfter = (text: string, index: number) => text.slice(index, index + CONTEXT_CHARS);

/** True when an English letter key is believable here (guards "I am", "a major hit", "em" = "in"). */
function letterKeyAllowed(text: string, match: RegExpExecArray, strict: boolean): boolean {
  const [whole, letter, accidental, separator, modeWord] = match as unknown as string[];
  if (!strict) return true;
  const before = textBefore(text, match.index);
  const after = textAfter(text, match.index + whole!.length);
  const contextBefore = KEY_CONTEXT_BEFORE.test(before);
  const isChordSymbol = modeWord!.toLowerCase() === 'm';
  if (isChordSymbol) {
    if (separator!.length > 0 || modeWord !== 'm') return false;
    const ambiguous = /^[ae]$/i.test(letter!) && !accidental;
    if (ambiguous) return contextBefore || CHORD_WORD_AFTER.test(after);
    return letter === letter!.toUpperCase() || Boolean(accidental) || contextBefore;
  }
  if (letter === 'a' && !accidental) {
    if (NOUN_AFTER.test(after)) return false;
    return contextBefore || BENIGN_AFTER.test(after);
  }
  return !(letter === 'A' && NOUN_AFTER.test(after) && !contextBefore);
}

function solfegeAllowed(text: string, match: RegExpExecArray): boolean {
  const after = textAfter(text, match.index + match[0].length);
  if (ROMANCE_NOUN_AFTER.test(after)) return false;
  const syllable = match[1]!.toLowerCase();
  if (syllable === 're' || syllable === 'fa') return true;
  return KEY_CONTEXT_BEFORE.test(textBefore(text, match.index)) || BENIGN_AFTER.test(after);
}

interface Found extends KeyReading {
  index: number;
}

function findFullKeys(folded: string, strict: boolean): Found[] {
  const found: Found[] = [];
  for (const match of folded.matchAll(GERMAN_KEY)) {
    const tonic = GERMAN_TONICS[match[1]!.toLowerCase()];
    if (tonic)
      found.push({ tonic, mode: match[2]!.toLowerCase() === 'dur' ? 'major' : 'minor', index: match.index });
  }
  for (const match of folded.matchAll(SOLFEGE_KEY)) {
    if (strict && !solfegeAllowed(folded, match)) continue;
    const tonic = spellTonic(SOLFEGE_TONICS[match[1]!.toLowerCase()]!, match[2]);
    found.push({ tonic, mode: modeOf(match[3]!), index: match.index });
  }
  for (const match of folded.matchAll(LETTER_KEY)) {
    if (!letterKeyAllowed(folded, match, strict)) continue;
    found.push({
      tonic: spellTonic(match[1]!, match[2]?.trim()),
      mode: modeOf(match[4]!),
      index: match.index,
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

// biome-ignore format: compact data table, one entry per line
const MODE_PHRASES: Record<Mode, string[]> = {
  minor: ['minor key', 'in minor', 'minor tonality', 'minor scale', 'minor mode', 'tonalidad menor', 'tono menor', 'modo menor', 'escala menor', 'en menor', 'tonalite mineure', 'mode mineur', 'gamme mineure', 'en mineur', 'in moll', 'molltonart', 'moll tonart', 'tom menor', 'tonalidade menor', 'em menor', 'aeolian', 'eolico', 'eolien', 'aolisch'],
  major: ['major key', 'in major', 'major tonality', 'major scale', 'major mode', 'tonalidad mayor', 'tono mayor', 'modo mayor', 'escala mayor', 'en mayor', 'tonalite majeure', 'mode majeur', 'gamme majeure', 'en majeur', 'in dur', 'durtonart', 'dur tonart', 'tom maior', 'tonalidade maior', 'modo maior', 'em maior', 'ionian'],
  dorian: ['dorian', 'dorico', 'dorien', 'dorisch'],
  phrygian: ['phrygian', 'frigio', 'phrygien', 'phrygisch', 'locrian', 'locrio', 'lokrisch'],
  lydian: ['lydian', 'lidio', 'lydien', 'lydisch'],
  mixolydian: ['mixolydian', 'mixolidio', 'mixolydien', 'mixolydisch'],
};
let modeIndex: PhraseIndex<Mode> | undefined;

function findModeOnly(view: TextView): Mode | null {
  if (!modeIndex) {
    modeIndex = new PhraseIndex<Mode>();
    for (const mode of Object.keys(MODE_PHRASES) as Mode[]) {
      for (const phrase of MODE_PHRASES[mode]) modeIndex.add(phrase, mode);
    }
  }
  return modeIndex.find(view.tokens)[0]?.payload ?? null;
}

function findTonicOnly(folded: string): PitchClass | null {
  const context = TONIC_AFTER_CONTEXT.exec(folded) ?? TONIC_AFTER_IN.exec(folded);
  if (!context) return null;
  return spellTonic(context[1]!, context[2]?.trim());
}

/** The key the prompt names: tonic and/or mode, each null when not stated. */
export function findKey(view: TextView): KeyReading {
  const full = findFullKeys(view.folded, true)[0];
  if (full) return { tonic: full.tonic, mode: full.mode };
  return { tonic: findTonicOnly(view.folded), mode: findModeOnly(view) };
}

/** Parses a key override such as "D minor", "F#m", "Bb", "la menor" or "fis-Moll"; null if unreadable. */
export function parseKey(text: string): Key | null {
  if (typeof text !== 'string') return null;
  const view = createTextView(text.trim());
  const full = findFullKeys(view.folded, false)[0];
  if (full?.tonic) return { tonic: full.tonic, mode: full.mode ?? 'major' };
  const bare = /^\s*([A-Ga-g])(#|b|\s*sharp|\s*flat)?\s*$/iu.exec(view.folded);
  if (bare) return { tonic: spellTonic(bare[1]!, bare[2]?.trim()), mode: 'major' };
  const tonic = findTonicOnly(view.folded);
  if (tonic) return { tonic, mode: findModeOnly(view) ?? 'major' };
  return null;
}

/** "D minor", "F# dorian". */
export function describeKey(key: Key): string {
  return `${key.tonic} ${key.mode}`;
}
