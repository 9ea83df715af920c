// Pitched synth voices: subtractive patches (band-limited saws or squares, detuned unison spread
// across the stereo field, a resonant low-pass swept by its own envelope, a sub-octave and soft
// saturation) and the trap 808 (a sine with a pitch drop, a long decay and slides). Each note is
// rendered whole from its own parameters, so a note is the same wherever it falls and repeated
// notes can be rendered once and copied (synth-part.ts).
import type { SynthPatchId } from '../../types.js';
import { Adsr, type AdsrShape, pitchToHz, StateVariableFilter, sawBlep, squareBlep } from './dsp.js';

export interface SubtractivePatch {
  wave: 'saw' | 'square';
  /** Oscillators per note, detuned symmetrically around the pitch. */
  unison: number;
  /** Spread of the outermost oscillators in cents. */
  detuneCents: number;
  /** 0 all oscillators centred … 1 the outermost hard left and right. */
  stereoSpread: number;
  /** Level of a square an octave below (the body of a bass). */
  subLevel: number;
  cutoffHz: number;
  /** 0 fixed cutoff … 1 the cutoff follows the pitch fully. */
  keyTrack: number;
  /** How far the filter envelope opens the cutoff, in octaves. */
  filterEnvOctaves: number;
  resonance: number;
  amp: AdsrShape;
  filterEnv: AdsrShape;
  /** tanh drive after the filter; 0 clean. */
  drive: number;
  /** Overall level, set so the patch sits where the General MIDI program it replaces sat. */
  gain: number;
}

export const SUBTRACTIVE_PATCHES: Record<
  Exclude<SynthPatchId, 'drum-machine' | 'boom-bap-kit' | '808'>,
  SubtractivePatch
> = {
  // A resonant saw whose filter snaps open on each note: the squelch of techno basslines.
  'acid-bass': {
    wave: 'saw',
    unison: 1,
    detuneCents: 0,
    stereoSpread: 0,
    subLevel: 0,
    cutoffHz: 160,
    keyTrack: 0.3,
    filterEnvOctaves: 3.6,
    resonance: 0.72,
    amp: { attackSeconds: 0.002, decaySeconds: 0.35, sustain: 0.75, releaseSeconds: 0.05 },
    filterEnv: { attackSeconds: 0.001, decaySeconds: 0.22, sustain: 0.08, releaseSeconds: 0.05 },
    drive: 1.6,
    gain: 0.22,
  },
  // A short, round square pluck with a strong sub: house's off-beat bass.
  'pluck-bass': {
    wave: 'square',
    unison: 1,
    detuneCents: 0,
    stereoSpread: 0,
    subLevel: 0.35,
    cutoffHz: 220,
    keyTrack: 0.4,
    filterEnvOctaves: 2.6,
    resonance: 0.3,
    amp: { attackSeconds: 0.002, decaySeconds: 0.3, sustain: 0.5, releaseSeconds: 0.05 },
    filterEnv: { attackSeconds: 0.001, decaySeconds: 0.14, sustain: 0.1, releaseSeconds: 0.05 },
    drive: 1.2,
    gain: 0.22,
  },
  // Two slightly detuned saws over a sub: the driving eighth-note bass of synthwave.
  'saw-bass': {
    wave: 'saw',
    unison: 2,
    detuneCents: 9,
    stereoSpread: 0.15,
    subLevel: 0.3,
    cutoffHz: 280,
    keyTrack: 0.4,
    filterEnvOctaves: 2.2,
    resonance: 0.25,
    amp: { attackSeconds: 0.003, decaySeconds: 0.3, sustain: 0.7, releaseSeconds: 0.07 },
    filterEnv: { attackSeconds: 0.001, decaySeconds: 0.2, sustain: 0.2, releaseSeconds: 0.07 },
    drive: 1.2,
    gain: 0.27,
  },
  'saw-lead': {
    wave: 'saw',
    unison: 3,
    detuneCents: 14,
    stereoSpread: 0.45,
    subLevel: 0,
    cutoffHz: 1800,
    keyTrack: 0.6,
    filterEnvOctaves: 1.2,
    resonance: 0.22,
    amp: { attackSeconds: 0.008, decaySeconds: 0.5, sustain: 0.8, releaseSeconds: 0.16 },
    filterEnv: { attackSeconds: 0.005, decaySeconds: 0.3, sustain: 0.4, releaseSeconds: 0.16 },
    drive: 0.6,
    gain: 0.25,
  },
  // A plucky detuned chord stab whose filter closes quickly.
  'poly-stab': {
    wave: 'saw',
    unison: 3,
    detuneCents: 16,
    stereoSpread: 0.7,
    subLevel: 0,
    cutoffHz: 600,
    keyTrack: 0.5,
    filterEnvOctaves: 2.4,
    resonance: 0.35,
    amp: { attackSeconds: 0.002, decaySeconds: 0.25, sustain: 0.3, releaseSeconds: 0.14 },
    filterEnv: { attackSeconds: 0.001, decaySeconds: 0.16, sustain: 0.05, releaseSeconds: 0.14 },
    drive: 0,
    gain: 0.7,
  },
  // Five detuned saws spread wide, slow to swell and slow to fade: the supersaw pad.
  'supersaw-pad': {
    wave: 'saw',
    unison: 5,
    detuneCents: 24,
    stereoSpread: 1,
    subLevel: 0,
    cutoffHz: 800,
    keyTrack: 0.3,
    filterEnvOctaves: 0.8,
    resonance: 0.12,
    amp: { attackSeconds: 0.3, decaySeconds: 1.2, sustain: 0.85, releaseSeconds: 0.7 },
    filterEnv: { attackSeconds: 0.6, decaySeconds: 1.5, sustain: 0.5, releaseSeconds: 0.7 },
    drive: 0,
    gain: 0.16,
  },
};

