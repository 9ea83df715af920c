// The formant voice: a source-filter singer in the tradition of Klatt (1980) — a glottal pulse
// (KLGLOTT88 flow derivative, band-limited at its closure with a PolyBLEP) plus breath noise, shaped
// by five cascaded formant resonators whose frequencies glide from phoneme to phoneme, and a
// parallel noise branch for fricatives and bursts. Pitch is exact by construction: the pulse runs
// at the planned pitch curve, so held vowels stay vowels however long the note.
// Parameters are computed every CONTROL_SAMPLES samples and smoothed; the sample loop below is long
// and inlined on purpose (it is the hot loop of vocal rendering).
import { createRng } from '../random.js';
import { type ConsonantAcoustics, getPhonemeAcoustics, type VowelAcoustics } from './phoneme-acoustics.js';
import { createPitchCurve } from './pitch-curve.js';
import type { PhonemeSegment, PhrasePlan } from './vocal-plan.js';
import type { SingerSpec } from './vocal-types.js';

const CONTROL_SAMPLES = 32;
/** Formant movement time constant: about the speed of the tongue and lips between phonemes. */
const FORMANT_SMOOTHING_SECONDS = 0.014;
const AMPLITUDE_SMOOTHING_SECONDS = 0.005;
/** Formants above F3 barely move with the phoneme; they scale with the tract. */
const F4_HZ = 3450;
const F5_HZ = 4300;
/** Breath noise level in vowels for breathiness 1. */
const MAX_VOWEL_BREATH = 0.09;

export interface FormantVoiceOptions {
  sampleRateHz: number;
  /** Absolute sample index of the first sample returned (the plan's times are absolute). */
  startSample: number;
  sampleCount: number;
  seed: number;
}

interface ControlTargets {
  voicing: number;
  aspiration: number;
  frication: number;
  fricationCentreHz: number;
  fricationWidthHz: number;
  f1: number;
  f2: number;
  f3: number;
  nasal: number;
}

function vowelFormants(vowel: string, position: number): [number, number, number] {
  const acoustics = getPhonemeAcoustics(vowel);
  const start = acoustics.kind === 'vowel' ? acoustics.formantsHz : ([630, 1200, 2400] as const);
  const end = acoustics.kind === 'vowel' ? (acoustics as VowelAcoustics).glideToHz : undefined;
  if (!end) return [start[0], start[1], start[2]];
  // Diphthongs hold their first quality, then move to the second over the last 40 %.
  const move = Math.min(Math.max((position - 0.6) / 0.4, 0), 1);
  return [
    start[0] + (end[0] - start[0]) * move,
    start[1] + (end[1] - start[1]) * move,
    start[2] + (end[2] - start[2]) * move,
  ];
}

/** What the voice should be doing inside one segment at a relative position 0…1. */
function segmentTargets(segment: PhonemeSegment, position: number, into: ControlTargets): void {
  const acoustics = getPhonemeAcoustics(segment.phoneme);
  const context = vowelFormants(segment.vowel, segment.role === 'coda' ? 1 : 0);
  into.voicing = 0;
  into.aspiration = 0;
  into.frication = 0;
  into.nasal = 0;
  into.f1 = context[0];
  into.f2 = context[1];
  into.f3 = context[2];
  if (acoustics.kind === 'vowel') {
    const formants = vowelFormants(segment.phoneme, position);
    into.f1 = formants[0];
    into.f2 = formants[1];
    into.f3 = formants[2];
    into.voicing = 1;
    return;
  }
  const consonant = acoustics as ConsonantAcoustics;
  into.fricationCentreHz = consonant.noiseCentreHz ?? 3000;
  into.fricationWidthHz = consonant.noiseWidthHz ?? 3000;
  const noise = consonant.noiseLevel ?? 0;
  switch (consonant.manner) {
    case 'stop': {
      // Closure (a faint voice bar when voiced), a burst, then aspiration into the vowel.
      if (position < 0.55) {
        into.voicing = consonant.voiced ? 0.08 : 0;
        into.f1 = 200;
      } else if (position < 0.7) {
        into.frication = noise;
        into.voicing = consonant.voiced ? 0.15 : 0;
      } else if (consonant.voiced) {
        into.voicing = 0.6;
      } else {
        into.aspiration = 0.35;
      }
      return;
    }
    case 'affricate':
      if (position < 0.4) into.voicing = consonant.voiced ? 0.08 : 0;
      else {
        into.frication = noise;
        into.voicing = consonant.voiced ? 0.25 : 0;
      }
      return;
    case 'fricative':
      into.frication = noise;
      into.voicing = consonant.voiced ? 0.3 : 0;
      return;
    case 'aspirate':
      into.aspiration = noise;
      return;
    case 'nasal':
    case 'liquid':
    case 'glide': {
      const own = consonant.formantsHz ?? context;
      into.f1 = own[0];
      into.f2 = own[1];
      into.f3 = own[2];
      into.voicing = consonant.manner === 'nasal' ? 0.4 : 0.65;
      into.nasal = consonant.manner === 'nasal' ? 1 : 0;
      return;
    }
  }
}

