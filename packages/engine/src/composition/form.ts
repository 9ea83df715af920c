// The form: sections in 4- and 8-bar phrases sized so the bars fill the requested duration,
// each with an energy from the brief's curve and the section's role (MUSIC.md "Form").
import { type Brief, type Meter, PPQ, type Section, type SectionName } from '../types.js';
import type { GenreStyle } from './styles.js';

/** The form plus the timing facts every part writer needs. */
export interface FormPlan {
  sections: Section[];
  ticksPerBar: number;
  /** Ticks of the whole requested duration. */
  totalTicks: number;
  /** Bars that fit whole inside the duration. */
  fullBars: number;
  /** Start of the last, ringing chord (null when looping). */
  finalChordTick: number | null;
  /** Where sustained notes stop (a breath before the end; the end itself when looping). */
  musicEndTick: number;
}

const SECTION_WEIGHT: Record<SectionName, number> = {
  intro: 1,
  verse: 2,
  chorus: 2,
  bridge: 1.5,
  build: 1,
  drop: 2,
  breakdown: 1.5,
  outro: 1,
  theme: 3,
};

// Chorus lifts, bridge and breakdown drop (MUSIC.md: energy rises into choruses).
const ROLE_ENERGY: Record<SectionName, number> = {
  intro: -0.18,
  verse: -0.05,
  chorus: 0.12,
  bridge: -0.12,
  build: 0.02,
  drop: 0.15,
  breakdown: -0.22,
  outro: -0.15,
  theme: 0.03,
};

/** Ticks in one bar of the meter (6/8 → 1440). */
export function ticksPerBarOf(meter: Meter): number {
  return Math.round((meter.beatsPerBar * PPQ * 4) / meter.beatUnit);
}

/** Converts seconds to ticks at a constant tempo. */
export function secondsToTicks(seconds: number, bpm: number): number {
  return Math.round((seconds * bpm * PPQ) / 60);
}

function chooseNames(brief: Brief, style: GenreStyle, fullBars: number): SectionName[] {
  const hints = brief.structureHints;
  const dance = style.dance || hints.some((h) => h === 'build' || h === 'drop' || h === 'breakdown');
  if (fullBars < 6) return ['theme'];
  if (fullBars < 14) return ['intro', 'theme', 'outro'];
  if (dance) {
    if (fullBars < 24) return ['intro', 'build', 'drop', 'outro'];
    if (fullBars < 44) return ['intro', 'build', 'drop', 'breakdown', 'drop', 'outro'];
    return ['intro', 'build', 'drop', 'breakdown', 'build', 'drop', 'outro'];
  }
  if (fullBars < 26) return ['intro', 'verse', 'chorus', 'outro'];
  if (fullBars < 36 && !hints.includes('bridge'))
    return ['intro', 'verse', 'chorus', 'verse', 'chorus', 'outro'];
  if (fullBars < 96) return ['intro', 'verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus', 'outro'];
  return [
    'intro',
    'verse',
    'chorus',
    'verse',
    'chorus',
    'bridge',
    'chorus',
    'verse',
    'chorus',
    'chorus',
    'outro',
  ];
}

// Bars per section in whole phrases (4 bars, or 2 when the piece is short), with the leftover
// bars of an uneven total given to the outro so every earlier section keeps its phrase shape.
function allocateBars(names: SectionName[], fullBars: number): number[] {
  const unit = fullBars >= names.length * 6 ? 4 : fullBars >= names.length * 2 ? 2 : 1;
  const totalWeight = names.reduce((sum, n) => sum + SECTION_WEIGHT[n], 0);
  const bars = names.map((n) =>
    Math.max(unit, Math.round((fullBars * SECTION_WEIGHT[n]) / totalWeight / unit) * unit),
  );
  const order = names
    .map((n, i) => ({ i, weight: SECTION_WEIGHT[n] }))
    .sort((a, b) => b.weight - a.weight || a.i - b.i)
    .map((x) => x.i);
  let diff = fullBars - bars.reduce((a, b) => a + b, 0);
  for (let guard = 0; Math.abs(diff) >= unit && guard < 1000; guard++) {
    const index = order[guard % order.length]!;
    if (diff > 0) {
      bars[index]! += unit;
      diff -= unit;
    } else if (bars[index]! > unit) {
      bars[index]! -= unit;
      diff += unit;
    }
  }
  bars[bars.length - 1]! += diff;
  if (bars[bars.length - 1]! < 1) return allocateBars(names.slice(0, -1), fullBars);
  return bars;
}

