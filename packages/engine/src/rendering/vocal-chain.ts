// A lead vocal's channel strip, run once over the whole take: level, high-pass at 90 Hz (rumble
// and breath pops), a de-esser on 5 kHz and up, a cut at 300 Hz and a lift at 3 kHz (mud out,
// words forward), a 3:1 compressor, and a dotted-eighth delay returned quietly and a little wide.
// Hot DSP loops: long and inlined on purpose; all state is local, so the output depends only on
// the input (deterministic).

export interface VocalChainOptions {
  /** The delay's time; 0 turns it off. */
  delaySeconds: number;
}

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// RBJ audio-EQ cookbook filters.
function highPass(frequencyHz: number, q: number, sampleRate: number): Biquad {
  const w = (2 * Math.PI * frequencyHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha;
  return {
    b0: (1 + cos) / 2 / a0,
    b1: -(1 + cos) / a0,
    b2: (1 + cos) / 2 / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha) / a0,
  };
}

function peaking(frequencyHz: number, q: number, gainDb: number, sampleRate: number): Biquad {
  const a = 10 ** (gainDb / 40);
  const w = (2 * Math.PI * frequencyHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const cos = Math.cos(w);
  const a0 = 1 + alpha / a;
  return {
    b0: (1 + alpha * a) / a0,
    b1: (-2 * cos) / a0,
    b2: (1 - alpha * a) / a0,
    a1: (-2 * cos) / a0,
    a2: (1 - alpha / a) / a0,
  };
}

function filterInPlace(samples: Float32Array, f: Biquad): void {
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    samples[i] = y;
  }
}

const coefficient = (seconds: number, sampleRate: number) => Math.exp(-1 / (seconds * sampleRate));

// The take is brought to this RMS over its voiced stretches before the chain, so every singer
// sits at the same place in the mix whatever level the synthesis gives.
const TARGET_RMS = 0.12;
const DEESS_SPLIT_HZ = 5000;
const DEESS_THRESHOLD = 0.05;
const COMP_THRESHOLD = 0.14;
const COMP_RATIO = 3;
const COMP_MAKEUP = 1.35;
const DELAY_FEEDBACK = 0.28;
const DELAY_RETURN = 0.14;

/** Processes a mono take into a stereo pair (a fresh copy; the input is left as it is). */
export function processVocal(
  take: Float32Array,
  sampleRate: number,
  options: VocalChainOptions,
): [Float32Array, Float32Array] {
  const x = Float32Array.from(take);
  // level: RMS over the samples above −50 dBFS
  let sum = 0;
  let count = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    if (Math.abs(v) > 0.003) {
      sum += v * v;
      count++;
    }
  }
  const rms = count > 0 ? Math.sqrt(sum / count) : 0;
  const gain = rms > 0 ? Math.min(40, TARGET_RMS / rms) : 1;
  for (let i = 0; i < x.length; i++) x[i] = x[i]! * gain;

  filterInPlace(x, highPass(90, Math.SQRT1_2, sampleRate));

  // de-esser: a one-pole split, so low + high is the input exactly; only the high band is turned
  // down while it is loud (sibilants), by the amount it exceeds the threshold
  const split = Math.exp((-2 * Math.PI * DEESS_SPLIT_HZ) / sampleRate);
  const deAttack = coefficient(0.001, sampleRate);
  const deRelease = coefficient(0.04, sampleRate);
  let lowState = 0;
  let sibilance = 0;
  for (let i = 0; i < x.length; i++) {
    const v = x[i]!;
    lowState = (1 - split) * v + split * lowState;
    const high = v - lowState;
    const level = Math.abs(high);
    sibilance =
      level > sibilance
        ? deAttack * sibilance + (1 - deAttack) * level
        : deRelease * sibilance + (1 - deRelease) * level;
    const reduce = sibilance > DEESS_THRESHOLD ? DEESS_THRESHOLD / sibilance : 1;
    x[i] = lowState + high * reduce;
  }

  filterInPlace(x, peaking(300, 1, -2, sampleRate));
  filterInPlace(x, peaking(3000, 0.9, 2.5, sampleRate));

  // compressor: peak-following envelope, 5 ms attack, 90 ms release
  const attack = coefficient(0.005, sampleRate);
  const release = coefficient(0.09, sampleRate);
  let envelope = 0;
  for (let i = 0; i < x.length; i++) {
    const level = Math.abs(x[i]!);
    envelope =
      level > envelope
        ? attack * envelope + (1 - attack) * level
        : release * envelope + (1 - release) * level;
    const over =
      envelope > COMP_THRESHOLD
        ? (COMP_THRESHOLD * (envelope / COMP_THRESHOLD) ** (1 / COMP_RATIO)) / envelope
        : 1;
    x[i] = x[i]! * over * COMP_MAKEUP;
  }

  const left = Float32Array.from(x);
  const right = Float32Array.from(x);
  const delaySamples = Math.round(options.delaySeconds * sampleRate);
  if (delaySamples > 0) {
    // a feedback delay, darkened a little each repeat, returned alternately left and right
    const line = new Float32Array(delaySamples);
    const damp = Math.exp((-2 * Math.PI * 4000) / sampleRate);
    let dampState = 0;
    let index = 0;
    let repeat = 0;
    for (let i = 0; i < x.length; i++) {
      const out = line[index]!;
      dampState = (1 - damp) * out + damp * dampState;
      line[index] = x[i]! + dampState * DELAY_FEEDBACK;
      const wet = out * DELAY_RETURN;
      if (repeat % 2 === 0) {
        left[i] = left[i]! + wet;
        right[i] = right[i]! + wet * 0.5;
      } else {
        left[i] = left[i]! + wet * 0.5;
        right[i] = right[i]! + wet;
      }
      index++;
      if (index === delaySamples) {
        index = 0;
        repeat++;
      }
    }
  }
  return [left, right];
}
