// Meter: a written signature ("6/8") or a dance that implies one ("waltz" 3/4, "jig" 6/8).
import type { Meter } from '../types.js';
import { createTextView, PhraseIndex, type Token } from './text.js';

const ALLOWED_BEAT_UNITS = [2, 4, 8];
const MAX_BEATS_PER_BAR = 12;

const SIGNATURE = /(?<![\d/.,])(\d{1,2})\s*\/\s*(\d{1,2})(?![\d/])/g;

// biome-ignore format: compact data table, one entry per line
const DANCE_METERS: Array<{ words: string[]; meter: Meter }> = [
  { words: ['waltz', 'vals', 'valse', 'walzer', 'valsa', 'minuet', 'minueto', 'menuet', 'menuett', 'mazurka', 'three four time', 'three-four time', 'triple meter', 'triple time', 'compas ternario', 'tres por cuatro', 'trois temps', 'dreivierteltakt', 'drei viertel'], meter: { beatsPerBar: 3, beatUnit: 4 } },
  { words: ['jig', 'jigs', 'giga', 'gigue', 'tarantella', 'tarantela', 'six eight', 'six-eight', 'compound time', 'seis por ocho', 'sechsachteltakt'], meter: { beatsPerBar: 6, beatUnit: 8 } },
  { words: ['slip jig'], meter: { beatsPerBar: 9, beatUnit: 8 } },
  { words: ['polka', 'two step', 'two-step'], meter: { beatsPerBar: 2, beatUnit: 4 } },
  { words: ['reel', 'reels', 'four on the floor', 'four four', 'common time'], meter: { beatsPerBar: 4, beatUnit: 4 } },
];

let danceIndex: PhraseIndex<Meter> | undefined;

function isValidMeter(beatsPerBar: number, beatUnit: number): boolean {
  return (
    Number.isInteger(beatsPerBar) &&
    beatsPerBar >= 2 &&
    beatsPerBar <= MAX_BEATS_PER_BAR &&
    ALLOWED_BEAT_UNITS.includes(beatUnit)
  );
}

function findSignature(lower: string): Meter | null {
  for (const match of lower.matchAll(SIGNATURE)) {
    const beatsPerBar = Number(match[1]);
    const beatUnit = Number(match[2]);
    if (isValidMeter(beatsPerBar, beatUnit)) return { beatsPerBar, beatUnit };
  }
  return null;
}

function findDance(tokens: readonly Token[]): Meter | null {
  if (!danceIndex) {
    danceIndex = new PhraseIndex<Meter>();
    for (const entry of DANCE_METERS) for (const word of entry.words) danceIndex.add(word, entry.meter);
  }
  const meter = danceIndex.find(tokens)[0]?.payload;
  return meter ? { ...meter } : null;
}

/** The meter the prompt states or implies, or null. A written signature beats a dance word. */
export function findMeter(lower: string, tokens: readonly Token[]): Meter | null {
  return findSignature(lower) ?? findDance(tokens);
}

/** Parses a meter override such as "6/8", "3/4" or "waltz"; null if unreadable. */
export function parseMeter(text: string): Meter | null {
  if (typeof text !== 'string') return null;
  const view = createTextView(text.trim());
  return findMeter(view.lower, view.tokens);
}

/** "6/8". */
export function formatMeter(meter: Meter): string {
  return `${meter.beatsPerBar}/${meter.beatUnit}`;
}
