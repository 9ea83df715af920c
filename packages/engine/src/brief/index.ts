// Stage 1 of the engine: prompt text → Brief. Other stages and the API import only from here.
export { GENRES, type GenreProfile, genreLabel, getGenreProfile } from './genres.js';
export { describeKey, parseKey } from './key.js';
export { formatMeter, parseMeter } from './meter.js';
export { type ParseBriefOptions, parseBrief } from './parse-brief.js';
