// Texture words that say how busy the music should be, beside the moods: "minimal", "sparse" and
// "stripped back" thin it out, "huge drums", "pounding" and "wall of sound" fill it in. Moods
// ("calm", "energetic", "epic") already carry most of the energy; these words say how much is
// played, so they nudge the brief's energy (arousal) the way tempo words do.
import { PhraseIndex, type Token, type Words } from './text.js';

export type TextureWord = 'sparse' | 'dense';

/** How far a texture word moves the brief's energy (0..1). */
// "Minimal" says more about density than a mood word does, so it moves energy further than
// "huge drums" (a piano loop asked to be minimal was still counted busier than a trailer).
export const TEXTURE_AROUSAL_SHIFT: Record<TextureWord, number> = { sparse: -0.25, dense: 0.15 };

// biome-ignore format: compact data table, one entry per line
const TEXTURE_WORDS: Record<TextureWord, Words> = {
  sparse: {
    en: ['minimal', 'minimalist', 'minimalistic', 'sparse', 'sparse drums', 'stripped back', 'stripped-back', 'stripped down', 'stripped-down', 'bare', 'barebones', 'bare bones', 'understated', 'light drums', 'soft drums'],
    es: ['minimal', 'minimalista', 'escaso', 'escasa', 'sobrio', 'sobria', 'despojado', 'despojada', 'bateria suave'],
    fr: ['minimal', 'minimale', 'minimaliste', 'epure', 'epuree', 'depouille', 'depouillee', 'sobre', 'batterie legere'],
    de: ['minimal', 'minimalistisch', 'sparsam', 'reduziert', 'karg', 'spartanisch', 'leichtes schlagzeug'],
    pt: ['minimal', 'minimalista', 'esparso', 'esparsa', 'despojado', 'despojada', 'enxuto', 'enxuta', 'bateria suave'],
  },
  dense: {
    en: ['huge drums', 'big drums', 'massive drums', 'pounding drums', 'thunderous drums', 'loud drums', 'huge', 'massive', 'pounding', 'thunderous', 'explosive', 'bombastic', 'wall of sound', 'dense', 'busy', 'full band'],
    es: ['bateria enorme', 'bateria potente', 'tambores enormes', 'enorme', 'masivo', 'masiva', 'explosivo', 'explosiva', 'atronador', 'denso', 'densa'],
    fr: ['grosse batterie', 'batterie enorme', 'batterie puissante', 'enorme', 'massif', 'massive', 'explosif', 'explosive', 'tonitruant', 'dense'],
    de: ['riesige drums', 'fette drums', 'gewaltiges schlagzeug', 'fettes schlagzeug', 'fettem schlagzeug', 'gewaltigem schlagzeug', 'riesig', 'massiv', 'wuchtig', 'explosiv', 'donnernd', 'bombastisch', 'dicht'],
    pt: ['bateria enorme', 'bateria pesada', 'bateria potente', 'enorme', 'massivo', 'massiva', 'explosivo', 'explosiva', 'estrondoso', 'denso', 'densa'],
  },
};

let textureIndex: PhraseIndex<TextureWord> | undefined;

/** The texture words in the prompt, in order ("minimal", "huge drums"). */
export function findTextureWords(tokens: readonly Token[]): TextureWord[] {
  if (!textureIndex) {
    textureIndex = new PhraseIndex<TextureWord>();
    for (const word of Object.keys(TEXTURE_WORDS) as TextureWord[])
      textureIndex.addWords(TEXTURE_WORDS[word], word);
  }
  return textureIndex.find(tokens).map((match) => match.payload);
}

/** The energy shift of the prompt's texture words: each kind counts once, so "minimal, sparse" is one step. */
export function textureArousalShift(words: readonly TextureWord[]): number {
  return [...new Set(words)].reduce((sum, word) => sum + TEXTURE_AROUSAL_SHIFT[word], 0);
}
