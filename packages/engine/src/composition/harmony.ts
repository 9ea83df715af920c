// Harmony: a progression per section from the genre's pools, cadences that make the key
// unmistakable (raised leading tone and V–i in minor), and close voice leading.
import type { ResolvedProgressionChord } from '../inputs/chords.js';
import {
  isMinorMode,
  type ResolvedChord,
  resolveNumeral,
  scalePitchClasses,
  triadNumeral,
} from '../music/theory.js';
import type { Rng } from '../random.js';
import type { Brief, Mode, NoteEvent, SectionName } from '../types.js';
import type { ChordSlot } from './context.js';
import type { FormPlan } from './form.js';
import type { GenreStyle } from './styles.js';
import { voiceChord } from './voicing.js';

const MODAL_POOLS: Partial<Record<Mode, string[][]>> = {
  // The major IV is dorian's colour, but the minor tonic must dominate or analyzers hear IV's key.
  dorian: [
    ['i7', 'i7', 'IV7', 'i7'],
    ['i7', 'IV', 'i7', 'bVII'],
    ['i', 'bVII', 'i', 'IV'],
  ],
  phrygian: [
    ['i', 'bII'],
    ['i', 'bII', 'bVII', 'i'],
    ['i', 'bII', 'biii', 'bII'],
  ],
  lydian: [
    ['I', 'II'],
    ['Imaj7', 'II', 'vii', 'I'],
    ['I', 'II', 'V', 'I'],
  ],
  mixolydian: [
    ['I', 'bVII', 'IV', 'I'],
    ['I', 'bVII', 'I', 'V'],
    ['I', 'v', 'bVII', 'IV'],
  ],
};

const BRIDGE_POOLS: Record<'major' | 'minor', string[][]> = {
  major: [
    ['IV', 'V', 'vi', 'V'],
    ['vi', 'IV', 'ii', 'V'],
    ['ii', 'IV', 'vi', 'V'],
  ],
  minor: [
    ['bVI', 'bVII', 'iv', 'V7'],
    ['iv', 'bVI', 'bIII', 'V7'],
  ],
};

// Cadence formulas per mode: [pre-dominant, dominant, tonic].
const CADENCE: Record<Mode, [string, string, string]> = {
  major: ['IV', 'V7', 'I'],
  minor: ['iv', 'V7', 'i'],
  dorian: ['bVII', 'IV', 'i'],
  phrygian: ['bVII', 'bII', 'i'],
  lydian: ['vii', 'II', 'I'],
  mixolydian: ['IV', 'bVII', 'I'],
};

type Group = 'a' | 'b' | 'c';
const GROUP: Record<SectionName, Group> = {
  intro: 'a',
  verse: 'a',
  theme: 'a',
  build: 'a',
  chorus: 'b',
  drop: 'b',
  outro: 'b',
  bridge: 'c',
  breakdown: 'c',
};

