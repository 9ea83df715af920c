// The boom-bap kit for lo-fi hip hop: the drums of a sampled break as an MPC would play them, not
// a General MIDI room kit. A punchy kick (a sine body with a knock and a beater click, driven into
// saturation and rolled off above ~2.5 kHz as a hit lifted from vinyl is), a cracking snare (a
// short tuned body under band-passed noise with a small room tail, saturated), a rim and dusty
// closed and open hats (noise and metal partials, band-limited). Each hit is rendered once per
// pitch at unit velocity and copied (synth-part.ts); toms, crashes and percussion stay on the kit.
import { hashString } from '../../random.js';
import { createNoise, StateVariableFilter, squareBlep } from './dsp.js';

const KICKS = new Set([35, 36]);
const SNARES = new Set([38, 40]);
const RIM = 37;
const CLOSED_HATS = new Set([42, 44]);
const OPEN_HAT = 46;
/** Partials of the hats' metal (Hz): a cymbal's inharmonic cluster, darker than the TR-808's. */
const METAL_HZ = [317, 421, 563, 719, 853, 1117];

/** Whether the boom-bap kit plays this GM drum note (the rest stay on the SoundFont kit). */
export function isBoomBapDrum(pitch: number): boolean {
  return (
    KICKS.has(pitch) || SNARES.has(pitch) || pitch === RIM || CLOSED_HATS.has(pitch) || pitch === OPEN_HAT
  );
}

/** A one-pole low-pass run over a buffer in place: the roll-off of a resampled hit. */
function rollOff(buffer: Float32Array, cutoffHz: number, sampleRate: number): void {
  const coefficient = 1 - Math.exp((-2 * Math.PI * cutoffHz) / sampleRate);
  let state = 0;
  for (let s = 0; s < buffer.length; s++) {
    state += coefficient * ((buffer[s] as number) - state);
    buffer[s] = state;
  }
}

function kick(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.38 * sampleRate);
  const out = new Float32Array(length);
  const beater = new StateVariableFilter(sampleRate);
  beater.set(2600, 0.4);
  let bodyPhase = 0;
  let knockPhase = 0;
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    // a 50 Hz body that starts near 120 Hz: rounder and shorter than the 808's boom
    bodyPhase += (50 + 70 * Math.exp(-t / 0.03)) / sampleRate;
    // the "knock" of a miked kick's shell, an octave and a half up, gone in ~40 ms
    knockPhase += (150 * (1 + 0.6 * Math.exp(-t / 0.012))) / sampleRate;
    const attack = Math.min(1, s / (0.0008 * sampleRate));
    const body = Math.sin(2 * Math.PI * bodyPhase) * Math.exp(-t / 0.2) * attack;
    const knock = 0.55 * Math.sin(2 * Math.PI * knockPhase) * Math.exp(-t / 0.035) * attack;
    beater.process(noise());
    const click = 0.5 * beater.band * Math.exp(-t / 0.005);
    // driven hard: the flattened, compressed punch of a kick sampled hot into an MPC
    out[s] = Math.tanh(3 * (body + knock + click)) / Math.tanh(3);
  }
  rollOff(out, 2500, sampleRate);
  return out;
}

function snare(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.42 * sampleRate);
  const out = new Float32Array(length);
  const crack = new StateVariableFilter(sampleRate);
  crack.set(2100, 0.35);
  const room = new StateVariableFilter(sampleRate);
  room.set(1300, 0.2);
  let phaseLow = 0;
  let phaseHigh = 0;
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    phaseLow += (200 * (1 + 0.5 * Math.exp(-t / 0.008))) / sampleRate;
    phaseHigh += 345 / sampleRate;
    const body =
      (0.7 * Math.sin(2 * Math.PI * phaseLow) + 0.3 * Math.sin(2 * Math.PI * phaseHigh)) *
      Math.exp(-t / 0.05);
    const white = noise();
    crack.process(white);
    room.process(white);
    // the crack: bright noise that jumps out and falls within ~100 ms, then a darker room tail
    const wires = (crack.band + 0.6 * crack.high) * Math.exp(-t / 0.07);
    const tail = 0.35 * room.band * Math.exp(-t / 0.16);
    const attack = Math.min(1, s / (0.0005 * sampleRate));
    out[s] = (Math.tanh(2.4 * (0.8 * body + 1.1 * wires + tail)) / Math.tanh(2.4)) * attack;
  }
  rollOff(out, 7500, sampleRate);
  return out;
}

