// The lead: a 2–4-note motif stated, varied and answered across 4-bar phrases (call in bars
// 1–2, response in 3–4), chord tones on strong beats, mostly steps, rests between phrases.

import { nearestPitch, scaleUnderChord } from '../music/theory.js';
import type { Rng } from '../random.js';
import { type NoteEvent, PPQ, type Section, type SectionName } from '../types.js';
import { type ArrangeContext, barsOf, chordAt, pushNote, velocityFor } from './context.js';

/** The lowest and highest pitch the lead may use. */
export interface PitchRange {
  lowPitch: number;
  highPitch: number;
}

interface Motif {
  onsetTicks: number[];
  steps: number[];
  gridTicks: number;
}

type Group = 'a' | 'b' | 'c';
const GROUP: Record<SectionName, Group> = {
  intro: 'a',
  verse: 'a',
  theme: 'a',
  build: 'a',
  breakdown: 'c',
  outro: 'a',
  chorus: 'b',
  drop: 'b',
  bridge: 'c',
};
// Chorus sits higher than the verse, the bridge in between (MUSIC.md "Melody").
const ANCHOR_OFFSET: Record<Group, number> = { a: -4, b: 4, c: 0 };

/** How busy the lead is at a section energy: calm → half notes, energetic → sixteenths. */
export function melodicDensity(ctx: ArrangeContext, energy: number): number {
  return Math.min(1.1, ctx.style.busyness * 0.45 + energy * 0.7);
}

/** Lead notes no faster than this: at 180 bpm sixteenths would be a 12-notes-a-second blur. */
const MIN_GRID_SECONDS = 0.14;

function gridFor(density: number, ctx: ArrangeContext): number {
  let gridTicks = 960;
  if (density > 0.8 && ctx.feel === 'duple') gridTicks = 120;
  else if (density > 0.38) gridTicks = 240;
  else if (density > 0.2) gridTicks = 480;
  const secondsPerTick = 60 / (ctx.brief.bpm * PPQ);
  while (gridTicks * secondsPerTick < MIN_GRID_SECONDS) gridTicks *= 2;
  return gridTicks;
}

function makeMotif(ctx: ArrangeContext, energy: number, rng: Rng): Motif {
  const density = melodicDensity(ctx, energy);
  const gridTicks = Math.min(gridFor(density, ctx), ctx.form.ticksPerBar / 2);
  const count = 2 + (density > 0.45 ? 1 : 0) + (density > 0.7 ? 1 : 0);
  const onsetTicks = [rng.chance(0.25) && gridTicks < 480 ? gridTicks : 0];
  for (let i = 1; i < count; i++) {
    const next = onsetTicks[i - 1]! + gridTicks * rng.pick([1, 1, 2]);
    if (next >= ctx.form.ticksPerBar - gridTicks) break;
    onsetTicks.push(next);
  }
  const steps: number[] = [];
  for (let i = 1; i < onsetTicks.length; i++) {
    const previous = steps[i - 2] ?? 0;
    // A leap is followed by a step back the other way.
    const leap = rng.chance(0.12) ? rng.pick([3, -3]) : rng.pick([1, 1, 1, -1, -1, -1, 2, -2]);
    steps.push(Math.abs(previous) >= 2 ? -Math.sign(previous) : leap);
  }
  // The motif returns near where it began (an arch or a turn), so repeats do not drift away.
  const total = steps.reduce((a, b) => a + b, 0);
  if (steps.length >= 2 && Math.abs(total) > 2) {
    const others = total - steps[steps.length - 1]!;
    steps[steps.length - 1] = Math.max(-2, Math.min(2, -others)) || rng.pick([1, -1]);
  }
  return { onsetTicks, steps, gridTicks };
}

function ladderFor(ctx: ArrangeContext, tick: number, range: PitchRange): number[] {
  const allowed = new Set(scaleUnderChord(ctx.scalePcs, chordAt(ctx, tick).pcs));
  const ladder: number[] = [];
  for (let pitch = range.lowPitch; pitch <= range.highPitch; pitch++)
    if (allowed.has(pitch % 12)) ladder.push(pitch);
  return ladder;
}

