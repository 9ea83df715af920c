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

/** The mix for the n-th part of a role (n counts from 0). */
export function mixFor(role: PartRole, indexInRole: number): PartMix {
  const mix = { ...ROLE_MIX[role] };
  if (mix.pan !== 0) mix.pan = Math.round(mix.pan * SPREAD[indexInRole % SPREAD.length]! * 100) / 100;
  return mix;
}
