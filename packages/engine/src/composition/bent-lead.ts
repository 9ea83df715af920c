// A blues guitarist's lead: held notes are reached by bending the string up into them and then
// shaken with finger vibrato, the vocal cry that tells a blues lead from a country or rock one. The
// notes keep their pitches (the score's melody is unchanged); only pitch-bend controls are added, so
// the MIDI carries the bends the way a guitar-to-MIDI take would.

import type { Rng } from '../random.js';
import type { ControlEvent, NoteEvent } from '../types.js';

/** GM's default bend range is ±2 semitones over ±8192: a whole-step bend starts at the bottom. */
const WHOLE_STEP = -8192;
const HALF_STEP = -4096;
/** Vibrato depth: about a quarter tone either side, as a guitarist's wide blues vibrato. */
const VIBRATO_DEPTH = 1100;

/**
 * Instruments whose players bend pitch: guitars (GM 24–31), harmonica (22), trumpet and trombone
 * (56–57), saxophones (64–67). A piano, organ or vibraphone lead cannot, so its notes stay unbent.
 */
export function bendsOnInstrument(program: number): boolean {
  return (
    (program >= 24 && program <= 31) ||
    program === 22 ||
    program === 56 ||
    program === 57 ||
    (program >= 64 && program <= 67)
  );
}

/**
 * Bends into the lead's held notes (an eighth or longer at `beatTicks` per beat): a whole step up
 * into most, a half step (the blue-note smear) into the rest, over about a sixteenth, and finger
 * vibrato on notes a beat or longer once the bend has settled. Every bend returns to 0 before the
 * next note starts, so short notes between them sound at pitch.
 */
export function bendLead(notes: readonly NoteEvent[], beatTicks: number, rng: Rng): ControlEvent[] {
  const controls: ControlEvent[] = [];
  const rampTicks = Math.round(beatTicks / 4);
  const sorted = [...notes].sort((a, b) => a.startTick - b.startTick);
  sorted.forEach((note, i) => {
    const next = sorted[i + 1];
    const endTick = Math.min(
      note.startTick + note.durationTicks,
      next?.startTick ?? Number.POSITIVE_INFINITY,
    );
    if (endTick - note.startTick < beatTicks / 2) return;
    if (!rng.chance(0.7)) return;
    const from = rng.chance(0.65) ? WHOLE_STEP : HALF_STEP;
    // the string rises fast and slows into the pitch, as a bend does under the finger
    for (const [share, left] of [
      [0, 1],
      [0.35, 0.45],
      [0.7, 0.15],
      [1, 0],
    ] as const) {
      controls.push({
        tick: note.startTick + Math.round(share * rampTicks),
        type: 'pitchBend',
        value: Math.round(from * left),
      });
    }
    const heldTicks = endTick - note.startTick - rampTicks;
    if (heldTicks >= beatTicks / 2) {
      // vibrato: a sine of about 5 Hz at blues tempos (a cycle a third of a beat at 90 bpm), in
      // eight steps a cycle
      const cycleTicks = Math.max(48, Math.round(beatTicks / 3));
      const stepTicks = cycleTicks / 8;
      for (let t = stepTicks, k = 1; t < heldTicks - stepTicks; t += stepTicks, k++)
        controls.push({
          tick: note.startTick + rampTicks + Math.round(t),
          type: 'pitchBend',
          value: Math.round(VIBRATO_DEPTH * Math.sin((k * Math.PI) / 4)),
        });
      controls.push({ tick: endTick - 10, type: 'pitchBend', value: 0 });
    }
  });
  return controls;
}