function stepFrom(pitch: number, steps: number, ladder: number[]): number {
  let index = 0;
  for (let i = 0; i < ladder.length; i++)
    if (Math.abs(ladder[i]! - pitch) < Math.abs(ladder[index]! - pitch)) index = i;
  let target = index + steps;
  if (target < 0 || target >= ladder.length) target = index - steps;
  return ladder[Math.max(0, Math.min(ladder.length - 1, target))]!;
}

/** The tones a strong beat lands on: the chord's triad. Its seventh and ninth are colour for
 * passing notes; a line landing on the ninth of Dm9 (E) drowned the minor third and D minor was
 * heard as D major. */
function strongTones(ctx: ArrangeContext, tick: number): number[] {
  return chordAt(ctx, tick).pcs.slice(0, 3);
}

function chordToneNear(ctx: ArrangeContext, tick: number, target: number, range: PitchRange): number {
  let best = target;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const pc of strongTones(ctx, tick)) {
    for (const pitch of [
      nearestPitch(pc, target) - 12,
      nearestPitch(pc, target),
      nearestPitch(pc, target) + 12,
    ]) {
      if (pitch < range.lowPitch || pitch > range.highPitch) continue;
      if (Math.abs(pitch - target) < bestDistance) {
        bestDistance = Math.abs(pitch - target);
        best = pitch;
      }
    }
  }
  return best;
}

// A statement starts on the chord tone that best balances staying near the line (by step) and
// returning to the section's register (its anchor).
function startPitch(
  ctx: ArrangeContext,
  tick: number,
  goal: number,
  previous: number,
  range: PitchRange,
  stayWeight: number,
): number {
  const pcs = strongTones(ctx, tick);
  let best = chordToneNear(ctx, tick, goal, range);
  let bestCost = Number.POSITIVE_INFINITY;
  for (let pitch = range.lowPitch; pitch <= range.highPitch; pitch++) {
    if (!pcs.includes(pitch % 12)) continue;
    const cost = Math.abs(pitch - goal) + stayWeight * Math.abs(pitch - previous);
    if (cost < bestCost) {
      bestCost = cost;
      best = pitch;
    }
  }
  return best;
}

// On a strong beat the step is bent by one scale degree if needed so it lands on a chord tone,
// keeping the line stepwise instead of snapping by a leap.
function landOnChordTone(
  ctx: ArrangeContext,
  tick: number,
  pitch: number,
  step: number,
  ladder: number[],
  range: PitchRange,
): number {
  const pcs = strongTones(ctx, tick);
  const direction = Math.sign(step) || 1;
  for (const candidate of [step, step - direction, step + direction, -step]) {
    const landed = stepFrom(pitch, candidate, ladder);
    if (pcs.includes(landed % 12)) return landed;
  }
  return chordToneNear(ctx, tick, pitch, range);
}

interface Onset {
  tick: number;
  pitch: number;
  phraseEnd: boolean;
  strong: boolean;
}

