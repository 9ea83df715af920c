// Tempo: an explicit number ("92 bpm", "tempo 132", "120 Schläge pro Minute") wins; tempo words
// ("slow", "rápido", "schnell") pick inside the genre's range, shifted toward MUSIC.md's ranges.
import type { Rng } from '../random.js';
import type { GenreProfile } from './genres.js';
import { clamp, PhraseIndex, type Token } from './text.js';

export const MIN_BPM = 40;
export const MAX_BPM = 220;

export type TempoWord = 'verySlow' | 'slow' | 'mid' | 'fast' | 'veryFast';

/** MUSIC.md's "Prompt words" ranges. */
export const TEMPO_WORD_RANGES: Record<TempoWord, { min: number; max: number }> = {
  verySlow: { min: 50, max: 65 },
  slow: { min: 60, max: 80 },
  mid: { min: 90, max: 110 },
  fast: { min: 120, max: 150 },
  veryFast: { min: 160, max: 200 },
};

// biome-ignore format: compact data table, one entry per line
const TEMPO_WORDS: Record<TempoWord, string[]> = {
  verySlow: ['very slow', 'super slow', 'glacial', 'muy lento', 'muy lenta', 'tres lent', 'tres lente', 'sehr langsam', 'muito lento', 'muito lenta'],
  slow: ['slow', 'slowly', 'slower', 'downtempo', 'down-tempo', 'lento', 'lenta', 'despacio', 'pausado', 'lent', 'lente', 'lentement', 'langsam', 'langsame', 'langsamer', 'devagar', 'adagio', 'largo', 'ballad', 'balada', 'ballade', 'ballads', 'baladas'],
  mid: ['mid-tempo', 'midtempo', 'mid tempo', 'medium tempo', 'moderate', 'moderate tempo', 'moderado', 'moderada', 'tempo moyen', 'modere', 'moderee', 'mittleres tempo', 'mittelschnell', 'gemassigt', 'andante', 'moderato'],
  fast: ['fast', 'faster', 'upbeat', 'up-tempo', 'uptempo', 'quick', 'rapid', 'speedy', 'rapido', 'rapida', 'veloz', 'rapide', 'vite', 'schnell', 'schnelle', 'schneller', 'flott', 'zugig', 'acelerado', 'acelerada', 'allegro'],
  veryFast: ['very fast', 'super fast', 'superfast', 'frantic', 'frenetic', 'breakneck', 'hyperspeed', 'muy rapido', 'muy rapida', 'frenetico', 'frenetica', 'tres rapide', 'tres vite', 'frenetique', 'sehr schnell', 'rasend', 'hektisch', 'muito rapido', 'muito rapida', 'presto'],
};

let tempoIndex: PhraseIndex<TempoWord> | undefined;

/** The strongest tempo word in the prompt, if any ("very fast" beats "fast" by being longer). */
export function findTempoWord(tokens: readonly Token[]): TempoWord | null {
  if (!tempoIndex) {
    tempoIndex = new PhraseIndex<TempoWord>();
    for (const word of Object.keys(TEMPO_WORDS) as TempoWord[]) {
      for (const phrase of TEMPO_WORDS[word]) tempoIndex.add(phrase, word);
    }
  }
  const matches = tempoIndex.find(tokens);
  return matches[0]?.payload ?? null;
}

// biome-ignore format: compact data table, one entry per line
const UNIT =
  '(?:bpm|bmp|b\\.p\\.m\\.?|ppm|lpm|beats? per minute|beats? a minute|pulsaciones por minuto|golpes por minuto|' +
  'battements par minute|battements/minute|schlage pro minute|schlage/minute|schlagen pro minute|' +
  'batidas por minuto|batimentos por minuto|bpms)';
const NUMBER = '(\\d{1,4}(?:[.,]\\d+)?)';
const NUMBER_WITH_UNIT = new RegExp(
  `(?<![\\d.,])${NUMBER}(?:\\s*(?:-|–|to|a|à|bis|ate|ou|or|/)\\s*${NUMBER})?\\s*-?\\s*${UNIT}(?![\\p{L}])`,
  'iu',
);
const WORD_THEN_NUMBER =
  /(?<![\p{L}])(?:tempo|bpm|velocidad|vitesse|geschwindigkeit|andamento)\s*(?:of|de|du|:|=|at|a|à|von|bei|em|en|is|est|ist|about|around|~|\s)*\s*(\d{2,4}(?:[.,]\d+)?)(?![\d]|\s*\/)/iu;

function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/** An explicit tempo in the prompt, clamped to 40–220, or null. */
export function findExplicitBpm(lower: string): number | null {
  const withUnit = NUMBER_WITH_UNIT.exec(lower);
  if (withUnit) {
    const first = toNumber(withUnit[1]!);
    const second = withUnit[2] ? toNumber(withUnit[2]) : null;
    const bpm = second !== null && Math.abs(second - first) <= 60 ? (first + second) / 2 : first;
    return normaliseBpm(bpm);
  }
  const afterWord = WORD_THEN_NUMBER.exec(lower);
  if (afterWord) return normaliseBpm(toNumber(afterWord[1]!));
  return null;
}

/** Clamps a bpm to the engine's range, keeping one decimal; null when not a finite number. */
export function normaliseBpm(bpm: number): number | null {
  if (!Number.isFinite(bpm)) return null;
  return Math.round(clamp(bpm, MIN_BPM, MAX_BPM) * 10) / 10;
}

/**
 * Picks a bpm inside the genre's range. A tempo word narrows the range toward MUSIC.md's range for
 * that word; when the two do not overlap, the genre's edge nearest the word is stretched by 15 %.
 */
export function chooseBpm(profile: GenreProfile, arousal: number, word: TempoWord | null, rng: Rng): number {
  let { min, max } = profile.bpmRange;
  if (word) {
    const target = TEMPO_WORD_RANGES[word];
    const low = Math.max(min, target.min);
    const high = Math.min(max, target.max);
    if (low <= high) {
      min = low;
      max = high;
    } else if (target.max < min) {
      max = min;
      min = Math.max(target.max, Math.round(min * 0.85));
    } else {
      min = max;
      max = Math.min(target.min, Math.round(max * 1.15));
    }
    return Math.round(clamp(rng.range(min, max), MIN_BPM, MAX_BPM));
  }
  // Energy places the tempo in the range; a little seeded spread keeps seeds apart.
  const position = clamp(0.1 + 0.8 * arousal + rng.range(-0.2, 0.2), 0, 1);
  return Math.round(clamp(min + (max - min) * position, MIN_BPM, MAX_BPM));
}
