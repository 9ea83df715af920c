// Sidechain ducking: a part dips under each kick of the drum part and swells back before the
// next beat, the "pumping" of house and techno pads and basses. The gain is a pure function of the
// sample and the score's kicks (not of the rendered kick), so each part can still render alone,
// in any thread and any chunk size, and its stem carries the ducking the mix has.
import type { Composition } from '../../types.js';
import type { PartEffect } from '../part-effect.js';
import { createTickToSample } from '../schedule.js';

const KICK_NOTES = new Set([35, 36]);
/** The dip is reached this quickly after a kick starts. */
const DUCK_ATTACK_SECONDS = 0.005;
/** The gain is fully back this far into the beat. */
const DUCK_RECOVERY_BEATS = 0.7;

/** Applies a part's ducking, range by range (in any order). */
export interface Sidechain extends PartEffect {
  /** The gain at a sample (1 = untouched). */
  gainAt(sample: number): number;
}

/** The kick onsets of a composition's drum kit parts, in samples, sorted. */
export function kickSamples(composition: Composition, sampleRate: number): number[] {
  const toSample = createTickToSample(composition, sampleRate);
  const samples = composition.parts
    .filter((part) => part.isDrums && part.role === 'drums')
    .flatMap((part) =>
      part.notes.filter((note) => KICK_NOTES.has(note.pitch)).map((note) => toSample(note.startTick)),
    );
  return [...new Set(samples)].sort((a, b) => a - b);
}

/** Ducking by depth (0 none … 1 silence at the dip) under the composition's kicks; undefined when there is nothing to duck under. */
export function createSidechain(
  composition: Composition,
  depth: number,
  sampleRate: number,
): Sidechain | undefined {
  const kicks = kickSamples(composition, sampleRate);
  if (depth <= 0 || kicks.length === 0) return undefined;
  const attackSamples = DUCK_ATTACK_SECONDS * sampleRate;
  const recoverySamples = ((DUCK_RECOVERY_BEATS * 60) / composition.bpm) * sampleRate;
  const shape = (sinceKick: number): number => {
    if (sinceKick < attackSamples) return sinceKick / attackSamples;
    const remaining = 1 - (sinceKick - attackSamples) / recoverySamples;
    return remaining > 0 ? remaining * remaining : 0;
  };
  /** Index of the last kick at or before the sample, −1 before the first. */
  const lastKickAt = (sample: number): number => {
    let low = 0;
    let high = kicks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((kicks[middle] as number) <= sample) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  };
  const gainAt = (sample: number): number => {
    const index = lastKickAt(sample);
    return index < 0 ? 1 : 1 - depth * shape(sample - (kicks[index] as number));
  };
  return {
    gainAt,
    process(left, right, offset, fromSample, sampleCount) {
      let index = lastKickAt(fromSample);
      for (let i = 0; i < sampleCount; i++) {
        const sample = fromSample + i;
        while (index + 1 < kicks.length && (kicks[index + 1] as number) <= sample) index++;
        if (index < 0) continue;
        const gain = 1 - depth * shape(sample - (kicks[index] as number));
        left[offset + i] = (left[offset + i] as number) * gain;
        right[offset + i] = (right[offset + i] as number) * gain;
      }
    },
  };
}