function sampleCurve(curve: readonly number[], position: number): number {
  if (curve.length === 0) return 0.5;
  if (curve.length === 1) return curve[0]!;
  const x = Math.min(1, Math.max(0, position)) * (curve.length - 1);
  const i = Math.min(curve.length - 2, Math.floor(x));
  return curve[i]! + (curve[i + 1]! - curve[i]!) * (x - i);
}

/** Plans sections whose bars fill brief.durationSeconds at brief.bpm. */
export function planForm(brief: Brief, style: GenreStyle): FormPlan {
  const ticksPerBar = ticksPerBarOf(brief.meter);
  const totalTicks = Math.max(1, secondsToTicks(brief.durationSeconds, brief.bpm));
  const fullBars = Math.max(1, Math.floor(totalTicks / ticksPerBar));
  const hasTail = totalTicks > fullBars * ticksPerBar;
  const names = chooseNames(brief, style, fullBars);
  const bars = allocateBars(names, fullBars);
  const usedNames = names.slice(0, bars.length);
  if (usedNames.length > 1 && usedNames[usedNames.length - 1] !== 'outro' && names.includes('outro')) {
    usedNames[usedNames.length - 1] = 'outro';
  }
  const sections: Section[] = [];
  let startBar = 0;
  usedNames.forEach((name, i) => {
    const last = i === usedNames.length - 1;
    const sectionBars = bars[i]! + (last && hasTail ? 1 : 0);
    const startTick = startBar * ticksPerBar;
    const endTick = last ? totalTicks : startTick + bars[i]! * ticksPerBar;
    const mid = (startTick + endTick) / 2 / totalTicks;
    const curve = sampleCurve(brief.energyCurve, mid);
    const energy = 0.05 + 0.45 * curve + 0.5 * brief.arousal + ROLE_ENERGY[name];
    sections.push({
      name,
      startBar,
      bars: sectionBars,
      startTick,
      endTick,
      energy: Math.round(Math.min(1, Math.max(0.02, energy)) * 1000) / 1000,
    });
    startBar += bars[i]!;
  });
  const breathTicks = secondsToTicks(0.12, brief.bpm);
  return {
    sections,
    ticksPerBar,
    totalTicks,
    fullBars,
    finalChordTick: brief.loop ? null : Math.min((fullBars - 1) * ticksPerBar, totalTicks - 1),
    musicEndTick: brief.loop ? totalTicks : Math.max(1, totalTicks - breathTicks),
  };
}

/** A planned section as the form needs it (inputs/section-plan.ts resolves the request's plan). */
export interface FormPlanSection {
  label: string;
  role: SectionName;
  bars: number;
  energy: number | null;
}

/**
 * The form of a section plan: exactly its sections and bars, in order; the track's length is the
 * plan's. Sections without a planned energy get the usual one from the brief and their role.
 */
export function planFormFromSections(brief: Brief, planned: readonly FormPlanSection[]): FormPlan {
  const ticksPerBar = ticksPerBarOf(brief.meter);
  const fullBars = planned.reduce((sum, section) => sum + section.bars, 0);
  const totalTicks = fullBars * ticksPerBar;
  const sections: Section[] = [];
  let startBar = 0;
  for (const section of planned) {
    const startTick = startBar * ticksPerBar;
    const endTick = startTick + section.bars * ticksPerBar;
    const curve = sampleCurve(brief.energyCurve, (startTick + endTick) / 2 / totalTicks);
    const energy = section.energy ?? 0.05 + 0.45 * curve + 0.5 * brief.arousal + ROLE_ENERGY[section.role];
    sections.push({
      name: section.role,
      label: section.label,
      startBar,
      bars: section.bars,
      startTick,
      endTick,
      energy: Math.round(Math.min(1, Math.max(section.energy === null ? 0.02 : 0, energy)) * 1000) / 1000,
    });
    startBar += section.bars;
  }
  const breathTicks = secondsToTicks(0.12, brief.bpm);
  return {
    sections,
    ticksPerBar,
    totalTicks,
    fullBars,
    finalChordTick: brief.loop ? null : (fullBars - 1) * ticksPerBar,
    musicEndTick: brief.loop ? totalTicks : Math.max(1, totalTicks - breathTicks),
  };
}
