// A lead vocal's channel strip, streamed over the take as it is sung: level, high-pass at 90 Hz (rumble
// and breath pops), a de-esser on 5 kHz and up, a cut at 300 Hz and a lift at 3 kHz (mud out,
// words forward), a 3:1 compressor, and a dotted-eighth delay returned quietly and a little wide.
// Hot DSP loop: long and inlined on purpose; its state lives in the strip, so the output depends
// only on the input (deterministic).

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
  return {
    process(input, inputOffset, outLeft, outRight, outputOffset, count) {
      for (let n = 0; n < count; n++) {
        let v = run(hp, input[inputOffset + n]! * INPUT_GAIN);
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
          line[index] = v + dampState * DELAY_FEEDBACK;
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
