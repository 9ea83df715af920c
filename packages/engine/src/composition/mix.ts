// Mix per part (MUSIC.md "Mix"): kick, bass, lead and snare centred; guitars and keys spread
// left and right; pads wide with generous reverb; little reverb on bass and drums.
import type { PartRole } from '../types.js';

/** Channel volume, pan and effect sends for one part. */
export interface PartMix {
  volume: number;
  pan: number;
  reverbSend: number;
  chorusSend: number;
}

const ROLE_MIX: Record<PartRole, PartMix> = {
  drums: { volume: 100, pan: 0, reverbSend: 18, chorusSend: 0 },
  bass: { volume: 104, pan: 0, reverbSend: 8, chorusSend: 0 },
  lead: { volume: 98, pan: 0, reverbSend: 55, chorusSend: 12 },
  counter: { volume: 80, pan: 0.3, reverbSend: 50, chorusSend: 15 },
  chords: { volume: 84, pan: -0.35, reverbSend: 40, chorusSend: 20 },
  pad: { volume: 72, pan: 0, reverbSend: 85, chorusSend: 60 },
  arp: { volume: 76, pan: 0.4, reverbSend: 50, chorusSend: 25 },
  percussion: { volume: 78, pan: 0.3, reverbSend: 25, chorusSend: 0 },
};

// Alternate sides so two guitars or keyboards do not sit on top of each other.
const SPREAD = [1, -1, 0.6, -0.6];

/** Energy (the brief's arousal) inside which the mix is the roles' own. */
const STEADY_ENERGY = { low: 0.35, high: 0.7 } as const;
/** Channel volume steps per unit of energy beyond the steady band: drums forward, beds back. */
const DRUMS_VOLUME_PER_ENERGY = 70;
const BED_VOLUME_PER_ENERGY = 30;

/**
 * The mix for the n-th part of a role (n counts from 0) at the brief's energy and the genre's balance. An energetic prompt
 * ("epic", "huge drums", "driving") brings drums and percussion forward and sustained beds back, so
 * its hits are heard through the orchestra after mastering evens loudness out; a calm one the reverse.
 */
export function mixFor(
  role: PartRole,
  indexInRole: number,
  energy = 0.5,
  volumeStepsByRole: Partial<Record<PartRole, number>> = {},
): PartMix {
  const mix = { ...ROLE_MIX[role] };
  // the genre's own balance (its record's mix): hip hop's drums in front of its keys
  mix.volume += volumeStepsByRole[role] ?? 0;
  if (mix.pan !== 0) mix.pan = Math.round(mix.pan * SPREAD[indexInRole % SPREAD.length]! * 100) / 100;
  const beyond =
    energy > STEADY_ENERGY.high
      ? energy - STEADY_ENERGY.high
      : energy < STEADY_ENERGY.low
        ? energy - STEADY_ENERGY.low
        : 0;
  if (role === 'drums' || role === 'percussion') mix.volume += Math.round(beyond * DRUMS_VOLUME_PER_ENERGY);
  if (role === 'pad' || role === 'chords' || role === 'arp')
    mix.volume -= Math.round(beyond * BED_VOLUME_PER_ENERGY);
  mix.volume = Math.max(1, Math.min(127, mix.volume));
  return mix;
}
