// Baroque performance practice, brought by a harpsichord in the ensemble (a minuet, a trio sonata;
// brief/ensembles.ts): terraced dynamics and ornaments. A harpsichord cannot swell, so the music of
// its time changes loudness by blocks (forte, then the phrase's echo piano) rather than by
// crescendo; and a player ornaments the melody: a trill from the upper note on the long note that
// closes a phrase (the cadential trill), a mordent on a phrase's first long note.
import type { InstrumentChoice, NoteEvent } from '../types.js';

const HARPSICHORD_PROGRAM = 6;
/** Bars per phrase: the minuet's four-bar phrases. */
const PHRASE_BARS = 4;
/** The echo phrase plays at this share of the forte's velocity (about −3 dB on the GM bank's strings). */
const PIANO_SHARE = 0.68;
/** Ornament notes are thirty-seconds. */
const ORNAMENT_TICKS = 60;

/** True when the ensemble plays in baroque practice (a harpsichord among its parts). */
export function playsBaroque(instruments: readonly InstrumentChoice[]): boolean {
  return instruments.some((i) => !i.isDrums && i.program === HARPSICHORD_PROGRAM);
}

/** Terraced dynamics: odd phrases are the even phrases' piano echo; no note crescendos inside a phrase. */
export function terraceDynamics(notes: readonly NoteEvent[], ticksPerBar: number): NoteEvent[] {
  const phraseTicks = ticksPerBar * PHRASE_BARS;
  return notes.map((note) => {
    const echo = Math.floor(note.startTick / phraseTicks) % 2 === 1;
    return echo ? { ...note, velocity: Math.max(1, Math.round(note.velocity * PIANO_SHARE)) } : note;
  });
}

/** The next scale tone above a pitch (its upper neighbour in the key). */
function upperNeighbour(pitch: number, scalePcs: readonly number[]): number {
  for (let step = 1; step <= 2; step++) if (scalePcs.includes((pitch + step) % 12)) return pitch + step;
  return pitch + 2;
}
function lowerNeighbour(pitch: number, scalePcs: readonly number[]): number {
  for (let step = 1; step <= 2; step++) if (scalePcs.includes((pitch - step + 12) % 12)) return pitch - step;
  return pitch - 2;
}

/**
 * Ornaments on a melody: a note of a beat or longer ending a phrase's last bar trills (upper note
 * first, thirty-seconds, the last quarter of it held); a beat-long note opening a phrase gets a
 * mordent (main, lower, main). Other notes are left as written.
 */
export function ornamentMelody(
  notes: readonly NoteEvent[],
  ticksPerBar: number,
  beatTicks: number,
  scalePcs: readonly number[],
): NoteEvent[] {
  const phraseTicks = ticksPerBar * PHRASE_BARS;
  const out: NoteEvent[] = [];
  for (const note of notes) {
    const inPhrase = note.startTick % phraseTicks;
    const long = note.durationTicks >= beatTicks;
    if (long && inPhrase >= phraseTicks - ticksPerBar) {
      const upper = upperNeighbour(note.pitch, scalePcs);
      const trillTicks = Math.floor((note.durationTicks * 0.75) / (2 * ORNAMENT_TICKS)) * 2 * ORNAMENT_TICKS;
      for (let t = 0; t < trillTicks; t += ORNAMENT_TICKS) {
        const onUpper = (t / ORNAMENT_TICKS) % 2 === 0;
        out.push({
          startTick: note.startTick + t,
          durationTicks: ORNAMENT_TICKS,
          pitch: onUpper ? upper : note.pitch,
          velocity: onUpper ? note.velocity : Math.max(1, note.velocity - 10),
        });
      }
      out.push({
        ...note,
        startTick: note.startTick + trillTicks,
        durationTicks: note.durationTicks - trillTicks,
      });
    } else if (long && inPhrase < beatTicks) {
      out.push({ ...note, durationTicks: ORNAMENT_TICKS });
      out.push({
        startTick: note.startTick + ORNAMENT_TICKS,
        durationTicks: ORNAMENT_TICKS,
        pitch: lowerNeighbour(note.pitch, scalePcs),
        velocity: Math.max(1, note.velocity - 10),
      });
      out.push({
        ...note,
        startTick: note.startTick + 2 * ORNAMENT_TICKS,
        durationTicks: note.durationTicks - 2 * ORNAMENT_TICKS,
      });
    } else out.push(note);
  }
  return out;
}
