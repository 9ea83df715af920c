// The lead vocal's notes: a syllable per note at the rhythm vocal-rhythm.ts places, pitches from
// the chords (chord tones on beats, steps between, the line's end on a long chord tone), inside
// the singer's range, the chorus higher than the verse. A repeated chorus sings its first melody
// again. Rap keeps a speech-range pitch that lifts on stresses and falls at line ends.

import { scaleUnderChord } from '../music/theory.js';
import type { Rng } from '../random.js';
import { hashString } from '../random.js';
import type { NoteEvent, SectionName, VocalLine } from '../types.js';
import type { Syllable } from '../vocals/pronounce.js';
import { type ArrangeContext, chordAt, sectionAt, velocityFor } from './context.js';
import type { LaidLine } from './lyric-layout.js';
import { gridOf } from './lyric-layout.js';
import { type Delivery, placeLine, sungStress } from './vocal-rhythm.js';

/** The vocal as the score holds it: notes, the syllable each sings (null holds the one before). */
export interface WrittenVocal {
  notes: NoteEvent[];
  syllables: (Syllable | null)[];
  /** Index of each phrase's first note. */
  phraseStarts: number[];
  lines: VocalLine[];
  /** Notes a second take doubles (rap line ends). */
  doubled: number[];
}

// Where in the singer's range each section sits: 0 bottom … 1 top.
const HEIGHT: Record<SectionName, number> = {
  intro: 0.35,
  verse: 0.3,
  theme: 0.4,
  build: 0.45,
  chorus: 0.6,
  drop: 0.6,
  bridge: 0.5,
  breakdown: 0.4,
  outro: 0.35,
};

function pitchesIn(pcs: readonly number[], low: number, high: number): number[] {
  const pitches: number[] = [];
  for (let pitch = low; pitch <= high; pitch++)
    if (pcs.includes(((pitch % 12) + 12) % 12)) pitches.push(pitch);
  return pitches;
}

function nearest(pitches: readonly number[], target: number): number {
  let best = pitches[0] ?? target;
  for (const pitch of pitches) if (Math.abs(pitch - target) < Math.abs(best - target)) best = pitch;
  return best;
}