/** One rendered note: stereo, from its start to the end of its release. */
export interface RenderedNote {
  left: Float32Array;
  right: Float32Array;
}

/** Longest release tail rendered after a note-off, bounding a note's buffer. */
const MAX_TAIL_SECONDS = 1.5;
/** Filter coefficients are recomputed this often: the envelope moves slowly next to the audio. */
const CONTROL_SAMPLES = 16;

/**
 * Renders one note of a subtractive patch at unit velocity, heldSamples long plus its release.
 * Oscillator phases start from the pitch, so the same note always renders the same samples.
 */
export function renderSubtractiveNote(
  patch: SubtractivePatch,
  pitch: number,
  heldSamples: number,
  sampleRate: number,
): RenderedNote {
  const tailSamples = Math.ceil(Math.min(patch.amp.releaseSeconds * 1.6, MAX_TAIL_SECONDS) * sampleRate);
  const length = heldSamples + tailSamples;
  const left = new Float32Array(length);
  const right = new Float32Array(length);
  const hz = pitchToHz(pitch);
  const count = patch.unison;
  const steps = new Float64Array(count);
  const phases = new Float64Array(count);
  const leftGains = new Float64Array(count);
  const rightGains = new Float64Array(count);
  for (let u = 0; u < count; u++) {
    // −1 … +1 across the unison; the centre oscillator (odd counts) is exactly in tune
    const position = count === 1 ? 0 : (2 * u) / (count - 1) - 1;
    steps[u] = (hz * 2 ** ((position * patch.detuneCents) / 1200)) / sampleRate;
    // spread starting phases, derived from the pitch so a note is repeatable
    phases[u] = (((pitch * 0.618034 + u * 0.381966) % 1) + 1) % 1;
    const pan = position * patch.stereoSpread;
    leftGains[u] = Math.cos(((pan + 1) * Math.PI) / 4) / Math.sqrt(count);
    rightGains[u] = Math.sin(((pan + 1) * Math.PI) / 4) / Math.sqrt(count);
  }
  const subStep = hz / 2 / sampleRate;
  let subPhase = 0;
  const stereo = patch.stereoSpread > 0;
  const filterLeft = new StateVariableFilter(sampleRate);
  const filterRight = new StateVariableFilter(sampleRate);
  const amp = new Adsr(patch.amp, sampleRate);
  const filterEnv = new Adsr(patch.filterEnv, sampleRate);
  const baseCutoff = patch.cutoffHz * (hz / 261.63) ** patch.keyTrack;
  const driveNorm = patch.drive > 0 ? 1 / Math.tanh(patch.drive) : 1;
  const wave = patch.wave === 'saw' ? sawBlep : squareBlep;
  for (let s = 0; s < length; s++) {
    if (s === heldSamples) {
      amp.release();
      filterEnv.release();
    }
    const envelope = amp.next();
    const filterLevel = filterEnv.next();
    if (s % CONTROL_SAMPLES === 0) {
      const cutoff = baseCutoff * 2 ** (patch.filterEnvOctaves * filterLevel);
      filterLeft.set(cutoff, patch.resonance);
      if (stereo) filterRight.set(cutoff, patch.resonance);
      if (amp.finished) break;
    }
    let sumLeft = 0;
    let sumRight = 0;
    for (let u = 0; u < count; u++) {
      const phase = phases[u] as number;
      const step = steps[u] as number;
      const value = wave(phase, step);
      sumLeft += value * (leftGains[u] as number);
      sumRight += value * (rightGains[u] as number);
      const nextPhase = phase + step;
      phases[u] = nextPhase >= 1 ? nextPhase - 1 : nextPhase;
    }
    if (patch.subLevel > 0) {
      const sub = squareBlep(subPhase, subStep) * patch.subLevel * Math.SQRT1_2;
      sumLeft += sub;
      sumRight += sub;
      subPhase += subStep;
      if (subPhase >= 1) subPhase -= 1;
    }
    let outLeft = filterLeft.process(sumLeft);
    let outRight = stereo ? filterRight.process(sumRight) : outLeft;
    if (patch.drive > 0) {
      outLeft = Math.tanh(outLeft * patch.drive) * driveNorm;
      outRight = stereo ? Math.tanh(outRight * patch.drive) * driveNorm : outLeft;
    }
    left[s] = outLeft * envelope * patch.gain;
    right[s] = outRight * envelope * patch.gain;
  }
  return { left, right };
}

