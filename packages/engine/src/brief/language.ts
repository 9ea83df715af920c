// A best guess at the prompt's language from function words and the keywords other parsers found.
// Words shared by several languages ("piano", "triste") count for each, so they cancel out.
import type { Language, PhraseMatch, Token } from './text.js';
import { LANGUAGES } from './text.js';

// biome-ignore format: compact data table, one entry per line
const FUNCTION_WORDS: Record<Language, readonly string[]> = {
  en: ['the', 'with', 'and', 'for', 'of', 'some', 'song', 'music', 'track', 'my', 'that', 'this', 'like', 'very', 'to', 'about', 'without', 'is', 'an', 'in', 'at', 'feel', 'vibes', 'vibe'],
  es: ['el', 'los', 'las', 'con', 'y', 'para', 'una', 'del', 'que', 'muy', 'cancion', 'musica', 'pista', 'sin', 'ritmo', 'mi', 'en', 'algo', 'por', 'al'],
  fr: ['le', 'les', 'avec', 'et', 'pour', 'une', 'des', 'du', 'tres', 'musique', 'chanson', 'morceau', 'sans', 'dans', 'au', 'aux', 'est', 'un', 'qui'],
  de: ['der', 'die', 'das', 'mit', 'und', 'fur', 'ein', 'eine', 'einen', 'sehr', 'musik', 'lied', 'ohne', 'im', 'zum', 'zur', 'ist', 'etwas', 'von', 'auf', 'stuck'],
  pt: ['os', 'com', 'para', 'uma', 'um', 'do', 'da', 'dos', 'das', 'muito', 'musica', 'cancao', 'sem', 'na', 'em', 'algo', 'faixa', 'pra', 'nao'],
};

let lookup: Map<string, Language[]> | undefined;

function functionWordLanguages(word: string): readonly Language[] {
  if (!lookup) {
    lookup = new Map();
    for (const language of LANGUAGES) {
      for (const item of FUNCTION_WORDS[language]) lookup.set(item, [...(lookup.get(item) ?? []), language]);
    }
  }
  return lookup.get(word) ?? [];
}

/** The language with the most hits; ties prefer en, es, fr, de, pt in that order; none → unknown. */
export function detectLanguage(
  tokens: readonly Token[],
  keywordMatches: readonly PhraseMatch<unknown>[],
): Language | 'unknown' {
  const scores: Record<Language, number> = { en: 0, es: 0, fr: 0, de: 0, pt: 0 };
  for (const token of tokens) for (const language of functionWordLanguages(token.text)) scores[language] += 1;
  for (const match of keywordMatches) for (const language of match.languages) scores[language] += 1;
  let best: Language | 'unknown' = 'unknown';
  let bestScore = 0;
  for (const language of LANGUAGES) {
    if (scores[language] > bestScore) {
      best = language;
      bestScore = scores[language];
    }
  }
  return best;
}
