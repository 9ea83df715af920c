// A lead vocal's channel strip, streamed over the take as it is sung: level, high-pass at 90 Hz (rumble
// and breath pops), a de-esser on 5 kHz and up, a cut at 300 Hz and a lift at 3 kHz (mud out,
// words forward), a 3:1 compressor, and a dotted-eighth delay returned quietly and a little wide.
// Hot DSP loop: long and inlined on purpose; its state lives in the strip, so the output depends
// only on the input (deterministic). Between phrases, once every tail (filters, de-esser,
// compressor, delay line) has decayed below −120 dB, the state is flushed to zero and silent input
// is skipped: checked at fixed positions of the take (every QUIET_CHECK_SAMPLES), never at the
// caller's chunk edges, so the same take gives the same samples however it is streamed.

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

const coefficient = (seconds: number, sampleRate: number) => Math.exp(-1 / (seconds * sampleRate));

// Where a phrase's level sits entering the chain, so every singer sits at the same place in the mix.
const TARGET_RMS = 0.12;
const DEESS_SPLIT_HZ = 5000;
const DEESS_THRESHOLD = 0.05;
const COMP_THRESHOLD = 0.14;
const COMP_RATIO = 3;
// The makeup sets where the voice sits against the band: +3 dB over the first mix, where Whisper
// lost the words of the full mix far more often than the stem's (eval/RESULTS.md, lyrics).
const COMP_MAKEUP = 1.9;
const DELAY_FEEDBACK = 0.28;
const DELAY_RETURN = 0.14;
/** −120 dB: a tail below this everywhere in the strip is flushed to silence. */
const QUIET_LEVEL = 1e-6;
/** How often (in samples of the take) the strip checks whether its tails have died out. */
const QUIET_CHECK_SAMPLES = 1024;

/** A vocal channel strip that keeps its state between calls, so a take can stream through it. */
export interface VocalChain {
  /** Processes `count` samples of `input` (from `inputOffset`) and adds them into the stereo outputs (from `outputOffset`). */
  process(
    input: Float32Array,
    inputOffset: number,
    outLeft: Float32Array,
    outRight: Float32Array,
    outputOffset: number,
    count: number,
  ): void;
}

// singPhrases brings each phrase to a peak of 0.5; speech and song carry a crest factor of about
// 4, so this gain puts a phrase near TARGET_RMS before the chain.
const INPUT_GAIN = TARGET_RMS / 0.13;

