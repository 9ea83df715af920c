// Genre from the prompt: named genres first (nouns outweigh adjectives: "orchestral metal" is
// metal coloured by orchestra), then hints from named instruments, then moods, then pop.

import { GENRE_RECORDS } from '../genres/index.js';
import type { Rng } from '../random.js';
import type { GenreId } from '../types.js';
import type { MoodName } from './moods.js';
import { type Language, PhraseIndex, type PhraseMatch, type Token, type Words } from './text.js';

interface GenreHit {
  genre: GenreId | 'hiphop';
  weight: number;
}

const NOUN_WEIGHT = 1;
const MODIFIER_WEIGHT = 0.6;
const WEAK_WEIGHT = 0.3;
// biome-ignore format: compact data table, one entry per line
const HIP_HOP_WORDS: Words = {
  en: ['hip hop', 'hip-hop', 'rap', 'beat tape', 'beattape'],
  es: ['hip hop', 'rap'],
  fr: ['hip hop', 'rap'],
  de: ['hip hop', 'hiphop', 'rap'],
  pt: ['hip hop', 'rap'],
};

let genreIndex: PhraseIndex<GenreHit> | undefined;

function getGenreIndex(): PhraseIndex<GenreHit> {
  if (!genreIndex) {
    genreIndex = new PhraseIndex<GenreHit>(false);
    for (const genre of Object.keys(GENRE_RECORDS) as GenreId[]) {
      const { words } = GENRE_RECORDS[genre];
      genreIndex.addWords(words.nouns, { genre, weight: NOUN_WEIGHT });
      if (words.modifiers) genreIndex.addWords(words.modifiers, { genre, weight: MODIFIER_WEIGHT });
      if (words.weak) genreIndex.addWords(words.weak, { genre, weight: WEAK_WEIGHT });
    }
    genreIndex.addWords(HIP_HOP_WORDS, { genre: 'hiphop', weight: NOUN_WEIGHT });
  }
  return genreIndex;
}

/** Genre phrases in the prompt, in token order. */
export function findGenreMatches(tokens: readonly Token[]): PhraseMatch<GenreHit>[] {
  return getGenreIndex().find(tokens);
}

export interface GenreReading {
  genre: GenreId | null;
  secondary: GenreId | null;
}

// Hip hop is lo-fi when it is calm and trap when it is hard (MUSIC.md has no separate hip hop row).
function resolveHipHop(moods: readonly MoodName[], arousal: number | null): GenreId {
  const hard = moods.some((mood) => mood === 'dark' || mood === 'aggressive' || mood === 'tense');
  return hard || (arousal ?? 0) >= 0.55 ? 'trap' : 'lofi';
}

/** The primary and secondary genre the prompt names, if any. */
export function readGenres(
  matches: readonly PhraseMatch<GenreHit>[],
  moods: readonly MoodName[],
  moodArousal: number | null,
  language: Language | 'unknown',
): GenreReading {
  const scores = new Map<GenreId, { weight: number; first: number; last: number; end: number }>();
  for (const match of matches) {
    const genre = match.payload.genre === 'hiphop' ? resolveHipHop(moods, moodArousal) : match.payload.genre;
    const seen = scores.get(genre);
    if (seen) {
      seen.weight = Math.max(seen.weight, match.payload.weight) + 0.05;
      seen.last = match.start;
      seen.end = match.end;
    } else
      scores.set(genre, {
        weight: match.payload.weight,
        first: match.start,
        last: match.start,
        end: match.end,
      });
  }
  const headFirst = language === 'es' || language === 'fr' || language === 'pt';
  const ranked = [...scores.entries()].sort(([, a], [, b]) => {
    if (Math.abs(a.weight - b.weight) > 0.01) return b.weight - a.weight;
    // Two adjacent genre nouns: English and German put the head last ("jazz lofi" is lo-fi).
    const adjacent = a.end === b.first || b.end === a.first;
    if (adjacent && !headFirst) return b.first - a.first;
    return a.first - b.first;
  });
  const primary = ranked[0];
  const secondary = ranked.slice(1).find(([, score]) => score.weight >= MODIFIER_WEIGHT);
  return { genre: primary?.[0] ?? null, secondary: secondary?.[0] ?? null };
}

// biome-ignore format: compact data table, one entry per line
const MOOD_GENRES: Record<MoodName, GenreId[]> = {
  calm: ['ambient', 'lofi'],
  chill: ['lofi', 'bossa_nova'],
  energetic: ['house', 'rock'],
  aggressive: ['metal', 'rock'],
  epic: ['cinematic', 'orchestral'],
  sad: ['orchestral', 'ambient'],
  melancholic: ['orchestral', 'lofi'],
  happy: ['pop', 'funk'],
  playful: ['pop', 'chiptune'],
  uplifting: ['pop', 'house'],
  dreamy: ['ambient', 'synthwave'],
  romantic: ['jazz', 'bossa_nova'],
  mysterious: ['cinematic', 'ambient'],
  tense: ['cinematic', 'techno'],
  dark: ['cinematic', 'techno'],
  nostalgic: ['synthwave', 'lofi'],
  groovy: ['funk', 'disco'],
};

/**
 * A genre for a prompt that names none: the moods vote, the seed breaks close votes. `fits` leaves
 * out genres the prompt's instruments cannot make ("calm piano" has no beat for lo-fi hip hop).
 */
export function chooseGenreFromMoods(
  moods: readonly MoodName[],
  rng: Rng,
  fits: (genre: GenreId) => boolean = () => true,
): GenreId | null {
  if (moods.length === 0) return null;
  const votes = new Map<GenreId, number>();
  moods.forEach((mood, moodIndex) => {
    const moodWeight = 1 / (1 + moodIndex * 0.5);
    MOOD_GENRES[mood].forEach((genre, rank) => {
      if (fits(genre)) votes.set(genre, (votes.get(genre) ?? 0) + moodWeight * (rank === 0 ? 1 : 0.75));
    });
  });
  if (votes.size === 0) return null;
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  const close = ranked.filter(([, vote]) => vote >= ranked[0]![1] - 0.3);
  return rng.pick(close)[0];
}
