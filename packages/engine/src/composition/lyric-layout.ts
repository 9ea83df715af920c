// Where each lyric line is sung: the section plan the tags make (intro, the tagged sections sized
// to their lines, instrumental breaks, an ending) when the request has none, and the span of
// bars every line gets in the form. The exact duration holds: lyrics that cannot fit are refused
// with the seconds they need.

import { InputError } from '../inputs/input-error.js';
import { type LyricSection, wordsOfLine } from '../inputs/lyrics.js';
import type { PlannedSection } from '../inputs/section-plan.js';
import { type Brief, PPQ, type Section } from '../types.js';
import { type Syllable, syllabify } from '../vocals/pronounce.js';
import { type Delivery, lineIdealTicks, lineNeedTicks, type RhythmGrid } from './vocal-rhythm.js';

/** One line of lyrics with its syllables, in singing order. */
export interface LyricLine {
  text: string;
  syllables: Syllable[];
  /** Index of its section in the lyric sections. */
  sectionIndex: number;
  /** Index within its section; a repeated chorus's lines share their melody with the first. */
  lineIndex: number;
  /** The label of the section that wrote these words first (a repeat sings its melody again). */
  originLabel: string;
}

/** A line placed in the form. */
export interface LaidLine {
  line: LyricLine;
  startTick: number;
  spanTicks: number;
}

/** Lines with their syllables (each word through syllabify, in order). */
export function lyricLinesOf(sections: readonly LyricSection[]): LyricLine[] {
  const firstLabel = new Map<string, string>();
  const lines: LyricLine[] = [];
  sections.forEach((section, sectionIndex) => {
    const key = `${section.role}\n${section.lines.join('\n')}`;
    if (!firstLabel.has(key)) firstLabel.set(key, section.label);
    section.lines.forEach((text, lineIndex) => {
      const syllables = wordsOfLine(text).flatMap((word) => syllabify(word));
      lines.push({ text, syllables, sectionIndex, lineIndex, originLabel: firstLabel.get(key)! });
    });
  });
  return lines;
}

/** The rhythm grid of a brief. */
export function gridOf(brief: Brief): RhythmGrid {
  const compound = brief.meter.beatUnit === 8 && brief.meter.beatsPerBar % 3 === 0;
  const beatTicks = ((compound ? 3 : 1) * PPQ * 4) / brief.meter.beatUnit;
  return {
    bpm: brief.bpm,
    beatTicks,
    ticksPerBar: Math.round((brief.meter.beatsPerBar * PPQ * 4) / brief.meter.beatUnit),
  };
}

const secondsOf = (ticks: number, bpm: number) => (ticks * 60) / (bpm * PPQ);
const roundUp = (seconds: number) => Math.ceil(seconds);

function refuse(needTicks: number, brief: Brief, what: string): never {
  const seconds = roundUp(secondsOf(needTicks, brief.bpm));
  throw new InputError(
    'lyrics',
    `the lyrics need at least ${seconds} s at ${brief.bpm} bpm and ${what}; make the track at least ${seconds} s long, or shorten the lyrics`,
  );
}

// The bars an instrumental break ([instrumental]) gets when the track has room for them.
const BREAK_BARS = 4;
// What the intro and the breaks grow to when time is still left: 8 bars, a section in most songs.
const SECTION_BARS = 8;
// A song that ends on its chorus sings it at most this many more times when time is left.
const MAX_CLOSING_CHORUSES = 2;
// An instrumental ending longer than this is time a closing chorus would fill better.
const LONG_ENDING_BARS = 8;

/**
 * The section plan the lyric tags make for the brief's length: an intro, each lyric section with
 * whole bars for its lines, instrumental breaks (where the lyrics mark them, or where time is left),
 * and an ending of at least a bar. Throws InputError("lyrics") with the seconds the lyrics need
 * when they cannot fit.
 */