function writePhraseBar(
  ctx: ArrangeContext,
  motif: Motif,
  barTick: number,
  positionInPhrase: number,
  anchor: number,
  range: PitchRange,
  rng: Rng,
  out: Onset[],
  sectionStart: boolean,
): void {
  const tpb = ctx.form.ticksPerBar;
  const ladder = ladderFor(ctx, barTick, range);
  if (positionInPhrase === 3) {
    // Phrase ending: settle on a chord tone, hold it, then breathe.
    // Phrases come home to the tonic whenever the chord allows it, so the key is unmistakable.
    const previous = out.at(-1)?.pitch ?? anchor;
    const tonic = nearestPitch(ctx.tonicPc, previous);
    const tonicFits =
      chordAt(ctx, barTick).pcs.includes(ctx.tonicPc) &&
      Math.abs(tonic - previous) <= 4 &&
      tonic >= range.lowPitch &&
      tonic <= range.highPitch;
    const pitch = tonicFits ? tonic : chordToneNear(ctx, barTick, previous, range);
    out.push({ tick: barTick, pitch, phraseEnd: true, strong: true });
    return;
  }
  const transpose =
    positionInPhrase === 2 ? rng.pick([1, 2, -1]) : positionInPhrase === 1 ? rng.pick([0, -1, 1]) : 0;
  const inverted = positionInPhrase === 2 && rng.chance(0.35);
  const shift = positionInPhrase === 1 && rng.chance(0.4) ? motif.gridTicks : 0;
  const repeats = motif.gridTicks <= 240 && melodicDensityOk(motif, tpb) ? 2 : 1;
  for (let r = 0; r < repeats; r++) {
    const offset = r * (tpb / 2);
    const previous = out.at(-1)?.pitch ?? anchor;
    const goal = stepFrom(anchor, transpose + r, ladder);
    // Statements join the line by step; a new section leans harder toward its own register.
    let pitch = startPitch(ctx, barTick + offset, goal, previous, range, sectionStart && r === 0 ? 0.3 : 0.8);
    motif.onsetTicks.forEach((onset, i) => {
      const tickInBar = onset + shift + offset;
      if (tickInBar >= (r === repeats - 1 ? tpb : offset + tpb / 2)) return;
      const strong = tickInBar % ctx.beatTicks === 0;
      if (i > 0) {
        const step = motif.steps[i - 1]! * (inverted ? -1 : 1);
        pitch = strong
          ? landOnChordTone(ctx, barTick + tickInBar, pitch, step, ladder, range)
          : stepFrom(pitch, step, ladder);
      }
      out.push({ tick: barTick + tickInBar, pitch, phraseEnd: false, strong });
    });
  }
  if (positionInPhrase === 1) out[out.length - 1]!.phraseEnd = true;
}

function melodicDensityOk(motif: Motif, ticksPerBar: number): boolean {
  const span = motif.onsetTicks.at(-1)! + motif.gridTicks;
  return span <= ticksPerBar / 2;
}

function sectionPlays(section: Section, soloist: boolean): boolean {
  return soloist || section.name !== 'intro';
}

/** Writes the lead line within the range; `soloist` keeps it playing through the intro. */
export function writeLead(ctx: ArrangeContext, range: PitchRange, rng: Rng, soloist: boolean): NoteEvent[] {
  const centre = Math.round((range.lowPitch + range.highPitch) / 2);
  const motifs = new Map<Group, Motif>();
  const onsets: Onset[] = [];
  const energyAt = new Map<number, number>();
  for (const section of ctx.form.sections) {
    if (!sectionPlays(section, soloist)) continue;
    const group = GROUP[section.name];
    if (!motifs.has(group)) motifs.set(group, makeMotif(ctx, section.energy, rng.fork(`motif-${group}`)));
    const motif = motifs.get(group)!;
    const anchor = Math.max(range.lowPitch + 2, Math.min(range.highPitch - 2, centre + ANCHOR_OFFSET[group]));
    // Register windows keep the chorus above the verse for its whole length, not just its start.
    const shift = Math.max(0, Math.min(4, Math.floor((range.highPitch - range.lowPitch - 9) / 2)));
    const sectionRange =
      group === 'b'
        ? { lowPitch: range.lowPitch + shift, highPitch: range.highPitch }
        : group === 'a'
          ? { lowPitch: range.lowPitch, highPitch: range.highPitch - shift }
          : range;
    const phraseBars = section.bars >= 4 ? 4 : 2;
    for (const { barTick, barIndex } of barsOf(ctx, section)) {
      if (ctx.form.finalChordTick !== null && barTick >= ctx.form.finalChordTick) break;
      // Sparse sections (breakdown, calm outro) leave every other phrase empty.
      const phraseIndex = Math.floor(barIndex / phraseBars);
      if ((section.name === 'breakdown' || section.name === 'outro') && phraseIndex % 2 === 1 && !soloist)
        continue;
      const position = phraseBars === 4 ? barIndex % 4 : (barIndex % 2) * 3;
      const before = onsets.length;
      writePhraseBar(ctx, motif, barTick, position, anchor, sectionRange, rng, onsets, barIndex === 0);
      for (let i = before; i < onsets.length; i++) energyAt.set(onsets[i]!.tick, section.energy);
    }
  }
  const notes: NoteEvent[] = [];
  const restTicks = ctx.beatTicks;
  const end = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  onsets.forEach((onset, i) => {
    const nextTick = onsets[i + 1]?.tick ?? end;
    const gap = Math.min(nextTick, end) - onset.tick;
    const length = onset.phraseEnd
      ? Math.max(Math.min(gap - restTicks, ctx.beatTicks * 3), gap / 2)
      : gap * 0.92;
    const energy = energyAt.get(onset.tick) ?? 0.5;
    pushNote(
      notes,
      onset.tick,
      Math.round(length),
      onset.pitch,
      velocityFor(onset.strong ? 100 : 88, energy),
    );
  });
  if (ctx.form.finalChordTick !== null) {
    const last = notes.at(-1)?.pitch ?? centre;
    // The user's chords may end away from the tonic; the line ends on the last chord's root then.
    const tonic = nearestPitch(ctx.fixedHarmony ? ctx.chords.at(-1)!.rootPc : ctx.tonicPc, last);
    const pitch = tonic < range.lowPitch ? tonic + 12 : tonic > range.highPitch ? tonic - 12 : tonic;
    const energy = ctx.form.sections.at(-1)!.energy;
    pushNote(
      notes,
      ctx.form.finalChordTick,
      ctx.form.musicEndTick - ctx.form.finalChordTick,
      pitch,
      velocityFor(90, energy),
    );
  }
  return notes;
}

