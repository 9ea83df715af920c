// Text → syllables for the singer: the CMU Pronouncing Dictionary (BSD-2-Clause data, shipped in the
// ISC npm package `cmu-pronouncing-dictionary`) first, letter-to-sound rules for words it lacks.
// Phonemes are ARPAbet without stress digits ('HH', 'AH', 'L', 'OW'); the stress lives on the
// syllable. Deterministic and pure: the same word always gives the same syllables.
import { dictionary } from 'cmu-pronouncing-dictionary';
import { spellNumbers } from '../inputs/lyric-numbers.js';

export interface Syllable {
  /** The letters of the word this syllable sings (the syllables of a word join back to the word). */
  text: string;
  /** ARPAbet phonemes, onset consonants + one vowel + coda consonants. */
  phonemes: string[];
  /** 1 primary, 2 secondary, 0 unstressed (CMU dictionary convention). */
  stress: 0 | 1 | 2;
  wordStart: boolean;
  wordEnd: boolean;
}

export const ARPABET_VOWELS: ReadonlySet<string> = new Set([
  'AA',
  'AE',
  'AH',
  'AO',
  'AW',
  'AY',
  'EH',
  'ER',
  'EY',
  'IH',
  'IY',
  'OW',
  'OY',
  'UH',
  'UW',
]);

export function isVowelPhoneme(phoneme: string): boolean {
  return ARPABET_VOWELS.has(phoneme);
}

// Consonant clusters English allows at the start of a syllable (maximal onset principle).
const LEGAL_ONSETS: ReadonlySet<string> = new Set(
  [
    'P R',
    'P L',
    'P Y',
    'B R',
    'B L',
    'B Y',
    'T R',
    'T W',
    'D R',
    'D W',
    'K R',
    'K L',
    'K W',
    'K Y',
    'G R',
    'G L',
    'G W',
    'F R',
    'F L',
    'F Y',
    'V Y',
    'TH R',
    'TH W',
    'SH R',
    'HH Y',
    'HH W',
    'M Y',
    'N Y',
    'S P',
    'S T',
    'S K',
    'S M',
    'S N',
    'S L',
    'S W',
    'S F',
    'S P R',
    'S P L',
    'S T R',
    'S K R',
    'S K W',
    'S K Y',
    'S P Y',
  ].map((cluster) => cluster),
);

function isLegalOnset(consonants: readonly string[]): boolean {
  if (consonants.length === 0) return true;
  if (consonants.length === 1) return consonants[0] !== 'NG';
  return LEGAL_ONSETS.has(consonants.join(' '));
}

interface PhonemeSyllable {
  phonemes: string[];
  stress: 0 | 1 | 2;
}

/** Splits stressed ARPAbet ("HH AH0 L OW1") into syllables, consonants between vowels by maximal onset. */
export function syllabifyPhonemes(stressedPhonemes: readonly string[]): PhonemeSyllable[] {
  const bare = stressedPhonemes.map((phoneme) => phoneme.replace(/[0-9]/g, ''));
  const vowelIndexes: number[] = [];
  bare.forEach((phoneme, index) => {
    if (isVowelPhoneme(phoneme)) vowelIndexes.push(index);
  });
  if (vowelIndexes.length === 0) return [{ phonemes: bare, stress: 1 }];
  const syllables: PhonemeSyllable[] = [];
  let start = 0;
  for (let v = 0; v < vowelIndexes.length; v++) {
    const vowelIndex = vowelIndexes[v]!;
    const nextVowelIndex = vowelIndexes[v + 1];
    let end: number;
    if (nextVowelIndex === undefined) {
      end = bare.length;
    } else {
      // The longest legal onset among the consonants between the two vowels goes to the next syllable.
      const between = bare.slice(vowelIndex + 1, nextVowelIndex);
      let onsetLength = between.length;
      while (onsetLength > 0 && !isLegalOnset(between.slice(between.length - onsetLength))) onsetLength--;
      end = nextVowelIndex - onsetLength;
    }
    const digit = stressedPhonemes[vowelIndex]!.match(/[0-9]/)?.[0];
    const stress = digit === '1' ? 1 : digit === '2' ? 2 : 0;
    syllables.push({ phonemes: bare.slice(start, end), stress });
    start = end;
  }
  return syllables;
}

// ---- letter-to-sound rules for words the dictionary lacks ------------------------------------------

