// Drums and percussion from the genre's sixteenth-step grooves: energy gates the layers, a fill
// leads into each section, a crash marks its first beat, and 3/4 and 6/8 get their own accents.
import type { Rng } from '../random.js';
import type { NoteEvent, Section } from '../types.js';
import { type ArrangeContext, barsOf, pushNote, STEP_TICKS, velocityFor } from './context.js';
import type { DrumLane } from './styles.js';

const LEVEL: Record<string, number> = { X: 118, x: 98, o: 76, g: 44 };
const KICK = 36;
const SIDE_STICK = 37;
const SNARE = 38;
const CRASH = 49;
const TOMS = [50, 48, 47, 45, 43, 41];
const HAT_NOTES = new Set([42, 44, 46, 51, 53, 54, 69, 70]);
const DRUM_NOTE_TICKS = 90;

// Strong–weak–weak for 3/4; two dotted-quarter groups for 6/8 (eighths on even steps).
const METER_TEMPLATES = {
  triple: { kick: 'X...........', snare: '....o...o...', hat: 'x.g.o.g.o.g.', other: 'x...o...o...' },
  compound: { kick: 'X.....o.....', snare: '......x.....', hat: 'x.g.g.o.g.g.', other: 'x...g.o...g.' },
};

function laneFamily(note: number): 'kick' | 'snare' | 'hat' | 'other' {
  if (note === 35 || note === KICK) return 'kick';
  if (note >= 37 && note <= 40) return 'snare';
  if (HAT_NOTES.has(note)) return 'hat';
  return 'other';
}

function lanesForMeter(ctx: ArrangeContext, lanes: readonly DrumLane[]): DrumLane[] {
  if (ctx.feel === 'duple') {
    if (ctx.stepsPerBar === 16) return [...lanes];
    return lanes.map((lane) => ({
      ...lane,
      pattern: lane.pattern.slice(0, 16).padEnd(ctx.stepsPerBar, '.').slice(0, ctx.stepsPerBar),
    }));
  }
  const template = METER_TEMPLATES[ctx.feel];
  const seen = new Set<string>();
  const result: DrumLane[] = [];
  for (const lane of lanes) {
    const family = laneFamily(lane.note);
    if (seen.has(`${family}-${lane.note}`)) continue;
    seen.add(`${family}-${lane.note}`);
    const pattern = template[family].repeat(Math.ceil(ctx.stepsPerBar / 12)).slice(0, ctx.stepsPerBar);
    result.push({ ...lane, pattern });
  }
  return result;
}

function sectionLanes(ctx: ArrangeContext, lanes: DrumLane[], section: Section): DrumLane[] {
  let active = lanes.filter((lane) => section.energy >= lane.minEnergy);
  if (section.name === 'intro' && ctx.style.introDrums === 'light') {
    active = active.filter((lane) => laneFamily(lane.note) === 'kick' || laneFamily(lane.note) === 'hat');
  }
  if (section.name === 'breakdown') active = active.filter((lane) => laneFamily(lane.note) === 'hat');
  if (active.length === 0 && section.energy >= 0.3 && lanes[0]) active = [lanes[0]];
  // A kick alone on 1 and 3 is heard at half the tempo ("calm minimal pop, 120 bpm" read as 60):
  // below the snare's energy a calm drummer keeps the backbeat on the rim, softly.
  const backbeat = lanes.find((lane) => laneFamily(lane.note) === 'snare');
  const pulsed = active.some((lane) => laneFamily(lane.note) === 'snare' || laneFamily(lane.note) === 'hat');
  if (backbeat && !pulsed && active.some((lane) => laneFamily(lane.note) === 'kick'))
    active = [...active, { note: SIDE_STICK, pattern: backbeat.pattern.replace(/[Xx]/g, 'o'), minEnergy: 0 }];
  return active;
}

// Beat trackers fold slow tempos to 2× when eighth hats are as loud as the beat (reggae at 72
// was heard at 144 by essentia's RhythmExtractor2013), so slow hats keep only their quarters loud.
function thinOrThicken(pattern: string, ctx: ArrangeContext, energy: number, family: string): string {
  if (ctx.feel !== 'duple') return pattern;
  const bpm = ctx.brief.bpm;
  // below 72 bpm the kick marks every beat and nothing between them, so the beat, not its double, is the pulse
  if (bpm < 72 && family === 'kick')
    return [...pattern].map((c, s) => (s % 4 === 0 ? (c === '.' ? 'o' : c) : '.')).join('');
  if (family !== 'hat') return pattern;
  // below 72 bpm even ghosted eighths read as the beat at twice the tempo: the hats keep the beats only
  if (bpm < 72) return [...pattern].map((c, s) => (s % 4 === 0 ? c : '.')).join('');
  if (bpm < 80) return [...pattern].map((c, s) => (s % 4 === 0 || c === '.' ? c : 'g')).join('');
  if (energy < 0.3) return [...pattern].map((c, s) => (s % 4 === 0 ? c : '.')).join('');
  if (energy >= 0.78 && ctx.style.swing === 0.5)
    return [...pattern].map((c, s) => (c === '.' && s % 2 === 1 ? 'g' : c)).join('');
  return pattern;
}

