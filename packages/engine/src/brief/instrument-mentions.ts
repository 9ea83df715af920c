// Finds the instruments a prompt names, the ones it rules out ("no drums", "sin batería",
// "ohne Schlagzeug", "drumless") and whether it asks for nothing else ("solo piano", "nur Klavier").
import type { PartRole } from '../types.js';
import { findEnsembleSize, findEnsembles } from './ensembles.js';
import { INSTRUMENT_WORDS, type InstrumentMention, type InstrumentWord } from './instruments.js';
import { type Language, PhraseIndex, type PhraseMatch, type Token } from './text.js';

export type { InstrumentMention } from './instruments.js';

export interface InstrumentMentions {
  named: InstrumentMention[];
  /** Canonical exclusion words, in order of appearance. */
  exclusions: string[];
  /** Players asked for by "duet", "trio", "quartet", "quintet" (not inside a named ensemble), or null. */
  ensembleSize: number | null;
}

// biome-ignore format: compact data table, one entry per line
const NEGATORS = ['no', 'without', 'w / o', 'minus', 'zero', 'free of', 'not any', 'dont want', "don't want", 'do not want', 'without any', 'sin', 'nada de', 'ningun', 'ninguna', 'no quiero', 'sans', 'pas de', 'aucun', 'aucune', 'ohne', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'keinerlei', 'sem', 'nenhum', 'nenhuma', 'nao quero'];
// biome-ignore format: compact data table, one entry per line
const FILLERS = new Set(['the', 'any', 'a', 'an', 'some', 'real', 'live', 'de', 'la', 'el', 'los', 'las', 'le', 'les', 'du', 'des', 'd', 'l', 'der', 'die', 'das', 'den', 'dem', 'o', 'os', 'as', 'un', 'une', 'una', 'um', 'uma', 'and', 'or', 'nor', 'y', 'ni', 'et', 'ou', 'und', 'oder', 'noch', 'e', '/', '&', '+', 'de', 'da', 'do', 'das', 'dos', 'nem', 'heavy', 'loud', 'acoustic']);
// biome-ignore format: compact data table, one entry per line
const SUFFIX_NEGATED: Record<string, string> = { drumless: 'drums', beatless: 'drums', bassless: 'bass', pianoless: 'piano', vocalless: 'vocals' };
const NEGATING_SUFFIXES = new Set(['free', 'less']);
const NO_VOCAL_WORDS = ['instrumental', 'instrumentale', 'instrumentales', 'instrumentais'];

// biome-ignore format: compact data table, one entry per line
const ONLY_BEFORE = new Set(['only', 'just', 'solo', 'solamente', 'unicamente', 'seulement', 'uniquement', 'juste', 'nur', 'ausschliesslich', 'somente', 'apenas', 'so', 'purely', 'pure', 'sola']);
// biome-ignore format: compact data table, one entry per line
const ONLY_AFTER = new Set(['only', 'alone', 'seul', 'seule', 'allein', 'solo', 'sola', 'solamente', 'unicamente', 'apenas']);
// biome-ignore format: compact data table, one entry per line
const ARTICLES = new Set(['a', 'an', 'the', 'one', 'un', 'una', 'el', 'la', 'le', 'une', 'ein', 'eine', 'einem', 'um', 'uma', 'o', 'con', 'com', 'avec', 'mit', 'with', 'de', 'du', 'on', 'am']);
// biome-ignore format: compact data table, one entry per line
const LEAD_AFTER = new Set(['lead', 'leads', 'melody', 'melodies', 'solo', 'solos', 'principal', 'solista', 'melodia', 'melodie', 'hauptstimme', 'theme']);
const LEAD_BEFORE = new Set(['lead', 'leading', 'melodic', 'soaring', 'solista']);
const CHORDS_AFTER = new Set(['chords', 'comping', 'stabs', 'acordes', 'accords', 'akkorde', 'chord']);
const ARP_AFTER = new Set([
  'arpeggio',
  'arpeggios',
  'arpeggiated',
  'arpegios',
  'arpege',
  'arpeges',
  'arpeggien',
  'arpejos',
  'ostinato',
]);
const ARP_BEFORE = new Set([
  'arpeggiated',
  'arpegiado',
  'arpegiada',
  'arpege',
  'arpegee',
  'arpeggierte',
  'arpejado',
  'plucked',
]);

let instrumentIndex: PhraseIndex<InstrumentWord> | undefined;
let negatorIndex: PhraseIndex<true> | undefined;

function indexes(): { instruments: PhraseIndex<InstrumentWord>; negators: PhraseIndex<true> } {
  if (!instrumentIndex || !negatorIndex) {
    instrumentIndex = new PhraseIndex<InstrumentWord>();
    for (const word of INSTRUMENT_WORDS) instrumentIndex.addWords(word.words, word);
    negatorIndex = new PhraseIndex<true>();
    for (const phrase of NEGATORS) negatorIndex.add(phrase, true);
  }
  return { instruments: instrumentIndex, negators: negatorIndex };
}

/** Instrument phrases in token order (used for language detection too). */
export function findInstrumentMatches(tokens: readonly Token[]): PhraseMatch<InstrumentWord>[] {
  return indexes()
    .instruments.find(tokens)
    .filter((match) => !namesSomethingElse(tokens, match));
}

