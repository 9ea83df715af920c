// Named ensembles ("string quartet", "jazz trio") expand into the instruments they stand for.
import type { PartRole } from '../types.js';
import type { InstrumentMention } from './instruments.js';
import { INSTRUMENT_WORDS } from './instruments.js';
import { PhraseIndex, type Token, type Words } from './text.js';

interface Ensemble {
  parts: Array<[instrumentId: string, role: PartRole]>;
  words: Words;
}

// biome-ignore format: compact data table, one entry per line
const ENSEMBLES: Ensemble[] = [
  { parts: [['violin', 'lead'], ['violin', 'counter'], ['viola', 'chords'], ['cello', 'bass']], words: { en: ['string quartet'], es: ['cuarteto de cuerdas', 'cuarteto de cuerda'], fr: ['quatuor a cordes'], de: ['streichquartett'], pt: ['quarteto de cordas'] } },
  { parts: [['violin', 'lead'], ['piano', 'chords'], ['cello', 'bass']], words: { en: ['piano trio'], es: ['trio con piano', 'trio de piano'], fr: ['trio avec piano'], de: ['klaviertrio'], pt: ['trio de piano'] } },
  { parts: [['piano', 'lead'], ['upright bass', 'bass'], ['jazz drums', 'drums']], words: { en: ['jazz trio', 'piano jazz trio'], es: ['trio de jazz'], fr: ['trio de jazz', 'trio jazz'], de: ['jazztrio', 'jazz-trio'], pt: ['trio de jazz'] } },
  { parts: [['distorted guitar', 'chords'], ['overdriven guitar', 'lead'], ['bass', 'bass'], ['drums', 'drums']], words: { en: ['power trio', 'rock trio'], es: ['trio de rock'], fr: ['trio rock'], de: ['rocktrio'], pt: ['trio de rock'] } },
  { parts: [['trumpet', 'lead'], ['trumpet', 'counter'], ['french horn', 'chords'], ['trombone', 'counter'], ['tuba', 'bass']], words: { en: ['brass quintet'], es: ['quinteto de metales'], fr: ['quintette de cuivres'], de: ['blechblaserquintett'], pt: ['quinteto de metais'] } },
  { parts: [['violin', 'lead'], ['viola', 'chords'], ['cello', 'bass']], words: { en: ['string trio'], es: ['trio de cuerdas'], fr: ['trio a cordes'], de: ['streichtrio'], pt: ['trio de cordas'] } },
  // A baroque trio sonata: two violins in counterpoint over harpsichord and cello continuo, no drums.
  { parts: [['violin', 'lead'], ['violin', 'counter'], ['harpsichord', 'chords'], ['cello', 'bass']], words: { en: ['baroque', 'minuet', 'trio sonata', 'continuo'], es: ['barroco', 'barroca', 'minueto'], fr: ['baroque', 'menuet'], de: ['barock', 'barockmusik', 'menuett'], pt: ['barroco', 'barroca', 'minueto'] } },
  // Voices alone: the tune, the harmony and a bass singer, no instrument.
  { parts: [['choir', 'lead'], ['choir', 'chords'], ['choir', 'bass']], words: { en: ['a cappella', 'acappella', 'a capella', 'acapella', 'unaccompanied choir', 'unaccompanied voices'], es: ['a capela', 'a cappella', 'coro sin acompanamiento'], fr: ['a cappella', 'a capella', 'choeur sans accompagnement'], de: ['a cappella', 'a capella', 'unbegleiteter chor'], pt: ['a capela', 'a cappella', 'coro sem acompanhamento'] } },
];

// "Duet", "trio", "quartet": how many players the prompt asks for, when it does not say which.
// biome-ignore format: compact data table, one entry per line
const ENSEMBLE_SIZES: Array<{ players: number; words: Words }> = [
  { players: 2, words: { en: ['duet', 'duo', 'duets'], es: ['duo', 'dueto'], fr: ['duo'], de: ['duett', 'duo'], pt: ['duo', 'dueto'] } },
  { players: 3, words: { en: ['trio'], es: ['trio'], fr: ['trio'], de: ['trio'], pt: ['trio'] } },
  { players: 4, words: { en: ['quartet'], es: ['cuarteto'], fr: ['quatuor'], de: ['quartett'], pt: ['quarteto'] } },
  { players: 5, words: { en: ['quintet'], es: ['quinteto'], fr: ['quintette'], de: ['quintett'], pt: ['quinteto'] } },
];

let ensembleIndex: PhraseIndex<Ensemble> | undefined;
let sizeIndex: PhraseIndex<number> | undefined;

/** Players a "duet"/"trio"/"quartet" outside a named ensemble asks for, or null. */
export function findEnsembleSize(
  tokens: readonly Token[],
  ensembleSpans: Array<[number, number]>,
): number | null {
  if (!sizeIndex) {
    sizeIndex = new PhraseIndex<number>();
    for (const size of ENSEMBLE_SIZES) sizeIndex.addWords(size.words, size.players);
  }
  const match = sizeIndex
    .find(tokens)
    .find(
      (candidate) => !ensembleSpans.some(([start, end]) => candidate.start >= start && candidate.end <= end),
    );
  return match ? match.payload : null;
}

/** Ensembles the prompt names, as "only" mentions, with the token spans they cover. */
export function findEnsembles(tokens: readonly Token[]): {
  mentions: InstrumentMention[];
  spans: Array<[number, number]>;
} {
  if (!ensembleIndex) {
    ensembleIndex = new PhraseIndex<Ensemble>();
    for (const ensemble of ENSEMBLES) ensembleIndex.addWords(ensemble.words, ensemble);
  }
  const mentions: InstrumentMention[] = [];
  const spans: Array<[number, number]> = [];
  const seen = new Set<Ensemble>();
  for (const match of ensembleIndex.find(tokens)) {
    spans.push([match.start, match.end]);
    // "Baroque minuet" names one ensemble twice.
    if (seen.has(match.payload)) continue;
    seen.add(match.payload);
    for (const [id, role] of match.payload.parts) {
      const word = INSTRUMENT_WORDS.find((candidate) => candidate.id === id);
      if (word) mentions.push({ word, role, only: true });
    }
  }
  return { mentions, spans };
}