/** Writes the vocal for laid lines; `range` is the singer's [low, high] MIDI range. */
export function writeVocal(
  ctx: ArrangeContext,
  laid: readonly LaidLine[],
  range: readonly [number, number],
  delivery: Delivery,
  rng: Rng,
): WrittenVocal {
  const grid = gridOf(ctx.brief);
  // keep two semitones off each edge: the extremes of a range are where a voice strains
  const low = Math.min(range[0] + 2, range[1] - 7);
  const high = Math.max(range[1] - 2, low + 7);
  const written: WrittenVocal = { notes: [], syllables: [], phraseStarts: [], lines: [], doubled: [] };
  // one contour per line of a section's first singing, so a repeated chorus sings it again
  const contours = new Map<string, { heights: number[]; melisma: boolean }>();
  let previous: number | null = null;
  for (const { line, startTick, spanTicks } of laid) {
    const timings = placeLine(line.syllables, startTick, spanTicks, delivery, grid);
    const section = sectionAt(ctx, startTick);
    const key = `${line.originLabel}#${line.lineIndex}`;
    let shape = contours.get(key);
    if (!shape) {
      const lineRng = rng.fork(`${key}:${hashString(line.text)}`);
      // an arch walked in steps (MUSIC.md: mostly steps, a leap turned back): up through the
      // first half of the line, home in the second, never more than a sixth from its centre
      let height = lineRng.pick([-2, 0, 0, 2]);
      const heights = timings.map((_, i) => {
        const position = timings.length <= 1 ? 1 : i / (timings.length - 1);
        const step = lineRng.pick([1, 1, 2, 0, -1, 1, -2]);
        height += position < 0.55 ? step : -step;
        height = Math.max(-4, Math.min(6, height));
        return height;
      });
      shape = { heights, melisma: lineRng.chance(0.5) };
      contours.set(key, shape);
    }
    const contour = shape.heights;
    const centre = Math.round(low + (high - low) * HEIGHT[section.name]);
    const velocity = velocityFor(delivery === 'rap' ? 96 : 90, section.energy);
    written.phraseStarts.push(written.notes.length);
    const firstNote = written.notes.length;
    timings.forEach((timing, i) => {
      const tick = startTick + timing.offsetTicks;
      const chord = chordAt(ctx, tick);
      const syllable = line.syllables[i]!;
      const last = i === timings.length - 1;
      let pitch: number;
      if (delivery === 'rap') {
        // speech range: the low third of the voice, lifted on stresses, falling at the line's end
        const base = Math.round(low + (high - low) * 0.2);
        pitch = base + (syllable.stress === 1 ? 2 : syllable.stress === 2 ? 1 : 0) - (last ? 2 : 0);
      } else {
        // chord tones on the strong beats (or every beat in 3/4 and 6/8), scale steps between
        const strong = grid.beatTicks * (grid.ticksPerBar % (2 * grid.beatTicks) === 0 ? 2 : 1);
        const onBeat = tick % strong === 0;
        const target = centre + (contour[i] ?? 0);
        const pool = pitchesIn(
          onBeat || last ? chord.pcs : scaleUnderChord(ctx.scalePcs, chord.pcs),
          low,
          high,
        );
        if (last) {
          // the phrase lands on the root or third below where it was, held
          const homes = pitchesIn([chord.pcs[0]!, chord.pcs[1] ?? chord.pcs[0]!], low, high);
          pitch = nearest(homes, (previous ?? target) - 1);
        } else pitch = nearest(pool, target);
      }
      pitch = Math.max(low, Math.min(high, pitch));
      written.notes.push({ startTick: tick, durationTicks: timing.durationTicks, pitch, velocity });
      written.syllables.push(syllable);
      previous = pitch;
    });
    // A held end sung over two pitches (melisma): a step above, then down onto the chord tone.
    const lastNote = written.notes.at(-1)!;
    // Only a stressed syllable is sung over two pitches: a melisma on "-ning" of "morning" is
    // heard as a word of its own.
    const lastSyllable = line.syllables.at(-1);
    if (
      delivery === 'sung' &&
      lastNote.durationTicks >= 2 * grid.beatTicks &&
      shape.melisma &&
      lastSyllable !== undefined &&
      sungStress(lastSyllable) > 0
    ) {
      const chord = chordAt(ctx, lastNote.startTick);
      const above = pitchesIn(
        scaleUnderChord(ctx.scalePcs, chord.pcs),
        lastNote.pitch + 1,
        lastNote.pitch + 3,
      );
      if (above.length > 0 && above[0]! <= high) {
        const split = Math.max(grid.beatTicks / 2, Math.round(lastNote.durationTicks / 3 / 120) * 120);
        const landing = lastNote.pitch;
        lastNote.pitch = above[0]!;
        const rest = lastNote.durationTicks - split;
        lastNote.durationTicks = split;
        written.notes.push({
          startTick: lastNote.startTick + split,
          durationTicks: rest,
          pitch: landing,
          velocity,
        });
        written.syllables.push(null);
      }
    }
    if (delivery === 'rap') {
      // doubles on line ends: the last word's syllables sung by a second take
      let i = written.notes.length - 1;
      while (i >= firstNote) {
        written.doubled.push(i);
        if (written.syllables[i]?.wordStart) break;
        i--;
      }
    }
    const end = written.notes.at(-1)!;
    written.lines.push({
      text: line.text,
      section: line.originLabel === section.label ? section.label : (section.label ?? section.name),
      startTick: written.notes[firstNote]!.startTick,
      endTick: end.startTick + end.durationTicks,
    });
  }
  written.doubled.sort((a, b) => a - b);
  return written;
}