/** Renders the plan's sound into `sampleCount` samples starting at `startSample`. */
export function renderFormantVoice(
  plan: PhrasePlan,
  singer: SingerSpec,
  options: FormantVoiceOptions,
): Float32Array {
  const { sampleRateHz, startSample, sampleCount } = options;
  const output = new Float32Array(sampleCount);
  const rng = createRng(options.seed);
  const formantScale = singer.formantShift ?? 1;
  const breathiness = Math.min(Math.max(singer.breathiness ?? 0.2, 0), 1);
  const pitchAt = createPitchCurve(plan, {
    vibratoDepthCents: singer.vibratoDepthCents,
    vibratoRateHz: singer.vibratoRateHz,
  });
  const openQuotient = 0.5 + 0.25 * breathiness;
  const tilt = 0.15 + 0.45 * breathiness;
  const controlSeconds = CONTROL_SAMPLES / sampleRateHz;
  const formantAlpha = 1 - Math.exp(-controlSeconds / FORMANT_SMOOTHING_SECONDS);
  const amplitudeAlpha = 1 - Math.exp(-controlSeconds / AMPLITUDE_SMOOTHING_SECONDS);
  const nyquistGuardHz = sampleRateHz * 0.45;

  const targets: ControlTargets = {
    voicing: 0,
    aspiration: 0,
    frication: 0,
    fricationCentreHz: 3000,
    fricationWidthHz: 3000,
    f1: 630,
    f2: 1200,
    f3: 2400,
    nasal: 0,
  };
  const firstVowel = plan.segments.find((segment) => segment.role === 'vowel');
  const startFormants = vowelFormants(firstVowel?.phoneme ?? 'AH', 0);
  let f1 = startFormants[0];
  let f2 = startFormants[1];
  let f3 = startFormants[2];
  let nasal = 0;
  let voicing = 0;
  let aspiration = 0;
  let frication = 0;
  let fricationCentreHz = 3000;
  let fricationWidthHz = 3000;
  let drift = 0;

  // Resonator state: five cascaded formants, one parallel band-pass for frication.
  const ra = new Float64Array(5);
  const rb = new Float64Array(5);
  const rc = new Float64Array(5);
  const y1 = new Float64Array(5);
  const y2 = new Float64Array(5);
  let bp0 = 0;
  let bp2 = 0;
  let bpA1 = 0;
  let bpA2 = 0;
  let bpX1 = 0;
  let bpX2 = 0;
  let bpY1 = 0;
  let bpY2 = 0;
  let phase = 0;
  let tilted = 0;
  let delayed = 0;
  let highPassIn = 0;
  let highPassOut = 0;
  const highPassCoefficient = Math.exp((-2 * Math.PI * 60) / sampleRateHz);

  let segmentIndex = 0;
  const segments = plan.segments;
  let f0Previous = 440 * 2 ** ((pitchAt(startSample / sampleRateHz) - 69) / 12);

  for (let frameStart = 0; frameStart < sampleCount; frameStart += CONTROL_SAMPLES) {
    const timeSeconds = (startSample + frameStart) / sampleRateHz;
    while (segmentIndex < segments.length && segments[segmentIndex]!.endSeconds <= timeSeconds)
      segmentIndex++;
    const segment = segments[segmentIndex];
    let breathLevel = 0;
    if (segment && segment.startSeconds <= timeSeconds) {
      const position =
        (timeSeconds - segment.startSeconds) / Math.max(segment.endSeconds - segment.startSeconds, 1e-6);
      segmentTargets(segment, position, targets);
    } else {
      targets.voicing = 0;
      targets.aspiration = 0;
      targets.frication = 0;
      if (plan.breath && timeSeconds >= plan.breath.startSeconds && timeSeconds < plan.breath.endSeconds) {
        // An inhale: soft, wide noise swelling and fading.
        const position =
          (timeSeconds - plan.breath.startSeconds) / (plan.breath.endSeconds - plan.breath.startSeconds);
        breathLevel = 0.05 * Math.sin(Math.PI * position);
      }
    }
    if (breathLevel > 0) {
      targets.frication = breathLevel;
      targets.fricationCentreHz = 1800;
      targets.fricationWidthHz = 3000;
    }
    // Smooth towards the targets: formants glide, amplitudes switch fast but without clicks.
    f1 += (targets.f1 - f1) * formantAlpha;
    f2 += (targets.f2 - f2) * formantAlpha;
    f3 += (targets.f3 - f3) * formantAlpha;
    nasal += (targets.nasal - nasal) * formantAlpha;
    voicing += (targets.voicing - voicing) * amplitudeAlpha;
    aspiration += (targets.aspiration - aspiration) * amplitudeAlpha;
    frication += (targets.frication - frication) * amplitudeAlpha;
    fricationCentreHz = targets.fricationCentreHz;
    fricationWidthHz = targets.fricationWidthHz;
    // A slow random wander of a few cents: no human holds a pitch like an oscillator.
    drift += (rng.next() - 0.5) * 0.6 - drift * 0.02;

    const frameEnd = Math.min(frameStart + CONTROL_SAMPLES, sampleCount);
    const f0Next =
      440 *
      2 **
        ((pitchAt((startSample + frameEnd) / sampleRateHz) +
          Math.max(-0.08, Math.min(0.08, drift * 0.01)) -
          69) /
          12);
    const f0Hz = (f0Previous + f0Next) / 2;

    // Formant tuning: a singer opens the jaw so F1 stays above a high pitch instead of losing it.
    const scaledF1 = Math.max(f1 * formantScale, plan.delivery === 'sung' ? f0Hz * 1.1 + 40 : 0);
    const frequencies = [
      scaledF1,
      f2 * formantScale,
      f3 * formantScale,
      F4_HZ * formantScale,
      F5_HZ * formantScale,
    ];
    const bandwidths = [70 + 90 * nasal, 90 + 250 * nasal, 140 + 250 * nasal, 250, 320];
    for (let r = 0; r < 5; r++) {
      const frequencyHz = Math.min(frequencies[r]!, nyquistGuardHz);
      const c = -Math.exp((-2 * Math.PI * bandwidths[r]!) / sampleRateHz);
      const b =
        2 *
        Math.exp((-Math.PI * bandwidths[r]!) / sampleRateHz) *
        Math.cos((2 * Math.PI * frequencyHz) / sampleRateHz);
      rb[r] = b;
      rc[r] = c;
      ra[r] = 1 - b - c;
    }
    {
      // RBJ band-pass, 0 dB peak, for the frication noise.
      const centre = Math.min(fricationCentreHz * Math.sqrt(formantScale), nyquistGuardHz);
      const w0 = (2 * Math.PI * centre) / sampleRateHz;
      const q = centre / Math.max(fricationWidthHz, 1);
      const alpha = Math.sin(w0) / (2 * q);
      const a0 = 1 + alpha;
      bp0 = alpha / a0;
      bp2 = -alpha / a0;
      bpA1 = (-2 * Math.cos(w0)) / a0;
      bpA2 = (1 - alpha) / a0;
    }
    const vowelBreath = MAX_VOWEL_BREATH * breathiness * voicing;

    for (let n = frameStart; n < frameEnd; n++) {
      const f0 = f0Previous + ((f0Next - f0Previous) * (n - frameStart)) / CONTROL_SAMPLES;
      const step = f0 / sampleRateHz;
      const before = phase;
      phase += step;
      // KLGLOTT88 flow derivative: 2x − 3x² over the open phase, 0 while closed.
      if (phase >= 1) phase -= 1;
      let source = 0;
      if (phase < openQuotient) {
        const x = phase / openQuotient;
        source = 2 * x - 3 * x * x;
      }
      let previousCorrection = 0;
      if (before < openQuotient && before + step >= openQuotient) {
        // The glottis closes inside this sample: the derivative steps from −1 up to 0. A PolyBLEP on
        // both sides of the step (this sample and the one delayed) keeps high voices from aliasing.
        const t = Math.min(Math.max((before + step - openQuotient) / step, 0), 1);
        source -= 0.5 * (1 - t) * (1 - t);
        previousCorrection = 0.5 * t * t;
      }
      const delayedSource = delayed + previousCorrection;
      delayed = source;
      tilted += (1 - tilt) * (delayedSource - tilted);
      const open = phase < openQuotient ? 1 : 0.35;
      const noise = rng.next() * 2 - 1;
      let x = tilted * voicing * 0.6 + noise * (aspiration + vowelBreath * open) * 0.5;
      for (let r = 0; r < 5; r++) {
        const y = ra[r]! * x + rb[r]! * y1[r]! + rc[r]! * y2[r]!;
        y2[r] = y1[r]!;
        y1[r] = y;
        x = y;
      }
      const fricationNoise = rng.next() * 2 - 1;
      const band = bp0 * fricationNoise + bp2 * bpX2 - bpA1 * bpY1 - bpA2 * bpY2;
      bpX2 = bpX1;
      bpX1 = fricationNoise;
      bpY2 = bpY1;
      bpY1 = band;
      const mixed = x + band * frication * 2.2;
      // A gentle high-pass removes the source's DC and sub-sonic rumble.
      highPassOut = highPassCoefficient * (highPassOut + mixed - highPassIn);
      highPassIn = mixed;
      output[n] = highPassOut;
    }
    f0Previous = f0Next;
  }
  return output;
}