function planFromLyrics(
  sections: readonly LyricSection[],
  lines: readonly LyricLine[],
  brief: Brief,
  delivery: Delivery,
): PlannedSection[] {
  const grid = gridOf(brief);
  const tpb = grid.ticksPerBar;
  const totalTicks = Math.round((brief.durationSeconds * brief.bpm * PPQ) / 60);
  const fullBars = Math.floor(totalTicks / tpb);
  const barsFor = (ticks: number) => Math.max(1, Math.ceil(ticks / tpb));
  // [intro] and a bare [outro] name the plan's own opening and ending; the sections between them
  // (sung, or a marked break: a section without lines) get bars of their own
  const first = sections[0];
  const last = sections.at(-1);
  const intro = first?.role === 'intro' ? first : null;
  const ending = last?.role === 'outro' && last.lines.length === 0 ? last : null;
  const body = sections.flatMap((section, index) =>
    section === intro || section === ending ? [] : [{ section, index }],
  );
  const isBreak = (i: number) => body[i]!.section.lines.length === 0;
  const barsOfLines = (index: number, ticksOf: typeof lineNeedTicks) =>
    lines
      .filter((line) => line.sectionIndex === index)
      .reduce((sum, line) => sum + barsFor(ticksOf(line.syllables.length, delivery, grid)), 0);
  const minBars = body.map(({ index }, i) => (isBreak(i) ? 1 : barsOfLines(index, lineNeedTicks)));
  const idealBars = body.map(({ index }, i) =>
    isBreak(i) ? BREAK_BARS : barsOfLines(index, lineIdealTicks),
  );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  // an intro bar and an ending bar at least around the words
  if (sum(minBars) + 2 > fullBars)
    refuse((sum(minBars) + 2) * tpb, brief, `the track is ${brief.durationSeconds} s`);
  const even = idealBars.map((bars) => bars + (bars % 2));
  let bars = [even, idealBars, minBars].find((candidate) => sum(candidate) + 2 <= fullBars) ?? minBars;
  let left = fullBars - sum(bars);
  // an intro of up to 4 bars and an ending of up to 2 come first
  let introBars = Math.min(4, left - 1);
  left -= introBars;
  let endBars = Math.min(2, left);
  left -= endBars;
  // then the words get more room (a slower line sings better than a long instrumental tail) …
  const sungBars = sum(bars.filter((_, i) => !isBreak(i)));
  if (left > 0) {
    const stretched = bars.map((b, i) =>
      isBreak(i) ? b : Math.min(2 * Math.max(b, idealBars[i]!), b + Math.floor((left * b) / sungBars)),
    );
    left -= sum(stretched) - sum(bars);
    bars = stretched;
  }
  // … then, unless the lyrics mark their own, instrumental breaks of 4 bars before each later
  // section; the ending takes the rest
  const breaks = body.map(() => 0);
  if (!body.some((_, i) => isBreak(i))) {
    for (let i = 1; i < body.length && left >= BREAK_BARS; i++) {
      breaks[i] = BREAK_BARS;
      left -= BREAK_BARS;
    }
  }
  // … then the ending grows to half a section, the intro to a full one and the breaks to full
  // ones, to the next four bars at a time while they are free (a phrase is four bars: a 7-bar break
  // sounds like a slip), and the ending takes the rest
  const grow = (current: number, to: number) => {
    let grown = current;
    for (;;) {
      const next = Math.min(to, (Math.floor(grown / 4) + 1) * 4);
      if (next <= grown || left < next - grown) return grown;
      left -= next - grown;
      grown = next;
    }
  };
  endBars = grow(endBars, SECTION_BARS / 2);
  introBars = grow(introBars, SECTION_BARS);
  body.forEach((_, i) => {
    if (isBreak(i)) bars[i] = grow(bars[i]!, SECTION_BARS);
    else if (breaks[i]! > 0) breaks[i] = grow(breaks[i]!, SECTION_BARS);
  });
  endBars += left;
  const planned: PlannedSection[] = [
    { label: 'Intro', role: 'intro', bars: introBars, energy: null, plays: null, rests: [] },
  ];
  body.forEach(({ section }, i) => {
    if (breaks[i]! > 0)
      planned.push({
        label: `Instrumental ${i}`,
        role: 'theme',
        bars: breaks[i]!,
        energy: null,
        plays: null,
        rests: [],
      });
    planned.push({
      label: section.label,
      role: section.role,
      bars: bars[i]!,
      energy: null,
      plays: null,
      rests: [],
    });
  });
  planned.push({
    label: ending?.label ?? 'End',
    role: 'outro',
    bars: endBars,
    energy: null,
    plays: null,
    rests: [],
  });
  return planned.filter((section) => section.bars > 0);
}

/**
 * The plan the lyric tags make (planFromLyrics), with the lyrics as sung in it. Lyrics that end on
 * a chorus and leave a long instrumental ending (more than LONG_ENDING_BARS once the intro and
 * breaks have grown) sing that chorus again at the end, as songs do, up to MAX_CLOSING_CHORUSES
 * times, each after a break of its own when the lyrics mark their breaks (the plan then adds
 * none): each time only if every sung section before it keeps its bars and the ending keeps half a
 * section. Throws InputError("lyrics") like planFromLyrics when the lyrics as written cannot fit.
 */