const CLOSED_HAT = 42;

/** A trap hat roll: hits spacingTicks apart from startTick over lengthTicks, the velocity ramping. */
export interface HatRoll {
  startTick: number;
  lengthTicks: number;
  spacingTicks: number;
  /** Offsets of the hits from startTick. */
  ticks: number[];
  fromVelocity: number;
  toVelocity: number;
}

/** Roll divisions at PPQ 480: 1/32 notes (60 ticks), sixteenth triplets (1/24, 80) and 1/48 (40). */
const ROLL_SPACINGS = { thirtySecond: 60, sixteenthTriplet: 80, fortyEighth: 40 } as const;
/** Where a roll may sit, in sixteenth steps of the bar: the last eighth before beats 3 and 1, or beat 4. */
const ROLL_SPOTS = [
  { step: 6, steps: 2 },
  { step: 14, steps: 2 },
  { step: 12, steps: 4 },
] as const;

/**
 * Trap's hi-hat rolls: in every bar from mid energy (every second bar below), one or two spans
 * where the sixteenth hats give way to a burst of 1/32 notes or sixteenth triplets (1/24), and at
 * the end of a four-bar phrase sometimes 1/48 on beat 4; each roll swells or fades.
 */
export function planHatRolls(barTick: number, barIndex: number, energy: number, rng: Rng): HatRoll[] {
  if (energy < 0.35 || (energy <= 0.5 && barIndex % 2 === 0)) return [];
  const phraseEnd = barIndex % 4 === 3;
  const spots = phraseEnd
    ? [ROLL_SPOTS[2]]
    : rng.chance(energy > 0.65 ? 0.45 : 0.2)
      ? [ROLL_SPOTS[0], ROLL_SPOTS[1]]
      : [rng.pick([ROLL_SPOTS[0], ROLL_SPOTS[1]])];
  return spots.map((spot) => {
    const lengthTicks = spot.steps * STEP_TICKS;
    const spacingTicks =
      phraseEnd && rng.chance(0.35)
        ? ROLL_SPACINGS.fortyEighth
        : rng.chance(0.5)
          ? ROLL_SPACINGS.thirtySecond
          : ROLL_SPACINGS.sixteenthTriplet;
    const count = Math.round(lengthTicks / spacingTicks);
    const swell = rng.chance(0.7);
    return {
      startTick: barTick + spot.step * STEP_TICKS,
      lengthTicks,
      spacingTicks,
      ticks: Array.from({ length: count }, (_, i) => i * spacingTicks),
      fromVelocity: swell ? 58 : 100,
      toVelocity: swell ? 104 : 62,
    };
  });
}

function writeFill(
  ctx: ArrangeContext,
  barTick: number,
  energy: number,
  rng: Rng,
  notes: NoteEvent[],
): number {
  const fillSteps = energy > 0.6 ? 8 : 4;
  const startStep = ctx.stepsPerBar - fillSteps;
  const useToms = rng.chance(0.6);
  for (let i = 0; i < fillSteps; i++) {
    if (energy < 0.5 && i % 2 === 1) continue;
    const pitch = useToms
      ? TOMS[Math.min(TOMS.length - 1, Math.floor((i * TOMS.length) / fillSteps))]!
      : SNARE;
    const velocity = velocityFor(80 + Math.round((35 * i) / fillSteps), energy);
    pushNote(notes, barTick + (startStep + i) * STEP_TICKS, DRUM_NOTE_TICKS, pitch, velocity);
  }
  return startStep;
}

function writeBuildRoll(
  ctx: ArrangeContext,
  barTick: number,
  barsLeft: number,
  energy: number,
  notes: NoteEvent[],
): void {
  const every = barsLeft > 1 ? 2 : 1;
  for (let step = 0; step < ctx.stepsPerBar; step += every) {
    const velocity = velocityFor(70 + Math.round((40 * step) / ctx.stepsPerBar), energy);
    pushNote(notes, barTick + step * STEP_TICKS, DRUM_NOTE_TICKS, SNARE, velocity);
  }
}