// "120 beats per minute" names a tempo, not drums; "minor keys" names tonality, not a piano.
function namesSomethingElse(tokens: readonly Token[], match: PhraseMatch<InstrumentWord>): boolean {
  const next = tokens[match.end]?.text ?? '';
  const after = tokens[match.end + 1]?.text ?? '';
  if (['per', 'por', 'pro', 'par', 'a'].includes(next) && after.startsWith('minut')) return true;
  const previous = tokens[match.start - 1]?.text ?? '';
  return tokens[match.start]!.text === 'keys' && ['minor', 'major', 'different', 'all'].includes(previous);
}

const OR_CONNECTORS = new Set(['or', 'nor', 'o', 'ni', 'ou', 'oder', 'noch', 'nem']);

// After a comma the negation continues only into an "X or Y" list ("no drums, bass or piano").
function listGoesOn(
  tokens: readonly Token[],
  from: number,
  byStart: Map<number, PhraseMatch<InstrumentWord>>,
): boolean {
  let position = from;
  while (position < tokens.length) {
    const match = byStart.get(position);
    const end = match ? match.end : position + 1;
    const token = tokens[end - 1]!;
    if (!match && OR_CONNECTORS.has(tokens[position]!.text)) return true;
    if (!match && !FILLERS.has(tokens[position]!.text)) return false;
    if (token.breakAfter && !token.commaAfter) return false;
    position = end;
  }
  return false;
}

function negatedStarts(
  tokens: readonly Token[],
  matches: readonly PhraseMatch<InstrumentWord>[],
  language: Language | 'unknown',
): Set<number> {
  const negated = new Set<number>();
  const byStart = new Map(matches.map((match) => [match.start, match]));
  for (const negator of indexes().negators.find(tokens)) {
    // Portuguese "no" means "in the" ("no piano" = "on the piano").
    if (language === 'pt' && tokens[negator.start]!.text === 'no') continue;
    if (tokens[negator.end - 1]!.breakAfter) continue;
    let position = negator.end;
    for (let steps = 0; steps < 10 && position < tokens.length; steps++) {
      const match = byStart.get(position);
      if (match) {
        negated.add(match.start);
        const last = tokens[match.end - 1]!;
        if (last.breakAfter && !(last.commaAfter && listGoesOn(tokens, match.end, byStart))) break;
        position = match.end;
        continue;
      }
      const token = tokens[position]!;
      if (!FILLERS.has(token.text) || token.breakAfter) break;
      position++;
    }
  }
  for (const match of matches) {
    const next = tokens[match.end]?.text;
    if (next && NEGATING_SUFFIXES.has(next) && !tokens[match.end - 1]!.breakAfter) negated.add(match.start);
  }
  return negated;
}

function roleCue(tokens: readonly Token[], match: PhraseMatch<InstrumentWord>): PartRole | null {
  const before = tokens[match.start - 1]?.text ?? '';
  const after = tokens[match.end - 1]!.breakAfter ? '' : (tokens[match.end]?.text ?? '');
  if (LEAD_AFTER.has(after) && !(after === 'solo' && match.payload.polyphonic)) return 'lead';
  if (LEAD_BEFORE.has(before)) return 'lead';
  if (CHORDS_AFTER.has(after)) return 'chords';
  if (ARP_AFTER.has(after) || ARP_BEFORE.has(before)) return 'arp';
  return null;
}

function isOnly(tokens: readonly Token[], match: PhraseMatch<InstrumentWord>): boolean {
  let position = match.start - 1;
  for (let skipped = 0; position >= 0 && skipped <= 2; skipped++, position--) {
    const text = tokens[position]!.text;
    if (tokens[position]!.breakAfter) break;
    if (ONLY_BEFORE.has(text)) return !(text === 'so' && skipped > 0);
    if (!ARTICLES.has(text)) break;
  }
  if (tokens[match.end - 1]!.breakAfter) return false;
  const after = tokens[match.end]?.text;
  if (!after || !ONLY_AFTER.has(after)) return false;
  return after !== 'solo' || Boolean(match.payload.polyphonic);
}

/** Named and excluded instruments of a prompt. */
export function findInstrumentMentions(
  tokens: readonly Token[],
  language: Language | 'unknown',
): InstrumentMentions {
  const ensembles = findEnsembles(tokens);
  const matches = findInstrumentMatches(tokens).filter(
    (match) => !ensembles.spans.some(([start, end]) => match.start >= start && match.end <= end),
  );
  const negated = negatedStarts(tokens, matches, language);
  const named: InstrumentMention[] = [...ensembles.mentions];
  const exclusions: string[] = [];
  const addExclusion = (word: string) => {
    if (!exclusions.includes(word)) exclusions.push(word);
  };
  for (const match of matches) {
    if (negated.has(match.start)) addExclusion(match.payload.id);
    else named.push({ word: match.payload, role: roleCue(tokens, match), only: isOnly(tokens, match) });
  }
  const texts = tokens.map((token) => token.text);
  for (let i = 0; i < texts.length; i++) {
    const suffixWord = SUFFIX_NEGATED[texts[i]!];
    if (suffixWord) addExclusion(suffixWord);
    if (NO_VOCAL_WORDS.includes(texts[i]!)) addExclusion('vocals');
  }
  // Extend "only" to instruments listed together ("only piano and cello").
  const onlyNamed = named.some((mention) => mention.only);
  return {
    named: onlyNamed ? named.map((mention) => ({ ...mention, only: true })) : named,
    exclusions,
    ensembleSize: findEnsembleSize(tokens, ensembles.spans),
  };
}
