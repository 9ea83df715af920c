// Text normalisation and phrase matching shared by every brief parser. Keywords are matched on
// tokens (lower-case, accents stripped) so "Flöte", "flote" and "FLÖTE" are one word, and "lo-fi",
// "lo fi" and "lofi" are one phrase.

import type { PromptLanguage, Words } from '../types.js';

export type Language = PromptLanguage;
export type { Words };
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt'] as const satisfies readonly Language[];

export interface Token {
  text: string;
  /** Sentence punctuation (. ; ! ? :) or a comma follows this token. */
  breakAfter: boolean;
  /** Only a comma follows: a list may go on ("no drums, bass or piano"). */
  commaAfter: boolean;
}

/** A prompt prepared once for every parser. */
export interface TextView {
  original: string;
  /** Accents stripped, case kept: key parsing needs "Am" apart from "am". */
  folded: string;
  /** `folded` in lower case. */
  lower: string;
  tokens: Token[];
}

// Prompts past this length carry no extra musical meaning; the cap bounds the work per request.
const MAX_ANALYSED_CHARS = 4000;

/** Strips accents and folds ligatures, keeping case. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[♯＃]/g, '#')
    .replace(/♭/g, 'b')
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/ß/g, 'ss')
    .replace(/ø/g, 'o')
    .replace(/ł/g, 'l')
    .replace(/[’‘`´]/g, "'");
}

/** Lower-cases, strips accents and splits into word tokens ("&", "#" and "/" are tokens too). */
export function tokenize(lower: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /[\p{L}\p{N}]+|[#&/+]|[.;!?:,]/gu;
  for (const match of lower.matchAll(pattern)) {
    const text = match[0];
    if (/^[.;!?:,]$/.test(text)) {
      const last = tokens[tokens.length - 1];
      if (last) {
        last.commaAfter = text === ',' && !last.breakAfter;
        last.breakAfter = true;
      }
      continue;
    }
    tokens.push({ text, breakAfter: false, commaAfter: false });
  }
  return tokens;
}

/** Prepares a prompt for matching. */
export function createTextView(prompt: string): TextView {
  const original = typeof prompt === 'string' ? prompt : '';
  // Whitespace runs collapse to one space, which also keeps the key regexes linear.
  const folded = foldText(original.slice(0, MAX_ANALYSED_CHARS)).replace(/\s+/g, ' ');
  const lower = folded.toLowerCase();
  return { original, folded, lower, tokens: tokenize(lower) };
}

/** A found phrase: tokens [start, end) of the view. */
export interface PhraseMatch<T> {
  start: number;
  end: number;
  payload: T;
  languages: readonly Language[];
}

interface IndexedPhrase<T> {
  parts: string[];
  payload: T;
  languages: Language[];
}

/** Finds many phrases at once; longer phrases win where matches overlap. */
export class PhraseIndex<T> {
  private readonly byFirst = new Map<string, IndexedPhrase<T>[]>();

  /** `inflect`: also accept plural and German adjective endings on the last word ("ruhige"). */
  constructor(private readonly inflect = true) {}

  /** Adds a phrase; hyphens and spaces inside it also match the joined form ("lo-fi" → "lofi"). */
  add(phrase: string, payload: T, languages: readonly Language[] = []): void {
    const parts = tokenize(foldText(phrase).toLowerCase()).map((token) => token.text);
    if (parts.length === 0) return;
    this.insert(parts, payload, languages);
    if (parts.length > 1 && parts.every((part) => /^[\p{L}\p{N}]+$/u.test(part))) {
      this.insert([parts.join('')], payload, languages);
    }
  }

  /** Adds every word of a per-language list. */
  addWords(words: Words, payload: T): void {
    for (const language of Object.keys(words) as Language[]) {
      for (const word of words[language] ?? []) this.add(word, payload, [language]);
    }
  }

  private insert(parts: string[], payload: T, languages: readonly Language[]): void {
    const first = parts[0]!;
    const list = this.byFirst.get(first) ?? [];
    const same = list.find((entry) => entry.payload === payload && entry.parts.join(' ') === parts.join(' '));
    if (same) {
      for (const language of languages) if (!same.languages.includes(language)) same.languages.push(language);
      return;
    }
    list.push({ parts, payload, languages: [...languages] });
    this.byFirst.set(first, list);
  }

  /** All non-overlapping matches in token order. */
  find(tokens: readonly Token[]): PhraseMatch<T>[] {
    const candidates: PhraseMatch<T>[] = [];
    for (let start = 0; start < tokens.length; start++) {
      const text = tokens[start]!.text;
      const stems = this.inflect ? stemsOf(text) : [];
      const entries = [text, ...stems].flatMap((stem) => this.byFirst.get(stem) ?? []);
      for (const entry of entries) {
        if (matchesAt(tokens, start, entry.parts, this.inflect)) {
          candidates.push({
            start,
            end: start + entry.parts.length,
            payload: entry.payload,
            languages: entry.languages,
          });
        }
      }
    }
    candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken: boolean[] = [];
    const accepted: PhraseMatch<T>[] = [];
    for (const candidate of candidates) {
      let free = true;
      for (let i = candidate.start; i < candidate.end; i++) if (taken[i]) free = false;
      if (!free) continue;
      for (let i = candidate.start; i < candidate.end; i++) taken[i] = true;
      accepted.push(candidate);
    }
    return accepted.sort((a, b) => a.start - b.start);
  }
}

const PLURAL_ENDINGS = ['s', 'es'];
// German adjectives decline ("ruhig" → "ruhige", "fröhlicher"); only long stems, to spare short words.
const GERMAN_ENDINGS = ['e', 'n', 'er', 'en', 'es', 'em'];

function isInflection(token: string, part: string): boolean {
  if (!token.startsWith(part)) return false;
  const ending = token.slice(part.length);
  if (part.length >= 3 && PLURAL_ENDINGS.includes(ending)) return true;
  return part.length >= 5 && GERMAN_ENDINGS.includes(ending);
}

function stemsOf(word: string): string[] {
  const stems: string[] = [];
  for (const ending of new Set([...PLURAL_ENDINGS, ...GERMAN_ENDINGS])) {
    if (word.length > ending.length + 2 && word.endsWith(ending)) stems.push(word.slice(0, -ending.length));
  }
  return stems;
}

// Inflections are accepted on the last word only ("drums" for "drum", "guitarras" for "guitarra").
function matchesAt(
  tokens: readonly Token[],
  start: number,
  parts: readonly string[],
  inflect: boolean,
): boolean {
  if (start + parts.length > tokens.length) return false;
  for (let i = 0; i < parts.length; i++) {
    const token = tokens[start + i]!.text;
    const part = parts[i]!;
    if (token === part) continue;
    if (inflect && i === parts.length - 1 && isInflection(token, part)) continue;
    return false;
  }
  return true;
}

/** Clamps a number into [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Rounds to a fixed number of decimals, so briefs serialise cleanly. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
