// An 808-style sine sub under a trap bass part: GM banks have no long, gliding sub, so it is
// synthesised here. Notes are synthesised whole, in start order, as rendering reaches them, so the
// layer streams with the rest of the mix and never depends on chunk boundaries.
import type { Composition, Part } from '../types.js';
import { createTickToSample } from './schedule.js';

const ATTACK_SECONDS = 0.004;
const DECAY_SECONDS = 1.6;
const RELEASE_SECONDS = 0.06;
const MAX_SUB_HZ = 100;
const DRIVE = 1.8;
const WAVE_SIZE = 2048;
/** One cycle of the softly saturated sine, tanh(drive·sin), normalised to ±1; one guard point for interpolation. */
const WAVE = Float32Array.from(
  { length: WAVE_SIZE + 1 },
  (_, index) => Math.tanh(DRIVE * Math.sin((2 * Math.PI * index) / WAVE_SIZE)) / Math.tanh(DRIVE),
);

/** Adds an 808 sub for a part, range by range in order. */
export interface SubBassLayer {
  addRange(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    fromSample: number,
    sampleCount: number,
  ): void;
}

/** Creates the sub layer for one part of a composition. */
export function createSubBassLayer(
  part: Part,
  composition: Composition,
  sampleRate: number,
  totalSamples: number,
): SubBassLayer {
  const toSample = createTickToSample(composition, sampleRate);
  const notes = [...part.notes].sort((a, b) => a.startTick - b.startTick);
  const bends = part.controls
    .filter((control) => control.type === 'pitchBend')
    .map((control) => ({ sample: toSample(control.tick), semitones: (control.value / 8192) * 2 }))
    .sort((a, b) => a.sample - b.sample);
  const layer = new Float32Array(totalSamples);
  const levelGain = 0.45 * (part.volume / 127) ** 2;
  let nextNote = 0;

  /** The bend in force at a sample: binary search for the last bend at or before it. */
  const bendAt = (sample: number): number => {
    let low = 0;
    let high = bends.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((bends[middle] as (typeof bends)[number]).sample <= sample) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? 0 : (bends[low - 1] as (typeof bends)[number]).semitones;
  };

  const synthesiseNote = (index: number): void => {
    const note = notes[index];
    if (!note) return;
    const startSample = toSample(note.startTick);
    const nextStart = notes[index + 1] ? toSample((notes[index + 1] as typeof note).startTick) : totalSamples;
    const endSample = Math.min(toSample(note.startTick + note.durationTicks), nextStart);
    let baseHz = 440 * 2 ** ((note.pitch - 69) / 12);
    while (baseHz > MAX_SUB_HZ) baseHz /= 2;
    const peak = levelGain * (note.velocity / 127);
    const attackSamples = ATTACK_SECONDS * sampleRate;
    const decayPerSample = Math.exp(-1 / (DECAY_SECONDS * sampleRate));
    const releasePerSample = Math.exp(-1 / (RELEASE_SECONDS * sampleRate));
    // The sub stops where the next note starts (808s are monophonic), with a short release to avoid a click.
    const stopSample = Math.min(
      totalSamples,
      Math.max(endSample, startSample + 1) + Math.round(RELEASE_SECONDS * 5 * sampleRate),
    );
    let phase = 0;
    let decay = 1;
    let release = 1;
    let hz = baseHz * 2 ** (bendAt(startSample) / 12);
    for (let s = startSample; s < stopSample; s++) {
      const elapsed = s - startSample;
      if ((elapsed & 63) === 0) hz = baseHz * 2 ** (bendAt(s) / 12);
      const attack = elapsed < attackSamples ? elapsed / attackSamples : 1;
      decay *= decayPerSample;
      if (s >= endSample) release *= releasePerSample;
      const envelope = attack * (0.35 + 0.65 * decay) * release;
      const position = phase * WAVE_SIZE;
      const index = position | 0;
      const wave =
        (WAVE[index] as number) +
        ((WAVE[index + 1] as number) - (WAVE[index] as number)) * (position - index);
      layer[s] = (layer[s] as number) + wave * peak * envelope;
      phase += hz / sampleRate;
      if (phase >= 1) phase -= 1;
    }
  };

  return {
    addRange(left, right, offset, fromSample, sampleCount) {
      const endSample = fromSample + sampleCount;
      while (
        nextNote < notes.length &&
        toSample((notes[nextNote] as (typeof notes)[number]).startTick) < endSample
      ) {
        synthesiseNote(nextNote);
        nextNote++;
      }
      for (let i = 0; i < sampleCount; i++) {
        const value = layer[fromSample + i] as number;
        left[offset + i] = (left[offset + i] as number) + value;
        right[offset + i] = (right[offset + i] as number) + value;
      }
    },
  };
}