const SUB_ATTACK_SECONDS = 0.003;
const SUB_DECAY_SECONDS = 2.2;
const SUB_RELEASE_SECONDS = 0.02;
/** The 808's thump: the pitch starts this many semitones up and falls within ~40 ms. */
const SUB_PITCH_DROP_SEMITONES = 7;
const SUB_PITCH_DROP_SECONDS = 0.012;
/** A slide takes this long to reach the new pitch (a glide of an 808 pattern, not a scoop). */
export const SUB_GLIDE_SECONDS = 0.09;
const SUB_DRIVE = 2.2;
const SUB_GAIN = 0.65;
/** The 808 is kept in its sub octave: a note above this is folded down by octaves. */
const SUB_MAX_HZ = 110;

/** The frequency an 808 plays a pitch at (folded down into the sub octave). */
export function subHzFor(pitch: number): number {
  let hz = pitchToHz(pitch);
  while (hz > SUB_MAX_HZ) hz /= 2;
  return hz;
}

/**
 * Renders one 808 note (mono, into both channels): a saturated sine with a short pitch drop on the
 * attack, a long decay and, when slideFromPitch is given, a glide from that pitch into this one in
 * place of the drop (a slide does not re-strike the drum).
 */
export function render808Note(
  pitch: number,
  heldSamples: number,
  sampleRate: number,
  slideFromPitch?: number,
): RenderedNote {
  const tailSamples = Math.ceil(SUB_RELEASE_SECONDS * 6 * sampleRate);
  const length = heldSamples + tailSamples;
  const out = new Float32Array(length);
  const targetHz = subHzFor(pitch);
  const fromHz = slideFromPitch === undefined ? targetHz : subHzFor(slideFromPitch);
  // both ends are in the sub octave, so a slide never spans more than an octave
  const slideRatio = fromHz / targetHz;
  const glideSamples = SUB_GLIDE_SECONDS * sampleRate;
  const dropCoefficient = Math.exp(-1 / (SUB_PITCH_DROP_SECONDS * sampleRate));
  const decayCoefficient = Math.exp(-1 / (SUB_DECAY_SECONDS * sampleRate));
  const releaseCoefficient = Math.exp(-1 / (SUB_RELEASE_SECONDS * sampleRate));
  const attackSamples = (slideFromPitch === undefined ? SUB_ATTACK_SECONDS : 0.001) * sampleRate;
  const driveNorm = 1 / Math.tanh(SUB_DRIVE);
  let drop = slideFromPitch === undefined ? 1 : 0;
  let decay = 1;
  let release = 1;
  let phase = 0;
  for (let s = 0; s < length; s++) {
    let hz = targetHz;
    if (slideFromPitch !== undefined && s < glideSamples) {
      // equal steps in pitch (log frequency), eased out: a slide settles into the note
      const progress = s / glideSamples;
      const eased = 1 - (1 - progress) * (1 - progress);
      hz = targetHz * slideRatio ** (1 - eased);
    }
    hz *= 2 ** ((SUB_PITCH_DROP_SEMITONES * drop) / 12);
    drop *= dropCoefficient;
    decay *= decayCoefficient;
    if (s >= heldSamples) release *= releaseCoefficient;
    const attack = s < attackSamples ? s / attackSamples : 1;
    const envelope = attack * (0.3 + 0.7 * decay) * release;
    out[s] = Math.tanh(SUB_DRIVE * Math.sin(2 * Math.PI * phase)) * driveNorm * envelope * SUB_GAIN;
    phase += hz / sampleRate;
    if (phase >= 1) phase -= 1;
  }
  return { left: out, right: out };
}
