// How the brief says lyrics are delivered. Deciding that a prompt asks for rap is reading the
// prompt, so it happens here once; composition only follows `brief.vocalDelivery`.
import { getGenreRecord } from '../genres/index.js';
import type { GenreId } from '../types.js';
import type { VocalDelivery } from '../vocals/vocal-types.js';

const RAP_WORDS = /\b(rap|raps|rapped|rapping|rapper|emcee|hip[- ]?hop|boom[- ]?bap|drill|grime)\b/i;

/** Rapped where the genre raps (trap) and for prompts that ask for rap or hip hop; sung otherwise. */
export function readVocalDelivery(prompt: string, genre: GenreId): VocalDelivery {
  return getGenreRecord(genre).vocalDelivery === 'rap' || RAP_WORDS.test(prompt) ? 'rap' : 'sung';
}