// Ordered longest first; each rule maps a spelling at the cursor to phonemes (stress digit on vowels).
const LETTER_RULES: ReadonlyArray<readonly [string, string]> = [
  ['tion', 'SH AH0 N'],
  ['sion', 'ZH AH0 N'],
  ['ough', 'AO1'],
  ['augh', 'AO1'],
  ['eigh', 'EY1'],
  ['igh', 'AY1'],
  ['tch', 'CH'],
  ['dge', 'JH'],
  ['sch', 'S K'],
  ['ch', 'CH'],
  ['sh', 'SH'],
  ['th', 'TH'],
  ['ph', 'F'],
  ['wh', 'W'],
  ['ck', 'K'],
  ['ng', 'NG'],
  ['qu', 'K W'],
  ['kn', 'N'],
  ['wr', 'R'],
  ['gh', 'G'],
  ['ee', 'IY1'],
  ['ea', 'IY1'],
  ['oo', 'UW1'],
  ['ou', 'AW1'],
  ['ow', 'OW1'],
  ['ai', 'EY1'],
  ['ay', 'EY1'],
  ['oa', 'OW1'],
  ['oi', 'OY1'],
  ['oy', 'OY1'],
  ['au', 'AO1'],
  ['aw', 'AO1'],
  ['ew', 'UW1'],
  ['ie', 'IY1'],
  ['ey', 'IY1'],
  ['ue', 'UW1'],
  ['ar', 'AA1 R'],
  ['er', 'ER1'],
  ['ir', 'ER1'],
  ['ur', 'ER1'],
  ['or', 'AO1 R'],
  ['b', 'B'],
  ['c', 'K'],
  ['d', 'D'],
  ['f', 'F'],
  ['g', 'G'],
  ['h', 'HH'],
  ['j', 'JH'],
  ['k', 'K'],
  ['l', 'L'],
  ['m', 'M'],
  ['n', 'N'],
  ['p', 'P'],
  ['q', 'K'],
  ['r', 'R'],
  ['s', 'S'],
  ['t', 'T'],
  ['v', 'V'],
  ['w', 'W'],
  ['x', 'K S'],
  ['z', 'Z'],
];

const SHORT_VOWELS: Readonly<Record<string, string>> = {
  a: 'AE1',
  e: 'EH1',
  i: 'IH1',
  o: 'AA1',
  u: 'AH1',
  y: 'IH1',
};
const LONG_VOWELS: Readonly<Record<string, string>> = {
  a: 'EY1',
  e: 'IY1',
  i: 'AY1',
  o: 'OW1',
  u: 'UW1',
  y: 'AY1',
};

const isVowelLetter = (letter: string | undefined): boolean =>
  letter !== undefined && 'aeiouy'.includes(letter);

/** Letter-to-sound rules: rough, but every word gets a singable pronunciation. */
export function guessPronunciation(word: string): string[] {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  const out: string[] = [];
  let i = 0;
  while (i < letters.length) {
    const rest = letters.slice(i);
    // Silent final e after a consonant (make, time); "le" keeps a syllable (table).
    if (rest === 'e' && i > 1 && !isVowelLetter(letters[i - 1])) {
      if (letters[i - 1] === 'l' && !isVowelLetter(letters[i - 2])) out.splice(out.length - 1, 0, 'AH0');
      break;
    }
    const letter = letters[i]!;
    if (isVowelLetter(letter) && !(letter === 'y' && i === 0)) {
      const rule = LETTER_RULES.find(([spelling]) => rest.startsWith(spelling) && /^[aeiouy]/.test(spelling));
      if (rule) {
        out.push(...rule[1].split(' '));
        i += rule[0].length;
        continue;
      }
      // Magic e: vowel + one consonant + final e is long (make, time, hope).
      const magicE = i + 2 === letters.length - 1 && letters.endsWith('e') && !isVowelLetter(letters[i + 1]);
      const wordFinal = i === letters.length - 1 && letter !== 'e';
      out.push(magicE || wordFinal ? LONG_VOWELS[letter]! : SHORT_VOWELS[letter]!);
      i += 1;
      continue;
    }
    if (letter === 'y' && i === 0) {
      out.push('Y');
      i += 1;
      continue;
    }
    // Soft c and g before e, i, y.
    const following = letters[i + 1];
    if ((letter === 'c' || letter === 'g') && following !== undefined && 'eiy'.includes(following)) {
      out.push(letter === 'c' ? 'S' : 'JH');
      i += 1;
      continue;
    }
    const rule = LETTER_RULES.find(([spelling]) => rest.startsWith(spelling));
    if (rule) {
      const phonemes = rule[1].split(' ');
      // A doubled consonant is one sound (happy, little).
      if (!(rule[0].length === 1 && letters[i - 1] === letter)) out.push(...phonemes);
      i += rule[0].length;
      continue;
    }
    i += 1;
  }
  if (!out.some((phoneme) => /[0-9]/.test(phoneme))) out.push('AH1');
  // Only the first vowel keeps primary stress (most English words of two or three syllables).
  let stressed = false;
  return out.map((phoneme) => {
    if (!/[0-9]/.test(phoneme)) return phoneme;
    const bare = phoneme.replace(/[0-9]/g, '');
    if (stressed) return `${bare}0`;
    stressed = true;
    return `${bare}1`;
  });
}

