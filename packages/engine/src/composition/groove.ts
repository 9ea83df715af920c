// Feel applied after the notes are written: swing moves off-beats late, humanisation nudges
// acoustic players off the grid (MUSIC.md "Mix": velocity ±8, timing ±10 ms).
import type { Rng } from '../random.js';
import { type NoteEvent, PPQ } from '../types.js';

/** Moves a tick by swing: the second half of each pair starts at `ratio` of the pair. */
export function swingTick(tick: number, ratio: number, pairTicks: number): number {
  if (ratio === 0.5) return tick;
  const pairStart = Math.floor(tick / pairTicks) * pairTicks;
  const position = tick - pairStart;
  const half = pairTicks / 2;
  const swung =
    position < half
      ? (position / half) * ratio * pairTicks
      : ratio * pairTicks + ((position - half) / half) * (1 - ratio) * pairTicks;
  return pairStart + Math.round(swung);
}

/** Applies swing to every note's start and end. */
export function applySwing(notes: NoteEvent[], ratio: number, pairTicks: number): NoteEvent[] {
  if (ratio === 0.5) return notes;
  return notes.map((note) => {
    const startTick = swingTick(note.startTick, ratio, pairTicks);
    const endTick = swingTick(note.startTick + note.durationTicks, ratio, pairTicks);
    return { ...note, startTick, durationTicks: Math.max(1, endTick - startTick) };
  });
}

/** Randomises onsets (±10 ms, note ends stay put) and velocity (±8), never before tick 0. */
export function humanize(notes: NoteEvent[], bpm: number, rng: Rng): NoteEvent[] {
  const maxShiftTicks = Math.max(1, Math.round((0.01 * bpm * PPQ) / 60));
  return notes.map((note) => {
    const shift = note.startTick === 0 ? 0 : rng.int(-maxShiftTicks, maxShiftTicks);
    return {
      startTick: Math.max(0, note.startTick + shift),
      durationTicks: Math.max(1, note.durationTicks - shift),
      pitch: note.pitch,
      velocity: Math.max(1, Math.min(127, note.velocity + rng.int(-8, 8))),
    };
  });
}

/** Below this tempo players lean on the beat and play what falls between beats softer. */
export const SLOW_FEEL_BELOW_BPM = 85;
/** Velocity scale for notes between the beats at a slow tempo. */
const BETWEEN_BEATS_VELOCITY = 0.5;

/** GM kick and snare notes: a drum groove's between-beat kicks and snares are its syncopation. */
const KICK_AND_SNARE = new Set([35, 36, 37, 38, 39, 40]);

/**
 * Below this tempo the double tempo (≤ 144) sits where beat trackers look first (their prior peaks
 * near 120 bpm), so any eighth-note motion is taken for the beat: a 60 bpm ballad was heard at 119
 * and a 66 bpm lo-fi beat at 132. There everything between the beats leans much further back.
 */
export const VERY_SLOW_FEEL_BELOW_BPM = 72;
/** Velocity scales between the beats below VERY_SLOW_FEEL_BELOW_BPM: accompaniment, the lead
 * (its phrasing stays, its off-beat notes no longer speak as loud as the beat), kick and snare. */
const VERY_SLOW_BETWEEN_BEATS = { part: 0.3, lead: 0.6, kickAndSnare: 0.55 } as const;

/**
 * At slow tempos, softens every note that starts between beats, so the beat stays the pulse: a
 * 72 bpm one-drop with eighth-note bass, organ and hats as loud as the beat was heard at 144.
 * On a drum part only cymbals and hand percussion lean; kicks and snares keep their accents.
 * The caller leaves the lead's phrasing alone.
 */
export function leanOnTheBeat(
  notes: NoteEvent[],
  bpm: number,
  beatTicks: number,
  isDrums: boolean,
  isLead = false,
): NoteEvent[] {
  if (bpm >= SLOW_FEEL_BELOW_BPM) return notes;
  const verySlow = bpm < VERY_SLOW_FEEL_BELOW_BPM;
  if (isLead && !verySlow) return notes;
  const scaleFor = (note: NoteEvent): number => {
    if (!verySlow) return isDrums && KICK_AND_SNARE.has(note.pitch) ? 1 : BETWEEN_BEATS_VELOCITY;
    if (isLead) return VERY_SLOW_BETWEEN_BEATS.lead;
    return isDrums && KICK_AND_SNARE.has(note.pitch)
      ? VERY_SLOW_BETWEEN_BEATS.kickAndSnare
      : VERY_SLOW_BETWEEN_BEATS.part;
  };
  return notes.map((note) => {
    if (note.startTick % beatTicks === 0) return note;
    const scale = scaleFor(note);
    return scale === 1 ? note : { ...note, velocity: Math.max(1, Math.round(note.velocity * scale)) };
  });
}