function rim(sampleRate: number, noise: () => number): Float32Array {
  const length = Math.round(0.08 * sampleRate);
  const out = new Float32Array(length);
  const filter = new StateVariableFilter(sampleRate);
  filter.set(1800, 0.6);
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    const tone =
      (0.6 * Math.sin(2 * Math.PI * 1450 * t) + 0.5 * Math.sin(2 * Math.PI * 420 * t)) * Math.exp(-t / 0.014);
    filter.process(noise() * Math.exp(-t / 0.005));
    out[s] = 0.8 * tone + 1.1 * filter.band;
  }
  rollOff(out, 6000, sampleRate);
  return out;
}

function hat(sampleRate: number, noise: () => number, decaySeconds: number): Float32Array {
  const length = Math.round(Math.min(1, decaySeconds * 6) * sampleRate);
  const out = new Float32Array(length);
  const highPass = new StateVariableFilter(sampleRate);
  highPass.set(6200, 0.25);
  const phases = METAL_HZ.map((_, index) => index / METAL_HZ.length);
  const steps = METAL_HZ.map((hz) => (hz * 2.3) / sampleRate);
  for (let s = 0; s < length; s++) {
    const t = s / sampleRate;
    let metal = 0;
    for (let i = 0; i < phases.length; i++) {
      metal += squareBlep(phases[i] as number, steps[i] as number);
      const next = (phases[i] as number) + (steps[i] as number);
      phases[i] = next >= 1 ? next - 1 : next;
    }
    highPass.process(0.35 * (metal / 6) + 0.8 * noise());
    const envelope = Math.exp(-t / decaySeconds) * Math.min(1, s / (0.0008 * sampleRate));
    out[s] = highPass.high * envelope;
  }
  // dusty: a sampled hat has lost its top octave
  rollOff(out, 10500, sampleRate);
  return out;
}

/** Level of each hit against the others: kick and snare in front, as a boom-bap mix has them. */
const LEVELS = { kick: 1.45, snare: 1.0, rim: 0.5, closedHat: 0.42, openHat: 0.32 };
/** The kit's overall level, set so its stem sits about 2 dB above the GM room kit it replaces. */
const KIT_GAIN = 0.4;

/** Renders one boom-bap hit of a GM drum note at unit velocity (mono), or undefined when not in the kit. */
export function renderBoomBapHit(pitch: number, sampleRate: number): Float32Array | undefined {
  // each drum has its own noise, so a hit never depends on which others were rendered first
  const noise = createNoise(hashString(`boom-bap-${pitch}`));
  let hit: Float32Array | undefined;
  let level = 1;
  if (KICKS.has(pitch)) [hit, level] = [kick(sampleRate, noise), LEVELS.kick];
  else if (SNARES.has(pitch)) [hit, level] = [snare(sampleRate, noise), LEVELS.snare];
  else if (pitch === RIM) [hit, level] = [rim(sampleRate, noise), LEVELS.rim];
  else if (CLOSED_HATS.has(pitch)) [hit, level] = [hat(sampleRate, noise, 0.032), LEVELS.closedHat];
  else if (pitch === OPEN_HAT) [hit, level] = [hat(sampleRate, noise, 0.18), LEVELS.openHat];
  if (!hit) return undefined;
  for (let s = 0; s < hit.length; s++) hit[s] = (hit[s] as number) * level * KIT_GAIN;
  return hit;
}