function colourNumeral(numeral: string, style: GenreStyle, rng: Rng): string {
  const match = /^([b#]?)([IViv]+)$/.exec(numeral);
  if (!match) return numeral;
  const degree = match[2]!;
  const minor = degree === degree.toLowerCase();
  const dominant = numeral === 'V';
  // A major-seventh tonic piles up the leading tone and a ninth the fifth's fifth, and both make
  // analyzers hear the dominant key (jazz in B♭ was heard in F); the sixth chord is the jazz tonic.
  if (numeral === 'I' && (style.colour === 'seventh' || style.colour === 'ninth')) {
    return numeral + rng.pick(style.colour === 'ninth' ? ['6', '6', ''] : ['6', 'maj7', '']);
  }
  if (numeral === 'i' && style.colour === 'ninth') return numeral + rng.pick(['7', '']);
  switch (style.colour) {
    case 'power':
      return `${numeral}5`;
    case 'seventh':
      return numeral + (minor ? '7' : dominant ? '7' : 'maj7');
    case 'ninth': {
      const rich = rng.chance(0.5);
      if (minor) return numeral + (rich ? '9' : '7');
      if (dominant) return numeral + (rich ? '9' : '7');
      return numeral + (rich ? 'maj9' : 'maj7');
    }
    case 'sus':
      if (minor) return rng.chance(0.5) ? `${numeral}7` : numeral;
      return numeral + rng.pick(['maj7', 'sus2', 'add9', '']);
    default:
      return numeral;
  }
}

// Verses and choruses open on the tonic so every section announces the key.
function startOnTonic(progression: string[]): string[] {
  if (progression.length === 12) return progression;
  const index = progression.findIndex((n) => /^(I|i)(?![IViv])/.test(n));
  return index <= 0 ? progression : [...progression.slice(index), ...progression.slice(0, index)];
}

function poolsFor(brief: Brief, style: GenreStyle): { main: string[][]; bridge: string[][] } {
  const mode = brief.key.mode;
  const modal = MODAL_POOLS[mode];
  const family = isMinorMode(mode) ? 'minor' : 'major';
  const main = modal ?? (family === 'minor' ? style.minor : style.major);
  const bridge = modal ?? (main.some((p) => p.length >= 4) ? BRIDGE_POOLS[family] : main);
  return { main, bridge };
}

/** Resolves a numeral, dropping its colour (7th, 9th, 6th) when that adds a note outside the
 * mode: a V7 in F lydian would bring B♭ and a IImaj7 F♯, both foreign to the mode. The triad
 * itself may stay chromatic (the raised leading tone of V in minor is meant). */
function diatonicColour(numeral: string, tonic: string, scale: Set<number>): ResolvedChord {
  const chord = resolveNumeral(numeral, tonic);
  if (chord.pcs.slice(3).every((pc) => scale.has(pc))) return chord;
  return resolveNumeral(triadNumeral(numeral), tonic);
}

/** Writes the chord slots for the whole form, voice-led from first to last. */
export function buildHarmony(brief: Brief, style: GenreStyle, form: FormPlan, rng: Rng): ChordSlot[] {
  const { main, bridge } = poolsFor(brief, style);
  const progressionA = startOnTonic(rng.pick(main));
  const others = main.filter((p) => startOnTonic(p).join() !== progressionA.join());
  const progressionB = startOnTonic(others.length > 0 ? rng.pick(others) : progressionA);
  const progressionC = rng.pick(bridge);
  const byGroup: Record<Group, string[]> = { a: progressionA, b: progressionB, c: progressionC };
  const vamp = progressionA.length <= 2 && style.chordBars >= 2;
  const twelveBar = progressionA.length === 12;
  const cadence = CADENCE[brief.key.mode];
  const tonic = cadence[2];
  const slotTicks = Math.round(form.ticksPerBar * style.chordBars);
  const raw: { startTick: number; endTick: number; numeral: string; sectionIndex: number }[] = [];

  form.sections.forEach((section, sectionIndex) => {
    const progression = byGroup[GROUP[section.name]];
    const last = sectionIndex === form.sections.length - 1;
    const sectionEnd = last && form.finalChordTick !== null ? form.finalChordTick : section.endTick;
    const slots: { startTick: number; endTick: number; numeral: string; sectionIndex: number }[] = [];
    let index = 0;
    for (let tick = section.startTick; tick < sectionEnd; tick += slotTicks, index++) {
      const numeral = colourNumeral(progression[index % progression.length]!, style, rng);
      slots.push({ startTick: tick, endTick: Math.min(sectionEnd, tick + slotTicks), numeral, sectionIndex });
    }
    const cadenceAllowed = !vamp && !twelveBar;
    const n = slots.length;
    if (last && form.finalChordTick !== null) {
      slots.push({ startTick: form.finalChordTick, endTick: form.totalTicks, numeral: tonic, sectionIndex });
    } else if (last && brief.loop) {
      // The last chord leads back to the first (a dominant into the opening tonic).
      if (n >= 1) slots[n - 1]!.numeral = cadence[1];
    } else if (cadenceAllowed && n >= 4 && isMinorMode(brief.key.mode)) {
      slots[n - 2]!.numeral = cadence[1];
      slots[n - 1]!.numeral = colourNumeral(
        tonic,
        style.colour === 'power' ? { ...style, colour: 'triad' } : style,
        rng,
      );
    } else if (cadenceAllowed && n >= 2 && !isMinorMode(brief.key.mode)) {
      // A half cadence leads into the next section. Not in short minor sections: a dominant
      // (with its raised leading tone) every other bar made D minor sound like D major.
      slots[n - 1]!.numeral = cadence[1];
    }
    raw.push(...slots);
  });
  if (form.finalChordTick !== null && raw.length >= 2) {
    // The final cadence may reach back into the previous section when the outro is short.
    raw[raw.length - 2]!.numeral = cadence[1];
    if (raw.length >= 4 && !vamp) raw[raw.length - 3]!.numeral = cadence[0];
  }

  const scale = new Set(scalePitchClasses(brief.key));
  let previous: number[] | null = null;
  return raw.map((slot) => {
    const chord = diatonicColour(slot.numeral, brief.key.tonic, scale);
    const voicing = voiceChord(chord.pcs, chord.quality, previous);
    previous = voicing;
    return {
      startTick: slot.startTick,
      durationTicks: slot.endTick - slot.startTick,
      symbol: chord.symbol,
      root: chord.root,
      rootPc: chord.rootPc,
      pcs: chord.pcs,
      quality: chord.quality,
      voicing,
      sectionIndex: slot.sectionIndex,
    };
  });
}

/**
 * The user's progression laid over the whole form: chord k of the cycle sounds at its place in
 * every repeat, from the first bar on, through section changes (the cycle does not restart). The
 * last, ringing bar holds the progression's first chord, its home. Voice-led like any harmony.
 */
export function buildGivenHarmony(
  form: FormPlan,
  progression: readonly ResolvedProgressionChord[],
): ChordSlot[] {
  const end = form.finalChordTick ?? form.totalTicks;
  const slots: { startTick: number; endTick: number; chord: ResolvedProgressionChord }[] = [];
  let tick = 0;
  for (let index = 0; tick < end; index++) {
    const chord = progression[index % progression.length]!;
    const length = Math.max(1, Math.round(chord.bars * form.ticksPerBar));
    slots.push({ startTick: tick, endTick: Math.min(end, tick + length), chord });
    tick += length;
  }
  if (form.finalChordTick !== null)
    slots.push({ startTick: form.finalChordTick, endTick: form.totalTicks, chord: progression[0]! });
  const sectionIndexAt = (at: number) => {
    let found = 0;
    form.sections.forEach((section, i) => {
      if (section.startTick <= at) found = i;
    });
    return found;
  };
  let previous: number[] | null = null;
  return slots.map(({ startTick, endTick, chord }) => {
    const voicing = voiceChord(chord.pcs, chord.quality, previous);
    previous = voicing;
    return {
      startTick,
      durationTicks: endTick - startTick,
      symbol: chord.symbol,
      root: chord.root,
      rootPc: chord.rootPc,
      pcs: chord.pcs,
      quality: chord.quality,
      voicing,
      sectionIndex: sectionIndexAt(startTick),
      bassPc: chord.bassPc,
    };
  });
}

// Diatonic triads a harmonisation chooses from, the common ones first (ties go to them).
const HARMONISING_NUMERALS: Record<'major' | 'minor', string[]> = {
  major: ['I', 'IV', 'V', 'vi', 'ii', 'iii'],
  minor: ['i', 'iv', 'V', 'bVI', 'bIII', 'bVII'],
};

/**
 * Chords for a melody, one per bar over its length: the diatonic triad whose tones the bar's
 * notes sit on most (strong beats and long notes count more, a note a semitone off a chord tone
 * counts against), opening and closing on the tonic when the tune allows.
 */
export function harmoniseMelody(
  notes: readonly NoteEvent[],
  key: { tonic: string; mode: Mode },
  ticksPerBar: number,
  beatTicks: number,
): ResolvedProgressionChord[] {
  const family = isMinorMode(key.mode) ? 'minor' : 'major';
  const candidates = HARMONISING_NUMERALS[family].map((numeral) => resolveNumeral(numeral, key.tonic));
  const lastEnd = Math.max(...notes.map((note) => note.startTick + note.durationTicks));
  const bars = Math.max(1, Math.ceil(lastEnd / ticksPerBar));
  const chords: ResolvedProgressionChord[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const from = bar * ticksPerBar;
    const to = from + ticksPerBar;
    const inBar = notes.filter((note) => note.startTick < to && note.startTick + note.durationTicks > from);
    let best = chords.at(-1) ? candidates.find((c) => c.rootPc === chords.at(-1)!.rootPc)! : candidates[0]!;
    let bestScore = Number.NEGATIVE_INFINITY;
    candidates.forEach((chord, rank) => {
      let score = -0.05 * rank;
      for (const note of inBar) {
        const start = Math.max(from, note.startTick);
        const weight =
          (Math.min(to, note.startTick + note.durationTicks) - start) / beatTicks +
          ((start - from) % beatTicks === 0 ? 1 : 0) +
          (start === from ? 1 : 0);
        const pc = note.pitch % 12;
        if (chord.pcs.includes(pc)) score += weight;
        else if (chord.pcs.some((tone) => Math.abs(tone - pc) % 12 === 1 || Math.abs(tone - pc) % 12 === 11))
          score -= 0.6 * weight;
      }
      const tonic = rank === 0;
      if (tonic && (bar === 0 || bar === bars - 1)) score += 0.75;
      if (score > bestScore) {
        bestScore = score;
        best = chord;
      }
    });
    chords.push({
      symbol: best.symbol,
      root: best.root,
      rootPc: best.rootPc,
      bassPc: best.rootPc,
      pcs: best.pcs,
      quality: best.quality,
      bars: 1,
    });
  }
  return chords;
}
