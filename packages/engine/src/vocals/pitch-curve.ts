// The pitch a phrase is sung at, moment by moment (MIDI, fractional). Sung: each note's pitch,
// a glide into it that is mostly done before the beat (the consonant covers it), vibrato that
// grows in on long notes. Rap: a speech contour around the singer's speaking pitch — stressed
// syllables up, the line drifting down and falling at its end — timed by the notes.
import type { PhrasePlan } from './vocal-plan.js';

/** Glide between notes: starts this long before the next note and ends this long after it. */
export const GLIDE_BEFORE_SECONDS = 0.035;
export const GLIDE_AFTER_SECONDS = 0.03;
/** Notes shorter than this get no vibrato; on longer ones it fades in after the onset. */
const VIBRATO_MIN_NOTE_SECONDS = 0.35;
const VIBRATO_DELAY_SECONDS = 0.15;
const VIBRATO_FADE_SECONDS = 0.25;
/** Notes further apart than this are separate gestures: no glide between them. */
const GLIDE_MAX_GAP_SECONDS = 0.25;

export interface PitchCurveOptions {
  vibratoDepthCents: number;
  vibratoRateHz: number;
}

/** Target pitch (without vibrato) of each note of the plan, sung or rapped. */
function noteTargets(plan: PhrasePlan): number[] {
  if (plan.delivery === 'sung') return plan.notes.map((note) => note.midi);
  const count = plan.notes.length;
  return plan.notes.map((note, index) => {
    const progress = count > 1 ? index / (count - 1) : 0;
    const stressLift = note.stress === 1 ? 2.5 : note.stress === 2 ? 1 : 0;
    return plan.speechMidi + stressLift - 2.5 * progress;
  });
}

/** Returns a function from time (seconds) to pitch (MIDI) for the plan. */
export function createPitchCurve(
  plan: PhrasePlan,
  options: PitchCurveOptions,
): (timeSeconds: number) => number {
  const targets = noteTargets(plan);
  const notes = plan.notes;
  const rap = plan.delivery === 'rap';
  return (timeSeconds: number): number => {
    if (notes.length === 0) return 60;
    // The note in force: the last one whose glide has begun.
    let index = 0;
    for (let i = 0; i < notes.length; i++) {
      if (notes[i]!.startSeconds - GLIDE_BEFORE_SECONDS <= timeSeconds) index = i;
      else break;
    }
    const note = notes[index]!;
    let midi = targets[index]!;
    const previous = notes[index - 1];
    const glideStart = note.startSeconds - GLIDE_BEFORE_SECONDS;
    const glideEnd = note.startSeconds + GLIDE_AFTER_SECONDS;
    if (
      previous &&
      note.startSeconds - previous.endSeconds < GLIDE_MAX_GAP_SECONDS &&
      timeSeconds < glideEnd
    ) {
      const position = Math.min(Math.max((timeSeconds - glideStart) / (glideEnd - glideStart), 0), 1);
      const eased = 0.5 - 0.5 * Math.cos(Math.PI * position);
      midi = targets[index - 1]! + (midi - targets[index - 1]!) * eased;
    }
    const noteLength = note.endSeconds - note.startSeconds;
    if (rap) {
      // Each spoken syllable falls a little; the last one of the line falls further.
      const into = Math.max(0, timeSeconds - note.startSeconds);
      const fall = index === notes.length - 1 ? 4 : 1.2;
      midi -= fall * Math.min(into / Math.max(noteLength, 0.08), 1.5);
      return midi;
    }
    if (noteLength >= VIBRATO_MIN_NOTE_SECONDS) {
      const into = timeSeconds - note.startSeconds - VIBRATO_DELAY_SECONDS;
      if (into > 0) {
        const depth = (options.vibratoDepthCents / 100) * Math.min(into / VIBRATO_FADE_SECONDS, 1);
        midi += depth * Math.sin(2 * Math.PI * options.vibratoRateHz * into);
      }
    }
    return midi;
  };
}