/**
 * The lead plays a given melody note for note: moved by whole octaves so its middle sits in the
 * lead's range (pitch classes, and so the key, unchanged), from the first bar, repeated over the
 * form until the last ringing bar, which holds the final chord's root. Velocities follow the
 * section energy around the file's own accents.
 */
export function writeGivenLead(
  ctx: ArrangeContext,
  melody: readonly NoteEvent[],
  range: PitchRange,
): NoteEvent[] {
  const sorted = [...melody].sort((a, b) => a.startTick - b.startTick);
  const pitches = sorted.map((note) => note.pitch).sort((a, b) => a - b);
  const middle = (pitches[0]! + pitches[pitches.length - 1]!) / 2;
  const centre = (range.lowPitch + range.highPitch) / 2;
  const shift = 12 * Math.round((centre - middle) / 12);
  const tpb = ctx.form.ticksPerBar;
  const lastEnd = Math.max(...sorted.map((note) => note.startTick + note.durationTicks));
  const cycleTicks = Math.max(1, Math.ceil(lastEnd / tpb)) * tpb;
  const end = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  const notes: NoteEvent[] = [];
  const meanVelocity = sorted.reduce((sum, note) => sum + note.velocity, 0) / sorted.length;
  for (let offset = 0; offset < end; offset += cycleTicks) {
    for (const note of sorted) {
      const start = offset + note.startTick;
      if (start >= end) break;
      const section =
        ctx.form.sections.find((s) => s.startTick <= start && start < s.endTick) ?? ctx.form.sections[0]!;
      const accent = 94 + (note.velocity - meanVelocity) * 0.3;
      pushNote(
        notes,
        start,
        Math.min(note.durationTicks, end - start),
        note.pitch + shift,
        velocityFor(accent, section.energy),
      );
    }
  }
  if (ctx.form.finalChordTick !== null) {
    const last = ctx.chords.at(-1)!;
    const pitch = nearestPitch(last.rootPc, notes.at(-1)?.pitch ?? Math.round(centre));
    pushNote(
      notes,
      ctx.form.finalChordTick,
      ctx.form.musicEndTick - ctx.form.finalChordTick,
      pitch,
      velocityFor(90, ctx.form.sections.at(-1)!.energy),
    );
  }
  return notes;
}
