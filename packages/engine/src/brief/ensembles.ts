// Named ensembles ("string quartet", "jazz trio") expand into the instruments they stand for.
import type { PartRole } from '../types.js';
import type { InstrumentMention } from './instrument-mentions.js';
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
];

let ensembleIndex: PhraseIndex<Ensemble> | undefined;

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
  for (const match of ensembleIndex.find(tokens)) {
    spans.push([match.start, match.end]);
    for (const [id, role] of match.payload.parts) {
      const word = INSTRUMENT_WORDS.find((candidate) => candidate.id === id);
      if (word) mentions.push({ word, role, only: true });
    }
  }
  return { mentions, spans };
}