/** Writes a drum kit part (fills and crashes on) or a percussion part (lanes only). */
export function writeDrums(
  ctx: ArrangeContext,
  lanes: readonly DrumLane[],
  rng: Rng,
  options: { fills: boolean },
): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const meterLanes = lanesForMeter(ctx, lanes);
  const stop = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  const sections = ctx.form.sections;
  sections.forEach((section, sectionIndex) => {
    if (section.name === 'intro' && ctx.style.introDrums === 'none') return;
    const active = sectionLanes(ctx, meterLanes, section);
    if (active.length === 0) return;
    const hasNext = sectionIndex < sections.length - 1;
    for (const { barTick, barIndex } of barsOf(ctx, section)) {
      if (barTick >= stop) break;
      const lastBar = barTick + ctx.form.ticksPerBar >= section.endTick;
      if (options.fills && barIndex === 0 && sectionIndex > 0) {
        pushNote(notes, barTick, 480, CRASH, velocityFor(110, section.energy));
      }
      let fillFromStep = ctx.stepsPerBar;
      if (options.fills && lastBar && hasNext && section.bars >= 2) {
        fillFromStep = writeFill(
          ctx,
          barTick,
          Math.max(section.energy, sections[sectionIndex + 1]!.energy),
          rng,
          notes,
        );
      }
      if (options.fills && section.name === 'build' && section.bars - barIndex <= 2) {
        writeBuildRoll(ctx, barTick, section.bars - barIndex, section.energy, notes);
        continue;
      }
      // Two-bar figures (the son clave) keep their phase across sections: count bars from the start.
      const secondBar = Math.round(barTick / ctx.form.ticksPerBar) % 2 === 1;
      const rolls =
        ctx.style.hatRolls && ctx.feel === 'duple' && ctx.stepsPerBar === 16
          ? planHatRolls(barTick, barIndex, section.energy, rng).filter(
              // a fill owns the end of the bar
              (roll) => roll.startTick + roll.lengthTicks <= barTick + fillFromStep * STEP_TICKS,
            )
          : [];
      const inRoll = (tick: number): boolean =>
        rolls.some((roll) => tick >= roll.startTick && tick < roll.startTick + roll.lengthTicks);
      for (const lane of active) {
        const family = laneFamily(lane.note);
        const pattern = thinOrThicken(lane.pattern, ctx, section.energy, family);
        const offset = secondBar && pattern.length >= 2 * ctx.stepsPerBar ? ctx.stepsPerBar : 0;
        for (let step = 0; step < ctx.stepsPerBar; step++) {
          const level = LEVEL[pattern[offset + step] ?? '.'];
          if (level === undefined) continue;
          if (step >= fillFromStep && family !== 'kick') continue;
          const tick = barTick + step * STEP_TICKS;
          if (tick >= stop || tick >= section.endTick) continue;
          // a roll replaces the hats under it
          if (family === 'hat' && inRoll(tick)) continue;
          pushNote(notes, tick, DRUM_NOTE_TICKS, lane.note, velocityFor(level, section.energy));
        }
      }
      for (const roll of rolls) {
        roll.ticks.forEach((offset, i) => {
          const tick = roll.startTick + offset;
          if (tick >= stop || tick >= section.endTick) return;
          const velocity = velocityFor(
            roll.fromVelocity +
              Math.round((roll.toVelocity - roll.fromVelocity) * (i / Math.max(1, roll.ticks.length - 1))),
            section.energy,
          );
          pushNote(notes, tick, Math.min(50, roll.spacingTicks - 10), CLOSED_HAT, velocity);
        });
      }
    }
  });
  if (options.fills && ctx.form.finalChordTick !== null && notes.length > 0) {
    const energy = sections.at(-1)!.energy;
    pushNote(
      notes,
      ctx.form.finalChordTick,
      ctx.form.musicEndTick - ctx.form.finalChordTick,
      CRASH,
      velocityFor(112, energy),
    );
    pushNote(notes, ctx.form.finalChordTick, DRUM_NOTE_TICKS, KICK, velocityFor(112, energy));
  }
  return notes;
}

/** Section energy from which pitched percussion drives every beat (battle and trailer cues). */
const DRIVING_PERCUSSION_ENERGY = 0.75;

/** Pitched percussion (timpani, taiko, steel drums): tonic and fifth hits on the strong beats,
 * every beat once the section drives. */
export function writePitchedPercussion(ctx: ArrangeContext, rng: Rng): NoteEvent[] {
  const notes: NoteEvent[] = [];
  const stop = ctx.form.finalChordTick ?? ctx.form.totalTicks;
  const root = 41 + ((((ctx.tonicPc - 41) % 12) + 12) % 12);
  const beats = Math.round(ctx.form.ticksPerBar / ctx.beatTicks);
  for (const section of ctx.form.sections) {
    if (section.energy < 0.35) continue;
    const driving = ctx.feel === 'duple' && section.energy >= DRIVING_PERCUSSION_ENERGY;
    for (const { barTick, barIndex } of barsOf(ctx, section)) {
      if (barTick >= stop) break;
      pushNote(notes, barTick, ctx.beatTicks, root, velocityFor(barIndex === 0 ? 115 : 95, section.energy));
      if (driving) {
        for (let beat = 1; beat < beats; beat++) {
          const tick = barTick + beat * ctx.beatTicks;
          if (tick >= stop) break;
          const pitch = beat % 2 === 0 ? root : root + 7;
          pushNote(notes, tick, ctx.beatTicks, pitch, velocityFor(beat % 2 === 0 ? 92 : 84, section.energy));
        }
        continue;
      }
      if (
        ctx.feel === 'duple' &&
        section.energy > 0.6 &&
        rng.chance(0.5) &&
        barTick + 2 * ctx.beatTicks < stop
      ) {
        pushNote(
          notes,
          barTick + 2 * ctx.beatTicks,
          ctx.beatTicks,
          root + 7,
          velocityFor(80, section.energy),
        );
      }
    }
  }
  if (ctx.form.finalChordTick !== null) {
    pushNote(notes, ctx.form.finalChordTick, ctx.form.musicEndTick - ctx.form.finalChordTick, root, 100);
  }
  return notes;
}