/**
 * Wordless singing of a written lead: each phrase (notes closer than a beat) on one vowel, the
 * notes after its first carrying it on (null), alternating "ah" and "ooh" between phrases.
 */
export function vocaliseLead(
  notes: readonly NoteEvent[],
  beatTicks: number,
  vowels: readonly [Syllable[], Syllable[]],
): WrittenVocal {
  const written: WrittenVocal = { notes: [], syllables: [], phraseStarts: [], lines: [], doubled: [] };
  const sorted = [...notes].sort((a, b) => a.startTick - b.startTick);
  let phraseEnd = Number.NEGATIVE_INFINITY;
  sorted.forEach((note, i) => {
    const next = sorted[i + 1];
    const own = note.startTick + note.durationTicks;
    // legato inside a phrase: the vowel carries on to the next note rather than stopping
    const end = next
      ? next.startTick - own < beatTicks
        ? next.startTick
        : Math.min(own, next.startTick)
      : own;
    if (end <= note.startTick) return;
    const startsPhrase = note.startTick - phraseEnd >= beatTicks || written.notes.length === 0;
    if (startsPhrase) written.phraseStarts.push(written.notes.length);
    const vowel = vowels[(written.phraseStarts.length - 1) % 2]![0] ?? null;
    written.notes.push({ ...note, durationTicks: end - note.startTick });
    written.syllables.push(startsPhrase ? vowel : null);
    phraseEnd = end;
  });
  return written;
}

/**
 * Lays the words on a given melody: each line starts a phrase (notes closer than a beat), a
 * syllable per note; notes a line leaves over in its phrase hold its last syllable (null).
 * Returns null when the melody has too few notes: the caller refuses the lyrics.
 */
export function layWordsOnMelody(
  notes: readonly NoteEvent[],
  lines: readonly { text: string; syllables: Syllable[]; originLabel: string }[],
  beatTicks: number,
): WrittenVocal | { missingSyllables: number } {
  const sorted = [...notes].sort((a, b) => a.startTick - b.startTick);
  const phrases: NoteEvent[][] = [];
  let phraseEnd = Number.NEGATIVE_INFINITY;
  for (const note of sorted) {
    if (note.startTick - phraseEnd >= beatTicks || phrases.length === 0) phrases.push([]);
    phrases.at(-1)!.push(note);
    phraseEnd = Math.max(phraseEnd, note.startTick + note.durationTicks);
  }
  const written: WrittenVocal = { notes: [], syllables: [], phraseStarts: [], lines: [], doubled: [] };
  let lineIndex = 0;
  let syllableIndex = 0;
  let lineStart = -1;
  for (const phrase of phrases) {
    if (lineIndex >= lines.length) break;
    written.phraseStarts.push(written.notes.length);
    phrase.forEach((note, i) => {
      const line = lines[lineIndex];
      const next = phrase[i + 1];
      const end = next ? next.startTick : note.startTick + note.durationTicks;
      if (end <= note.startTick) return;
      if (!line) return;
      if (syllableIndex === 0) lineStart = note.startTick;
      written.notes.push({ ...note, durationTicks: end - note.startTick });
      if (syllableIndex < line.syllables.length) {
        written.syllables.push(line.syllables[syllableIndex]!);
        syllableIndex++;
      } else written.syllables.push(null);
    });
    const line = lines[lineIndex];
    if (line && syllableIndex >= line.syllables.length) {
      const last = written.notes.at(-1)!;
      written.lines.push({
        text: line.text,
        section: line.originLabel,
        startTick: lineStart,
        endTick: last.startTick + last.durationTicks,
      });
      lineIndex++;
      syllableIndex = 0;
    }
  }
  if (lineIndex < lines.length) {
    const missing =
      lines.slice(lineIndex).reduce((sum, line) => sum + line.syllables.length, 0) - syllableIndex;
    return { missingSyllables: missing };
  }
  return written;
}
