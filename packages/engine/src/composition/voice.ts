// A marketplace voice performing the lead: its articulation shapes the note lengths and its
// vibrato arrives as modulation after each attack, the way a singer settles into a note.
import { type ControlEvent, type NoteEvent, PPQ, type VoiceSpec } from '../types.js';
import type { PitchRange } from './melody.js';

const LEGATO_OVERLAP_TICKS = 30;

/** The lead's range inside the voice's range, at most an octave and a fifth wide. */
export function leadRange(centrePitch: number, voice?: VoiceSpec): PitchRange {
  const span = 19;
  if (!voice) return { lowPitch: centrePitch - 9, highPitch: centrePitch + 10 };
  const low = Math.min(voice.lowPitch, voice.highPitch);
  const high = Math.max(voice.lowPitch, voice.highPitch);
  if (high - low <= span) return { lowPitch: low, highPitch: high };
  const centre = Math.max(low + 9, Math.min(high - 10, centrePitch));
  return { lowPitch: centre - 9, highPitch: centre + 10 };
}

/** Reshapes note lengths by articulation, keeps pitches in range and adds vibrato controls. */
export function performWithVoice(
  notes: NoteEvent[],
  voice: VoiceSpec,
  bpm: number,
): { notes: NoteEvent[]; controls: ControlEvent[] } {
  const range = leadRange(0, voice);
  const shaped = notes.map((note, i) => {
    let pitch = note.pitch;
    while (pitch < range.lowPitch) pitch += 12;
    while (pitch > range.highPitch) pitch -= 12;
    pitch = Math.max(range.lowPitch, pitch);
    let durationTicks = note.durationTicks;
    const next = notes[i + 1];
    if (voice.articulation === 'staccato') durationTicks = Math.max(30, Math.round(durationTicks * 0.5));
    if (
      voice.articulation === 'legato' &&
      next &&
      next.startTick - (note.startTick + note.durationTicks) < PPQ / 2
    ) {
      durationTicks = next.startTick - note.startTick + LEGATO_OVERLAP_TICKS;
    }
    return { ...note, pitch, durationTicks };
  });
  const controls: ControlEvent[] = [];
  const depth = Math.max(0, Math.min(127, Math.round((voice.vibratoDepthCents * 127) / 100)));
  const delayTicks = Math.round((0.18 * bpm * PPQ) / 60);
  if (depth > 0) {
    for (const note of shaped) {
      if (note.durationTicks < delayTicks * 2) continue;
      const onset = note.startTick + delayTicks;
      controls.push({ tick: note.startTick, type: 'modulation', value: 0 });
      controls.push({ tick: onset, type: 'modulation', value: Math.round(depth / 2) });
      controls.push({ tick: onset + Math.round(delayTicks / 2), type: 'modulation', value: depth });
    }
  }
  return { notes: shaped, controls };
}