/** Creates the strip: high-pass, de-esser, EQ, compressor and (with delaySeconds) the delay. */
export function createVocalChain(sampleRate: number, options: VocalChainOptions): VocalChain {
  const highPassFilter = highPass(90, Math.SQRT1_2, sampleRate);
  const cut = peaking(300, 1, -2, sampleRate);
  const presence = peaking(3000, 0.9, 2.5, sampleRate);
  const filters = [highPassFilter, cut, presence].map((f) => ({ f, x1: 0, x2: 0, y1: 0, y2: 0 }));
  const split = Math.exp((-2 * Math.PI * DEESS_SPLIT_HZ) / sampleRate);
  const deAttack = coefficient(0.001, sampleRate);
  const deRelease = coefficient(0.04, sampleRate);
  const attack = coefficient(0.005, sampleRate);
  const release = coefficient(0.09, sampleRate);
  const delaySamples = Math.round(options.delaySeconds * sampleRate);
  const line = new Float32Array(Math.max(1, delaySamples));
  const damp = Math.exp((-2 * Math.PI * 4000) / sampleRate);
  let lowState = 0;
  let sibilance = 0;
  let envelope = 0;
  let dampState = 0;
  let index = 0;
  let repeat = 0;
  /** Samples of the take processed so far (the strip's own clock, independent of chunking). */
  let position = 0;
  /** The last position a sample above QUIET_LEVEL went into the delay line. */
  let lastLoudWriteAt = Number.NEGATIVE_INFINITY;
  /** Flushed and skipping: the state is exactly zero while the input stays exactly zero. */
  let silent = false;
  const [hp, lm, pr] = filters as [(typeof filters)[0], (typeof filters)[0], (typeof filters)[0]];
  const run = (state: typeof hp, x: number) => {
    const { f } = state;
    const y = f.b0 * x + f.b1 * state.x1 + f.b2 * state.x2 - f.a1 * state.y1 - f.a2 * state.y2;
    state.x2 = state.x1;
    state.x1 = x;
    state.y2 = state.y1;
    state.y1 = y;
    return y;
  };
  const quiet = (value: number) => value < QUIET_LEVEL && value > -QUIET_LEVEL;
  const tailsDecayed = (at: number) =>
    at - lastLoudWriteAt >= delaySamples &&
    quiet(lowState) &&
    quiet(sibilance) &&
    quiet(envelope) &&
    quiet(dampState) &&
    filters.every((state) => quiet(state.x1) && quiet(state.x2) && quiet(state.y1) && quiet(state.y2));
  const flush = () => {
    for (const state of filters) {
      state.x1 = 0;
      state.x2 = 0;
      state.y1 = 0;
      state.y2 = 0;
    }
    lowState = 0;
    sibilance = 0;
    envelope = 0;
    dampState = 0;
    line.fill(0);
  };
  return {
    process(input, inputOffset, outLeft, outRight, outputOffset, count) {
      for (let n = 0; n < count; n++) {
        const at = position++;
        const x = input[inputOffset + n]!;
        if (!silent && at % QUIET_CHECK_SAMPLES === 0 && tailsDecayed(at)) {
          flush();
          silent = true;
        }
        if (silent) {
          if (x === 0) {
            // a zero state fed zero gives zero everywhere: only the delay's position moves
            if (delaySamples > 0 && ++index === delaySamples) {
              index = 0;
              repeat++;
            }
            continue;
          }
          silent = false;
        }
        let v = run(hp, x * INPUT_GAIN);
        // de-esser: a one-pole split (low + high is the input exactly); the high band is turned
        // down while it is loud (sibilants), by the amount it exceeds the threshold
        lowState = (1 - split) * v + split * lowState;
        const high = v - lowState;
        const level = Math.abs(high);
        sibilance =
          level > sibilance
            ? deAttack * sibilance + (1 - deAttack) * level
            : deRelease * sibilance + (1 - deRelease) * level;
        v = lowState + high * (sibilance > DEESS_THRESHOLD ? DEESS_THRESHOLD / sibilance : 1);
        v = run(pr, run(lm, v));
        // compressor: peak-following envelope, 5 ms attack, 90 ms release, 3:1 above threshold
        const magnitude = Math.abs(v);
        envelope =
          magnitude > envelope
            ? attack * envelope + (1 - attack) * magnitude
            : release * envelope + (1 - release) * magnitude;
        const gain =
          envelope > COMP_THRESHOLD
            ? (COMP_THRESHOLD * (envelope / COMP_THRESHOLD) ** (1 / COMP_RATIO)) / envelope
            : 1;
        v *= gain * COMP_MAKEUP;
        let wetLeft = 0;
        let wetRight = 0;
        if (delaySamples > 0) {
          // a feedback delay, darkened each repeat, returned alternately left and right
          const out = line[index]!;
          dampState = (1 - damp) * out + damp * dampState;
          const written = v + dampState * DELAY_FEEDBACK;
          line[index] = written;
          if (!quiet(written)) lastLoudWriteAt = at;
          const wet = out * DELAY_RETURN;
          wetLeft = repeat % 2 === 0 ? wet : wet * 0.5;
          wetRight = repeat % 2 === 0 ? wet * 0.5 : wet;
          index++;
          if (index === delaySamples) {
            index = 0;
            repeat++;
          }
        }
        outLeft[outputOffset + n] = outLeft[outputOffset + n]! + v + wetLeft;
        outRight[outputOffset + n] = outRight[outputOffset + n]! + v + wetRight;
      }
    },
  };
}
