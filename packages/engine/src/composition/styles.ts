// Per-genre arranging habits, read from each genre's record (genres/): grooves, swing, harmony
// pools, bass and accompaniment styles. The part writers interpret them.
import { BASE_STYLE, GENRE_RECORDS, type GenreStyle } from '../genres/index.js';
import type { GenreId } from '../types.js';

export type { BassStyle, Colour, CompStyle, DrumLane, GenreStyle } from '../genres/index.js';

/** The arranging habits for a genre (pop habits for an unknown id). */
export function getStyle(genre: GenreId): GenreStyle {
  return GENRE_RECORDS[genre]?.style ?? BASE_STYLE;
}

// Kick, snare/clap/side stick and cymbal voices belong to the main genre's groove; a blended
// genre contributes only its colour percussion (clave, congas, cowbell, toms, shakers).
const GROOVE_CORE_NOTES = new Set([35, 36, 37, 38, 39, 40, 42, 44, 46, 49, 51, 53]);

/** The main genre's habits with a second genre's percussion colour blended in. */
export function blendStyles(main: GenreStyle, secondary: GenreStyle | null): GenreStyle {
  if (!secondary || secondary === main) return main;
  const colour = secondary.drums
    .filter((lane) => !GROOVE_CORE_NOTES.has(lane.note))
    .map((lane) => ({ ...lane, minEnergy: Math.min(1, lane.minEnergy + 0.1) }));
  return { ...main, drums: [...main.drums, ...colour], percussion: secondary.percussion };
}
