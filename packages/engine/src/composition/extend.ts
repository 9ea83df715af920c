// An extension's score: the original's bars up to its ending, note for note, then a continuation
// in the same style, key and tempo that ends the longer piece. Splicing at the score (not the
// audio) keeps the request the only thing an extension needs, so it renders again on demand.
import type { Brief, Composition, Section } from '../types.js';

/** What the cut and the continued form depend on: a track's form and timing, not its notes. */
export type FormFacts = Pick<Composition, 'sections' | 'ticksPerBar' | 'durationSeconds' | 'bpm'>;

import { type ComposeOptions, composeTrack } from './compose.js';
import { type FormPlan, secondsToTicks } from './form.js';

/** Where the original stops being copied: the start of its last section (its ending), or of its final bar. */
export function extensionCutTick(original: FormFacts): number {
  const sections = original.sections;
  if (sections.length > 1) return (sections[sections.length - 1] as Section).startTick;
  const totalTicks = secondsToTicks(original.durationSeconds, original.bpm);
  const fullBars = Math.max(1, Math.floor(totalTicks / original.ticksPerBar));
  return Math.max(0, fullBars - 1) * original.ticksPerBar;
}

/** The original's sections before the cut (the last one ending there): what an extension keeps. */
export function sectionsBeforeCut(original: FormFacts): Section[] {
  const cutTick = extensionCutTick(original);
  const kept = original.sections.filter((s) => s.startTick < cutTick).map((s) => ({ ...s }));
  const lastKept = kept[kept.length - 1];
  if (lastKept && lastKept.endTick > cutTick) {
    lastKept.endTick = cutTick;
    lastKept.bars = Math.round((cutTick - lastKept.startTick) / original.ticksPerBar);
  }
  return kept;
}

/**
 * The original's sections before the cut, then its body (everything between intro and ending)
 * again from the top for as long as it fits, then its ending sized to fill the new length.
 */
export function continueForm(original: FormFacts, brief: Brief): FormPlan {
  const ticksPerBar = original.ticksPerBar;
  const cutTick = extensionCutTick(original);
  const cutBar = Math.round(cutTick / ticksPerBar);
  const totalTicks = Math.max(1, secondsToTicks(brief.durationSeconds, brief.bpm));
  const fullBars = Math.max(cutBar + 1, Math.floor(totalTicks / ticksPerBar));
  const hasTail = totalTicks > fullBars * ticksPerBar;
  const kept = sectionsBeforeCut(original);
  const ending = original.sections[original.sections.length - 1] as Section;
  const endingBars =
    original.sections.length > 1 ? Math.max(2, ending.bars - (hasTailOf(original) ? 1 : 0)) : 2;
  const body = original.sections.filter(
    (s, i) => !(i === 0 && s.name === 'intro') && i !== original.sections.length - 1,
  );
  const cycle: { name: Section['name']; bars: number; energy: number }[] =
    body.length > 0 ? body : [{ name: 'theme', bars: 4, energy: ending.energy }];
  const sections: Section[] = [...kept];
  let bar = cutBar;
  for (let i = 0; fullBars - bar - (cycle[i % cycle.length] as { bars: number }).bars >= endingBars; i++) {
    const next = cycle[i % cycle.length] as { name: Section['name']; bars: number; energy: number };
    sections.push({
      name: next.name,
      startBar: bar,
      bars: next.bars,
      startTick: bar * ticksPerBar,
      endTick: (bar + next.bars) * ticksPerBar,
      energy: next.energy,
    });
    bar += next.bars;
  }
  sections.push({
    name: original.sections.length > 1 ? ending.name : 'outro',
    startBar: bar,
    bars: fullBars - bar + (hasTail ? 1 : 0),
    startTick: bar * ticksPerBar,
    endTick: totalTicks,
    energy: ending.energy,
  });
  const breathTicks = secondsToTicks(0.12, brief.bpm);
  return {
    sections,
    ticksPerBar,
    totalTicks,
    fullBars,
    finalChordTick: Math.min((fullBars - 1) * ticksPerBar, totalTicks - 1),
    musicEndTick: Math.max(1, totalTicks - breathTicks),
  };
}

function hasTailOf(composition: FormFacts): boolean {
  const totalTicks = secondsToTicks(composition.durationSeconds, composition.bpm);
  return totalTicks % composition.ticksPerBar !== 0;
}

/**
 * Composes `brief` (the original's, with the longer duration) over continueForm, then takes every
 * note, controller and chord that starts before the cut from the original, so the score up to the
 * original's ending is the original's exactly.
 * @example extendComposition(original, { ...brief, durationSeconds: 90 }, { seed: 7 }).parts[0].notes
 */
export function extendComposition(original: Composition, brief: Brief, options: ComposeOptions): Composition {
  if (original.loop || brief.loop) throw new Error('a loop has no ending to continue from');
  const form = options.form ?? continueForm(original, brief);
  const cutTick = extensionCutTick(original);
  const next = composeTrack(brief, { ...options, form });
  const originalParts = new Map(original.parts.map((part) => [part.id, part]));
  return {
    ...next,
    parts: next.parts.map((part) => {
      const before = originalParts.get(part.id);
      if (!before) return part;
      return {
        ...before,
        notes: [
          ...before.notes.filter((n) => n.startTick < cutTick),
          ...part.notes.filter((n) => n.startTick >= cutTick),
        ],
        controls: [
          ...before.controls.filter((c) => c.tick < cutTick),
          ...part.controls.filter((c) => c.tick >= cutTick),
        ],
      };
    }),
    chords: [
      ...original.chords.filter((c) => c.startTick < cutTick),
      ...next.chords.filter((c) => c.startTick >= cutTick),
    ],
  };
}