export function planLyrics(
  sections: readonly LyricSection[],
  brief: Brief,
  delivery: Delivery,
): { sections: LyricSection[]; lines: LyricLine[]; plan: PlannedSection[] } {
  const sung = (candidate: readonly LyricSection[]) => {
    const lines = lyricLinesOf(candidate);
    return { sections: [...candidate], lines, plan: planFromLyrics(candidate, lines, brief, delivery) };
  };
  let chosen = sung(sections);
  const ending = sections.at(-1)?.role === 'outro' && sections.at(-1)!.lines.length === 0 ? 1 : 0;
  const chorus = sections.at(-1 - ending);
  if (chorus?.role !== 'chorus' || chorus.lines.length === 0) return chosen;
  const sungLabels = new Set(sections.filter((section) => section.lines.length > 0).map((s) => s.label));
  const sungBars = (plan: PlannedSection[]) =>
    plan
      .filter((section) => sungLabels.has(section.label))
      .map((section) => `${section.label}:${section.bars}`)
      .join();
  let breaks = sections.filter((section) => section.role === 'theme').length;
  let choruses = sections.filter((section) => section.role === 'chorus').length;
  for (let again = 0; again < MAX_CLOSING_CHORUSES; again++) {
    if (chosen.plan.at(-1)!.bars <= LONG_ENDING_BARS) break;
    const added: LyricSection[] = [];
    if (breaks > 0) {
      breaks += 1;
      added.push({ role: 'theme', label: `Instrumental ${breaks}`, lines: [], repeat: false });
    }
    choruses += 1;
    added.push({ ...chorus, label: `Chorus ${choruses}`, lines: [...chorus.lines], repeat: true });
    const at = chosen.sections.length - ending;
    let next: ReturnType<typeof sung>;
    try {
      next = sung([...chosen.sections.slice(0, at), ...added, ...chosen.sections.slice(at)]);
    } catch (error) {
      if (error instanceof InputError) break;
      throw error;
    }
    // the words before it keep their bars (the breaks may give some), and the ending half a section
    if (next.plan.at(-1)!.bars < SECTION_BARS / 2 || sungBars(next.plan) !== sungBars(chosen.plan)) break;
    chosen = next;
  }
  return chosen;
}

/**
 * Spreads lines needing `needTicks` over [startTick, endTick): whole bars each when there are
 * enough, evenly; when an even share is too short for a long line beside short ones, each line
 * gets what it needs first and the rest is shared out.
 */
function spansOf(
  needTicks: readonly number[],
  startTick: number,
  endTick: number,
  grid: RhythmGrid,
): [number, number][] {
  const count = needTicks.length;
  const unit = endTick - startTick >= count * grid.ticksPerBar ? grid.ticksPerBar : grid.beatTicks;
  const units = Math.floor((endTick - startTick) / unit);
  const share = (total: number, i: number) => Math.floor(total / count) + (i < total % count ? 1 : 0);
  let sizes = needTicks.map((_, i) => share(units, i));
  if (sizes.some((size, i) => size * unit < needTicks[i]!)) {
    const needed = needTicks.map((ticks) => Math.max(1, Math.ceil(ticks / unit)));
    const spare = units - needed.reduce((a, b) => a + b, 0);
    if (spare >= 0) sizes = needed.map((size, i) => size + share(spare, i));
  }
  const spans: [number, number][] = [];
  let at = 0;
  for (const size of sizes) {
    spans.push([startTick + at * unit, size * unit]);
    at += size;
  }
  return spans;
}

/**
 * Places every line in the form: a lyric section's lines over the form section of the same label
 * (the plan the tags made, or a user plan naming them); otherwise all lines spread over the
 * sections between the intro and the ending. Throws InputError("lyrics") when a line cannot fit.
 */
export function layLines(
  sections: readonly LyricSection[],
  lines: readonly LyricLine[],
  formSections: readonly Section[],
  brief: Brief,
  delivery: Delivery,
): LaidLine[] {
  const grid = gridOf(brief);
  const byLabel = new Map(formSections.map((section) => [section.label ?? '', section]));
  const laid: LaidLine[] = [];
  const needOf = (line: LyricLine) => lineNeedTicks(line.syllables.length, delivery, grid);
  const check = (line: LyricLine, span: number) => {
    const need = needOf(line);
    if (need > span) {
      const total = lines.reduce((s, l) => s + lineNeedTicks(l.syllables.length, delivery, grid), 0);
      refuse(
        total + 2 * grid.ticksPerBar,
        brief,
        `the line "${line.text}" does not fit the ${secondsOf(span, brief.bpm).toFixed(1)} s it gets`,
      );
    }
  };
  if (sections.every((section) => section.lines.length === 0 || byLabel.has(section.label))) {
    sections.forEach((section, index) => {
      // an instrumental section ([intro], [instrumental]) has no lines to place
      if (section.lines.length === 0) return;
      const form = byLabel.get(section.label)!;
      const own = lines.filter((line) => line.sectionIndex === index);
      spansOf(own.map(needOf), form.startTick, form.endTick, grid).forEach(([startTick, spanTicks], i) => {
        check(own[i]!, spanTicks);
        laid.push({ line: own[i]!, startTick, spanTicks });
      });
    });
    return laid;
  }
  const inner = formSections.filter(
    (section, i) =>
      !(i === 0 && section.name === 'intro' && formSections.length > 1) &&
      !(i === formSections.length - 1 && section.name === 'outro' && formSections.length > 2),
  );
  const startTick = inner[0]!.startTick;
  const endTick = Math.min(inner.at(-1)!.endTick, formSections.at(-1)!.endTick - grid.ticksPerBar);
  spansOf(lines.map(needOf), startTick, Math.max(endTick, startTick + grid.beatTicks), grid).forEach(
    ([tick, span], i) => {
      check(lines[i]!, span);
      laid.push({ line: lines[i]!, startTick: tick, spanTicks: span });
    },
  );
  return laid;
}
