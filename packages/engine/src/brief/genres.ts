// The genre profiles the brief reads: each genre registry record's brief data (genres/), with the
// genre's words and defaults filled in.
import { GENRE_RECORDS, type GenreBrief } from '../genres/index.js';
import type { GenreId, Meter, PartRole } from '../types.js';
import type { Words } from './text.js';

/** A genre as the brief reads it: its registry record's brief data with every default filled in. */
export interface GenreProfile extends GenreBrief {
  id: GenreId;
  /** Words that name the genre, per language. */
  keywords: Words;
  defaultMeter: Meter;
  halfTime: boolean;
  swing: number;
  needs: readonly PartRole[];
}

const FOUR_FOUR: Meter = { beatsPerBar: 4, beatUnit: 4 };

function buildProfiles(): Record<GenreId, GenreProfile> {
  const profiles = {} as Record<GenreId, GenreProfile>;
  for (const id of Object.keys(GENRE_RECORDS) as GenreId[]) {
    const data = GENRE_RECORDS[id].brief;
    profiles[id] = {
      ...data,
      id,
      keywords: GENRE_RECORDS[id].words.nouns,
      defaultMeter: data.defaultMeter ?? FOUR_FOUR,
      halfTime: data.halfTime ?? false,
      swing: data.swing ?? 0.5,
      needs: data.needs ?? [],
    };
  }
  return profiles;
}

/** Every genre the engine arranges, keyed by id. */
export const GENRES: Readonly<Record<GenreId, GenreProfile>> = buildProfiles();

/** The profile of a genre (bpm range, modes, default parts, …). */
export function getGenreProfile(id: GenreId): GenreProfile {
  return GENRES[id];
}

/** Human label of a genre: "lo-fi hip hop", "drum and bass". */
export function genreLabel(id: GenreId): string {
  return GENRES[id]?.label ?? id;
}