// ---- spelling split: which letters each syllable sings ----------------------------------------------

/** Splits a word's letters into `count` parts at vowel-group boundaries (hap|py, ba|by, ta|ble). */
function splitLetters(word: string, count: number): string[] {
  if (count <= 1) return [word];
  const lower = word.toLowerCase();
  const groups: Array<[number, number]> = [];
  let i = 0;
  while (i < lower.length) {
    if (isVowelLetter(lower[i]) && !(lower[i] === 'y' && i === 0)) {
      const start = i;
      while (i < lower.length && isVowelLetter(lower[i])) i++;
      groups.push([start, i]);
    } else i++;
  }
  // A final silent e joins the syllable before it (time, make), except consonant + "le" (table).
  const last = groups[groups.length - 1];
  if (
    groups.length > count &&
    last &&
    last[0] === lower.length - 1 &&
    lower.endsWith('e') &&
    !/[^aeiouy]le$/.test(lower)
  )
    groups.pop();
  if (groups.length === count) {
    const cuts: number[] = [];
    for (let g = 0; g < count - 1; g++) {
      const consonantStart = groups[g]![1];
      const consonantEnd = groups[g + 1]![0];
      const run = lower.slice(consonantStart, consonantEnd);
      let cut = consonantStart;
      if (run.length === 1) cut = consonantStart;
      else if (run.length >= 2) {
        const digraph = ['th', 'sh', 'ch', 'ph', 'wh', 'ck', 'ng', 'gh'].includes(run.slice(0, 2));
        cut = consonantStart + (digraph && run.length > 2 ? 2 : run === 'ck' || run === 'ng' ? 2 : 1);
        if (digraph && run.length === 2 && run !== 'ck' && run !== 'ng') cut = consonantStart;
      }
      // "le" endings keep their consonant (ta|ble, lit|tle).
      if (g === count - 2 && /[^aeiouy]le$/.test(lower) && groups[g + 1]![0] === lower.length - 1) {
        cut = lower.length - 3;
      }
      cuts.push(Math.max(cut, (cuts[cuts.length - 1] ?? 0) + 1));
    }
    return piecesAt(word, cuts);
  }
  // Spelling and sound disagree: share the letters out evenly, every syllable getting at least one.
  const cuts: number[] = [];
  for (let s = 1; s < count; s++) cuts.push(Math.round((s * word.length) / count));
  return piecesAt(word, cuts);
}

function piecesAt(word: string, cuts: readonly number[]): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(word.slice(start, cut));
    start = cut;
  }
  pieces.push(word.slice(start));
  return pieces;
}

// ---- public API ---------------------------------------------------------------------------------------

/** The dictionary's stressed ARPAbet for a word, or letter-to-sound rules when it has none. */
export function pronounceWord(word: string): string[] {
  const key = word
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^'+|'+$/g, '');
  const entry = (dictionary as Record<string, string | undefined>)[key];
  if (entry) return entry.split(' ');
  const withoutApostrophe = key.replace(/'/g, '');
  const plain = (dictionary as Record<string, string | undefined>)[withoutApostrophe];
  if (plain) return plain.split(' ');
  return guessPronunciation(withoutApostrophe);
}

/** One word → its syllables. Punctuation around the word is dropped; an empty word gives none. */
export function syllabify(word: string): Syllable[] {
  const text = word.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
  // a number is its words, said as lyrics say them ("7" → "seven", "21" → "twenty one")
  if (/^[0-9]+$/.test(text)) return spellNumbers(text).trim().split(/\s+/).flatMap(syllabify);
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  const phonemeSyllables = syllabifyPhonemes(pronounceWord(text));
  const pieces = splitLetters(text, phonemeSyllables.length);
  return phonemeSyllables.map((syllable, index) => ({
    text: pieces[index] ?? '',
    phonemes: syllable.phonemes,
    stress: syllable.stress,
    wordStart: index === 0,
    wordEnd: index === phonemeSyllables.length - 1,
  }));
}

/** A lyric line → its syllables in order; words split on spaces and hyphens. */
export function syllabifyLine(line: string): Syllable[] {
  return line
    .split(/[\s\-–—]+/)
    .filter((word) => word.length > 0)
    .flatMap((word) => syllabify(word));
}
