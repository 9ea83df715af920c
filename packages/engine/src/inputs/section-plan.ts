// A section plan: the sections a user wants, in order, each with its length (bars, or seconds
// rounded to whole bars at the track's tempo), energy and instrumentation. The track follows it
// exactly and takes its total length from it.
import { findInstrumentMatches, findInstrumentMentions } from '../brief/instrument-mentions.js';
import { findMoods, readMoods } from '../brief/moods.js';
import { createTextView } from '../brief/text.js';
import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS } from '../duration.js';
import { type Meter, type PartRole, PPQ, type SectionName, type SectionPlanEntry } from '../types.js';

export type { SectionPlanEntry };

import { InputError } from './input-error.js';

/** A selector of parts: a role ("lead", "drums") or an instrument/exclusion word ("piano"). */
export type PartSelector = { kind: 'role'; role: PartRole } | { kind: 'word'; word: string };

/** A planned section resolved at the track's tempo. */
export interface PlannedSection {
  /** The name as the plan gave it, reported in music.sections. */
  label: string;
  /** The arranging role its name maps to (verse, chorus, …; "theme" when it names none). */
  role: SectionName;
  bars: number;
  /** Planned energy (from `energy`, else the section prompt's moods), or null for the default. */
  energy: number | null;
  /** Parts that play, or null for all of them. */
  plays: PartSelector[] | null;
  /** Parts the section prompt rules out ("no drums"). */
  rests: string[];
}

export const MAX_PLAN_SECTIONS = 64;
const MAX_NAME_CHARACTERS = 40;
const MAX_SECTION_PROMPT_CHARACTERS = 500;
const MAX_SECTION_INSTRUMENTS = 8;

const ROLE_WORDS: Record<string, PartRole> = {
  lead: 'lead',
  melody: 'lead',
  counter: 'counter',
  countermelody: 'counter',
  chords: 'chords',
  harmony: 'chords',
  pad: 'pad',
  pads: 'pad',
  arp: 'arp',
  arpeggio: 'arp',
  percussion: 'percussion',
};

// Names people give sections → the role the arranger gives them.
const NAME_ROLES: [RegExp, SectionName][] = [
  [/^(intro|introduction|opening|opener)/, 'intro'],
  [/^(pre[- ]?chorus|build|build[- ]?up|rise|riser|lift)/, 'build'],
  [/^(chorus|hook|refrain)/, 'chorus'],
  [/^(verse|couplet|strophe)/, 'verse'],
  [/^(bridge|middle ?8|solo)/, 'bridge'],
  [/^(drop)/, 'drop'],
  [/^(breakdown|break|interlude)/, 'breakdown'],
  [/^(outro|ending|coda|end)/, 'outro'],
  [/^(theme|main|a section|b section)/, 'theme'],
];

/** The arranging role of a section name ("Chorus 2" → chorus, "pre-chorus" → build). */
export function sectionRoleOf(name: string): SectionName {
  const lower = name.trim().toLowerCase();
  return NAME_ROLES.find(([pattern]) => pattern.test(lower))?.[1] ?? 'theme';
}

function selectorFor(word: string, field: string): PartSelector {
  const lower = word.trim().toLowerCase();
  const role = ROLE_WORDS[lower];
  if (role) return { kind: 'role', role };
  const match = findInstrumentMatches(createTextView(lower).tokens)[0];
  if (!match) {
    throw new InputError(
      field,
      `unknown instrument "${word}"; name instruments such as "piano", "drums", "bass", "strings", "guitar" or roles such as "lead", "chords", "pad"`,
    );
  }
  return { kind: 'word', word: match.payload.family ?? match.payload.id };
}

