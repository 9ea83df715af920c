// Stage 1: prompt text → Brief. Every field is always filled; unknown words fall back to the
// genre's habits, then to pop, never to an error.
import { createRng, type Rng } from '../random.js';
import type { Brief, GenreId, Key, Meter, Mode, Source } from '../types.js';
import { arrangeInstruments } from './arrangement.js';
import { chooseGenreFromMoods, findGenreMatches, readGenres } from './detect-genre.js';
import { findTextureWords, textureArousalShift } from './energy-words.js';
import { type GenreProfile, getGenreProfile } from './genres.js';
import { findInstrumentMatches, findInstrumentMentions } from './instrument-mentions.js';
import { findKey, parseKey } from './key.js';
import { detectLanguage } from './language.js';
import { findMeter, parseMeter } from './meter.js';
import { findMoods, MOODS, type MoodName, readMoods } from './moods.js';
import { buildEnergyCurve, findLoopRequest, findStructureHints } from './structure.js';
import { chooseBpm, findExplicitBpm, findTempoWord, normaliseBpm, type TempoWord } from './tempo.js';
import { clamp, createTextView, roundTo } from './text.js';
import { readVocalDelivery } from './vocal-delivery.js';

export interface ParseBriefOptions {
  durationSeconds: number;
  seed: number;
  /** Ask for a seamless loop even when the prompt does not. */
  loop?: boolean;
  /** Values that win over the prompt; unreadable ones are ignored (validate with parseKey/parseMeter). */
  overrides?: { bpm?: number; key?: string; meter?: string };
  /** Instrument words named outside the prompt (a section plan's), added to the parts like named ones. */
  extraInstruments?: readonly string[];
}

const DEFAULT_DURATION_SECONDS = 30;
const TEMPO_AROUSAL_SHIFT: Record<TempoWord, number> = {
  verySlow: -0.25,
  slow: -0.15,
  mid: 0,
  fast: 0.12,
  veryFast: 0.22,
};

function pickWeighted<T extends string>(weights: Partial<Record<T, number>>, rng: Rng): T | null {
  const entries = (Object.entries(weights) as [T, number][]).filter(([, weight]) => weight > 0);
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  if (total <= 0) return null;
  let target = rng.range(0, total);
  for (const [value, weight] of entries) {
    target -= weight;
    if (target < 0) return value;
  }
  return entries[entries.length - 1]![0];
}

function chooseMode(
  moods: readonly MoodName[],
  profile: GenreProfile,
  rng: Rng,
): { mode: Mode; source: Source } {
  const weights: Partial<Record<Mode, number>> = {};
  for (const mood of moods) {
    for (const [mode, weight] of Object.entries(MOODS[mood].modes) as [Mode, number][]) {
      weights[mode] = (weights[mode] ?? 0) + weight * (0.4 + (profile.modes[mode] ?? 0));
    }
  }
  const fromMood = pickWeighted(weights, rng);
  if (fromMood) return { mode: fromMood, source: 'mood' };
  return { mode: pickWeighted(profile.modes, rng) ?? 'major', source: 'genre' };
}

