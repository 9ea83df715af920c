// A synthesised drum machine for the dance genres: kick (a sine with a fast pitch drop and a
// click), snare (two tones and filtered noise), clap (three quick noise bursts and a tail), rim,
// closed and open hats (six detuned squares through a high-pass, as the TR-808 made them) and
// toms. Each hit is rendered once per pitch at unit velocity and copied (synth-part.ts).
// Cymbals and hand percussion stay on the SoundFont kit, which samples them better than a
// few oscillators could.
import { hashString } from '../../random.js';
import { createNoise, StateVariableFilter, squareBlep } from './dsp.js';

const KICKS = new Set([35, 36]);
const SNARES = new Set([38, 40]);
const CLAP = 39;
const RIM = 37;
const CLOSED_HATS = new Set([42, 44]);
const OPEN_HAT = 46;
/** GM low floor tom 41 … high tom 50, each with the pitch a drum machine tunes it to. */
const TOM_HZ: Record<number, number> = { 41: 70, 43: 85, 45: 100, 47: 120, 48: 140, 50: 165 };
/** The TR-808's six cymbal oscillators (Hz). */
const METAL_HZ = [205.3, 304.4, 369.6, 522.7, 540, 800];

/** Whether the drum machine plays this GM drum note (the rest stay on the SoundFont kit). */
export function isSynthDrum(pitch: number): boolean {
  return (
    KICKS.has(pitch) ||
    SNARES.has(pitch) ||
    pitch === CLAP ||
    pitch === RIM ||
    CLOSED_HATS.has(pitch) ||
    pitch === OPEN_HAT ||
    TOM_HZ[pitch] !== undefined
  );
}

function kick(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.45 * sampleRate);
  const out = new Float32Array(length);
  let phase = 0;
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    // 55 Hz body with a drop from ~200 Hz in the first tens of milliseconds: the "thump"
    const hz = 55 + 150 * Math.exp(-t / 0.028);
    phase += hz / sampleRate;
    const body = Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.16) * Math.min(1, s / (0.001 * sampleRate));
    const click = t < 0.004 ? noise() * 0.35 * (1 - t / 0.004) : 0;
    out[s] = Math.tanh(1.8 * (body + click)) / Math.tanh(1.8);
  }
  return out;
}

function snare(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.32 * sampleRate);
  const out = new Float32Array(length);
  const filter = new StateVariableFilter(sampleRate);
  filter.set(4500, 0.2);
  let phaseLow = 0;
  let phaseHigh = 0;
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    phaseLow += (185 * (1 + 0.4 * Math.exp(-t / 0.01))) / sampleRate;
    phaseHigh += 330 / sampleRate;
    const tone =
      (0.6 * Math.sin(2 * Math.PI * phaseLow) + 0.35 * Math.sin(2 * Math.PI * phaseHigh)) *
      Math.exp(-t / 0.045);
    filter.process(noise());
    const rattle = (filter.band + 0.5 * filter.high) * Math.exp(-t / 0.085);
    out[s] = 0.7 * tone + 0.9 * rattle;
  }
  return out;
}

function clap(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.4 * sampleRate);
  const out = new Float32Array(length);
  const filter = new StateVariableFilter(sampleRate);
  filter.set(1200, 0.55);
  const bursts = [0, 0.011, 0.022];
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    let envelope = 0.8 * Math.exp(-Math.max(0, t - 0.031) / 0.13) * (t >= 0.031 ? 1 : 0);
    for (const at of bursts)
      if (t >= at && t < at + 0.011) envelope = Math.max(envelope, Math.exp(-(t - at) / 0.004));
    filter.process(noise());
    out[s] = 2.2 * filter.band * envelope;
  }
  return out;
}

function rim(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.07 * sampleRate);
  const out = new Float32Array(length);
  const filter = new StateVariableFilter(sampleRate);
  filter.set(2400, 0.6);
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    const tone =
      (Math.sin(2 * Math.PI * 1700 * t) * 0.6 + Math.sin(2 * Math.PI * 480 * t) * 0.5) * Math.exp(-t / 0.012);
    filter.process(noise() * Math.exp(-t / 0.004));
    out[s] = 0.8 * tone + 1.2 * filter.band;
  }
  return out;
}

function hat(sampleRate: number, noise: () => number, decaySeconds: number): Float32Array {
  const length = Math.round(Math.min(1, decaySeconds * 6) * sampleRate);
  const out = new Float32Array(length);
  const highPass = new StateVariableFilter(sampleRate);
  highPass.set(7200, 0.3);
  const phases = METAL_HZ.map((_, index) => index / METAL_HZ.length);
  const steps = METAL_HZ.map((hz) => (hz * 1.7) / sampleRate);
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    let metal = 0;
    for (let i = 0; i < phases.length; i++) {
      metal += squareBlep(phases[i] as number, steps[i] as number);
      const next = (phases[i] as number) + (steps[i] as number);
      phases[i] = next >= 1 ? next - 1 : next;
    }
    highPass.process(metal / 6 + 0.6 * noise());
    const envelope = Math.exp(-t / decaySeconds) * Math.min(1, s / (0.0005 * sampleRate));
    out[s] = 0.8 * highPass.high * envelope;
  }
  return out;
}

function tom(sampleRate: number, hz: number): Float32Array {
  const length = Math.round(0.5 * sampleRate);
  const out = new Float32Array(length);
  let phase = 0;
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    phase += (hz * (1 + 0.5 * Math.exp(-t / 0.03))) / sampleRate;
    out[s] = Math.sin(2 * Math.PI * phase) * Math.exp(-t / 0.16) * Math.min(1, s / (0.001 * sampleRate));
  }
  return out;
}

/** Level of each hit against the others, set by ear against the genre's kit balance. */
const LEVELS = { kick: 1.25, snare: 0.55, clap: 0.5, rim: 0.45, closedHat: 0.6, openHat: 0.45, tom: 0.6 };
/** The kit's overall level, set so its stem sits within ~1 dB of the GM electronic kit it replaces. */
const KIT_GAIN = 0.2;

/** Renders one hit of a GM drum note at unit velocity (mono), or undefined when not a synth drum. */
export function renderDrumHit(pitch: number, sampleRate: number): Float32Array | undefined {
  // each drum has its own noise, so a hit never depends on which others were rendered first
  const noise = createNoise(hashString(`drum-${pitch}`));
  let hit: Float32Array | undefined;
  let level = 1;
  if (KICKS.has(pitch)) [hit, level] = [kick(sampleRate, noise), LEVELS.kick];
  else if (SNARES.has(pitch)) [hit, level] = [snare(sampleRate, noise), LEVELS.snare];
  else if (pitch === CLAP) [hit, level] = [clap(sampleRate, noise), LEVELS.clap];
  else if (pitch === RIM) [hit, level] = [rim(sampleRate, noise), LEVELS.rim];
  else if (CLOSED_HATS.has(pitch)) [hit, level] = [hat(sampleRate, noise, 0.028), LEVELS.closedHat];
  else if (pitch === OPEN_HAT) [hit, level] = [hat(sampleRate, noise, 0.16), LEVELS.openHat];
  else if (TOM_HZ[pitch] !== undefined) [hit, level] = [tom(sampleRate, TOM_HZ[pitch] as number), LEVELS.tom];
  if (!hit) return undefined;
  for (let s = 0; s < hit.length; s++) hit[s] = (hit[s] as number) * level * KIT_GAIN;
  return hit;
}