/** Checks a plan's shape; throws InputError naming the field (sections[2].bars). */
export function checkSectionPlan(plan: unknown): SectionPlanEntry[] {
  if (!Array.isArray(plan) || plan.length === 0)
    throw new InputError('sections', 'must be a list of at least one section');
  if (plan.length > MAX_PLAN_SECTIONS)
    throw new InputError('sections', `may have at most ${MAX_PLAN_SECTIONS} sections`);
  return plan.map((entry, index) => {
    const at = `sections[${index}]`;
    if (typeof entry !== 'object' || entry === null) throw new InputError(at, 'must be an object');
    const { name, bars, seconds, energy, prompt, instruments } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_NAME_CHARACTERS)
      throw new InputError(
        `${at}.name`,
        `must be a name of 1 to ${MAX_NAME_CHARACTERS} characters such as "verse"`,
      );
    if ((bars === undefined) === (seconds === undefined))
      throw new InputError(at, 'give its length as either bars or seconds (one of them)');
    if (bars !== undefined && !(Number.isInteger(bars) && (bars as number) >= 1 && (bars as number) <= 512))
      throw new InputError(`${at}.bars`, 'must be a whole number of bars from 1 to 512');
    if (
      seconds !== undefined &&
      !(typeof seconds === 'number' && seconds > 0 && seconds <= MAX_DURATION_SECONDS)
    )
      throw new InputError(
        `${at}.seconds`,
        `must be a number of seconds above 0 and at most ${MAX_DURATION_SECONDS}`,
      );
    if (energy !== undefined && !(typeof energy === 'number' && energy >= 0 && energy <= 1))
      throw new InputError(`${at}.energy`, 'must be a number from 0 (calm) to 1 (full)');
    if (prompt !== undefined && (typeof prompt !== 'string' || prompt.length > MAX_SECTION_PROMPT_CHARACTERS))
      throw new InputError(
        `${at}.prompt`,
        `must be text of at most ${MAX_SECTION_PROMPT_CHARACTERS} characters`,
      );
    if (instruments !== undefined) {
      if (!Array.isArray(instruments) || instruments.length > MAX_SECTION_INSTRUMENTS)
        throw new InputError(
          `${at}.instruments`,
          `must be a list of at most ${MAX_SECTION_INSTRUMENTS} instrument names`,
        );
      instruments.forEach((word, j) => {
        if (typeof word !== 'string' || word.trim().length === 0 || word.length > 40)
          throw new InputError(`${at}.instruments[${j}]`, 'must be an instrument name such as "piano"');
        selectorFor(word, `${at}.instruments[${j}]`);
      });
    }
    return entry as SectionPlanEntry;
  });
}

/** Every instrument a plan names (lists and section prompts), to add to the track's parts. */
export function planInstrumentWords(plan: readonly SectionPlanEntry[]): string[] {
  const words: string[] = [];
  for (const entry of plan) {
    for (const word of entry.instruments ?? []) if (!ROLE_WORDS[word.trim().toLowerCase()]) words.push(word);
    if (entry.prompt) {
      const view = createTextView(entry.prompt);
      for (const mention of findInstrumentMentions(view.tokens, 'en').named) words.push(mention.word.id);
    }
  }
  return [...new Set(words)];
}

/** Seconds per bar at a tempo and meter. */
export function secondsPerBar(bpm: number, meter: Meter): number {
  const ticksPerBar = Math.round((meter.beatsPerBar * PPQ * 4) / meter.beatUnit);
  return (ticksPerBar * 60) / (bpm * PPQ);
}

/**
 * Resolves a checked plan at the track's tempo: seconds become whole bars (at least one), and the
 * total must lie within the engine's 5–600 s. Throws InputError("sections") when it does not.
 * `leadingBars` are bars the track plays before the plan (an extension's, kept from the original):
 * they count towards the limits, and durationSeconds is the plan's alone.
 */
export function resolveSectionPlan(
  plan: readonly SectionPlanEntry[],
  bpm: number,
  meter: Meter,
  { leadingBars = 0 }: { leadingBars?: number } = {},
): { sections: PlannedSection[]; durationSeconds: number } {
  const barSeconds = secondsPerBar(bpm, meter);
  const sections = plan.map((entry, index): PlannedSection => {
    const bars = entry.bars ?? Math.max(1, Math.round((entry.seconds ?? 0) / barSeconds));
    let energy = entry.energy ?? null;
    let plays = entry.instruments
      ? entry.instruments.map((word, j) => selectorFor(word, `sections[${index}].instruments[${j}]`))
      : null;
    const rests: string[] = [];
    if (entry.prompt) {
      const view = createTextView(entry.prompt);
      if (energy === null) energy = readMoods(findMoods(view.tokens)).arousal;
      const mentions = findInstrumentMentions(view.tokens, 'en');
      if (plays === null && mentions.named.length > 0)
        plays = mentions.named.map((mention) => ({
          kind: 'word',
          word: mention.word.family ?? mention.word.id,
        }));
      rests.push(...mentions.exclusions);
    }
    return { label: entry.name.trim(), role: sectionRoleOf(entry.name), bars, energy, plays, rests };
  });
  const planBars = sections.reduce((sum, section) => sum + section.bars, 0);
  const totalBars = leadingBars + planBars;
  const trackSeconds = totalBars * barSeconds;
  const rounded = Math.round(trackSeconds * 10) / 10;
  const lasts =
    leadingBars > 0
      ? `with the ${leadingBars} bars before it, the track lasts ${rounded} s (${totalBars} bars at ${bpm} bpm)`
      : `the plan lasts ${rounded} s (${totalBars} bars at ${bpm} bpm)`;
  if (trackSeconds > MAX_DURATION_SECONDS + 1e-9)
    throw new InputError('sections', `${lasts}; a track may be at most ${MAX_DURATION_SECONDS} s`);
  if (trackSeconds < MIN_DURATION_SECONDS - 1e-9)
    throw new InputError('sections', `${lasts}; a track must be at least ${MIN_DURATION_SECONDS} s`);
  return { sections, durationSeconds: planBars * barSeconds };
}