/** Turns a prompt into a Brief; pure and deterministic for (prompt, options). */
export function parseBrief(prompt: string, options: ParseBriefOptions): Brief {
  const text = typeof prompt === 'string' ? prompt : '';
  const view = createTextView(text);
  const seed = Number.isFinite(options?.seed) ? options.seed : 0;
  const rng = createRng(seed);

  const moodMatches = findMoods(view.tokens);
  const genreMatches = findGenreMatches(view.tokens);
  const instrumentMatches = findInstrumentMatches(view.tokens);
  const language = detectLanguage(view.tokens, [...moodMatches, ...genreMatches, ...instrumentMatches]);
  const moodReading = readMoods(moodMatches);
  const mentions = findInstrumentMentions(view.tokens, language);
  if (options?.extraInstruments && options.extraInstruments.length > 0) {
    const extra = findInstrumentMentions(
      createTextView(options.extraInstruments.join(', ')).tokens,
      language,
    );
    for (const mention of extra.named) {
      const known = mentions.named.some((named) => named.word.id === mention.word.id);
      if (!known && !mentions.exclusions.includes(mention.word.family ?? mention.word.id))
        mentions.named.push({ ...mention, only: false });
    }
  }

  // Genre: named → hinted by a named instrument → voted by moods → pop.
  const named = readGenres(genreMatches, moodReading.moods, moodReading.arousal, language);
  let genre: GenreId = 'pop';
  let genreSource: Source = 'default';
  const hinted = mentions.named.find((mention) => mention.word.genreHint)?.word.genreHint;
  // Named instruments without a named genre are the whole ensemble, so the moods pick among
  // genres that can exist with them alone (a piano piece is not lo-fi hip hop without its beat).
  const namedRoles = new Set(mentions.named.map((mention) => mention.role ?? mention.word.role));
  const namesMelody = mentions.named.some((mention) => !mention.word.isDrums);
  const fits = (id: GenreId) =>
    !namesMelody || getGenreProfile(id).needs.every((role) => namedRoles.has(role));
  const fromMood = chooseGenreFromMoods(moodReading.moods, rng.fork('genre'), fits);
  if (named.genre) [genre, genreSource] = [named.genre, 'prompt'];
  else if (hinted) [genre, genreSource] = [hinted, 'prompt'];
  else if (fromMood) [genre, genreSource] = [fromMood, 'mood'];
  const secondaryGenre = named.secondary && named.secondary !== genre ? named.secondary : null;
  const profile = getGenreProfile(genre);

  // Energy: moods lead, the genre's baseline anchors, tempo and texture words and numbers nudge.
  const tempoWord = findTempoWord(view.tokens);
  const explicitBpm = findExplicitBpm(view.lower);
  const overrideBpm =
    typeof options?.overrides?.bpm === 'number' ? normaliseBpm(options.overrides.bpm) : null;
  let arousal =
    moodReading.arousal === null ? profile.energy : 0.7 * moodReading.arousal + 0.3 * profile.energy;
  if (tempoWord) arousal += TEMPO_AROUSAL_SHIFT[tempoWord];
  arousal += textureArousalShift(findTextureWords(view.tokens));
  const statedBpm = overrideBpm ?? explicitBpm;
  if (statedBpm !== null) arousal = 0.8 * arousal + 0.2 * clamp((statedBpm - 60) / 120, 0, 1);
  arousal = roundTo(clamp(arousal, 0, 1), 3);
  const valenceRaw =
    moodReading.valence === null ? profile.valence : 0.8 * moodReading.valence + 0.2 * profile.valence;
  const valence = roundTo(clamp(valenceRaw, -1, 1), 3);

  let bpm: number;
  let bpmSource: Source;
  if (overrideBpm !== null) [bpm, bpmSource] = [overrideBpm, 'override'];
  else if (explicitBpm !== null) [bpm, bpmSource] = [explicitBpm, 'prompt'];
  else
    [bpm, bpmSource] = [
      chooseBpm(profile, arousal, tempoWord, rng.fork('tempo')),
      tempoWord ? 'prompt' : 'genre',
    ];

  const overrideKey = typeof options?.overrides?.key === 'string' ? parseKey(options.overrides.key) : null;
  let key: Key;
  let keySource: Source;
  if (overrideKey) [key, keySource] = [overrideKey, 'override'];
  else {
    const stated = findKey(view);
    const keyRng = rng.fork('key');
    const tonic = stated.tonic ?? keyRng.pick(profile.tonics);
    const chosen = stated.mode
      ? { mode: stated.mode, source: 'prompt' as Source }
      : chooseMode(moodReading.moods, profile, keyRng);
    key = { tonic, mode: chosen.mode };
    keySource = stated.tonic || stated.mode ? 'prompt' : chosen.source;
  }

  const overrideMeter =
    typeof options?.overrides?.meter === 'string' ? parseMeter(options.overrides.meter) : null;
  const statedMeter = findMeter(view.lower, view.tokens);
  let meter: Meter;
  let meterSource: Source;
  if (overrideMeter) [meter, meterSource] = [overrideMeter, 'override'];
  else if (statedMeter) [meter, meterSource] = [statedMeter, 'prompt'];
  else [meter, meterSource] = [{ ...profile.defaultMeter }, 'genre'];

  const instruments = arrangeInstruments({
    genre: profile,
    secondaryGenre: secondaryGenre ? getGenreProfile(secondaryGenre) : null,
    mentions: mentions.named,
    exclusions: mentions.exclusions,
    arousal,
    genreNamed: named.genre !== null,
    ensembleSize: mentions.ensembleSize,
  });
  const structureHints = findStructureHints(view.tokens);
  const loop = options?.loop === true || findLoopRequest(view.tokens);
  const durationSeconds =
    Number.isFinite(options?.durationSeconds) && options.durationSeconds > 0
      ? options.durationSeconds
      : DEFAULT_DURATION_SECONDS;

  return {
    prompt: text,
    language,
    genre,
    secondaryGenre,
    genreSource,
    moods: [...moodReading.moods],
    valence,
    arousal,
    bpm,
    bpmSource,
    key,
    keySource,
    meter,
    meterSource,
    instruments,
    exclusions: mentions.exclusions,
    energyCurve: buildEnergyCurve(arousal, structureHints, loop, rng.fork('energy')),
    structureHints,
    loop,
    durationSeconds,
    vocalDelivery: readVocalDelivery(text, genre),
  };
}
