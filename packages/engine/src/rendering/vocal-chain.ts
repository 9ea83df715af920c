// A lead vocal's channel strip, streamed over the take as it is sung: level, high-pass at 90 Hz (rumble
// and breath pops), a de-esser on 5 kHz and up, a cut at 300 Hz and a lift at 3 kHz (mud out,
// words forward) and a 3:1 compressor. No delay: a dotted-eighth echo of the last syllable, even
// 17 dB down, was heard as the syllable sung again (a recogniser looped on it, and slow songs' next
// vowel seemed to start early; eval/RESULTS.md, lyrics); the space comes from the reverb send.
// Hot DSP loop: long and inlined on purpose; its state lives in the strip, so the output depends
// only on the input (deterministic). Between phrases, once every tail (filters, de-esser,
// compressor) has decayed below −120 dB, the state is flushed to zero and silent input is skipped:
// checked at fixed positions of the take (every QUIET_CHECK_SAMPLES), never at the caller's chunk
// edges, so the same take gives the same samples however it is streamed.

import type { VocalDelivery } from '../vocals/vocal-types.js';

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

const coefficientsOf = ({ b0, b1, b2, a1, a2 }: Biquad) => [b0, b1, b2, a1, a2] as const;

const coefficient = (seconds: number, sampleRate: number) => Math.exp(-1 / (seconds * sampleRate));

// Where a phrase's level sits entering the chain, so every singer sits at the same place in the mix.
const TARGET_RMS = 0.12;
const DEESS_SPLIT_HZ = 5000;
const DEESS_THRESHOLD = 0.05;
const COMP_THRESHOLD = 0.14;
// 3:1, applied as a cube root (Math.cbrt) in the loop
// The makeup sets where the voice sits against the band: +3 dB over the first mix, where Whisper
// lost the words of the full mix far more often than the stem's (eval/RESULTS.md, lyrics). A sung
// vocal then sits 7–15 LU over the band while it sings (K-weighted, pop, folk and ballads).
const COMP_MAKEUP = 1.9;
/**
 * A rapped vocal 3.4 dB further forward: over a trap beat (a loud kit and 808) the sung level sat
 * level with the band (−0.5 LU), where hip hop puts the voice on top, and a recogniser lost half
 * the rapped words of the mix (eval/RESULTS.md, lyrics, eighth round).
 */
const RAP_MAKEUP = 2.8;
/** −120 dB: a tail below this everywhere in the strip is flushed to silence. */
const QUIET_LEVEL = 1e-6;
/** How often (in samples of the take) the strip checks whether its tails have died out. */
const QUIET_CHECK_SAMPLES = 1024;

/** A vocal channel strip that keeps its state between calls, so a take can stream through it. */
export interface VocalChain {
  /** Processes `count` samples of `input` (from `inputOffset`) and adds them into both outputs (from `outputOffset`). */
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

/** Creates the strip: high-pass, de-esser, EQ and compressor, then the delivery's level in the mix. */
export function createVocalChain(sampleRate: number, delivery: VocalDelivery = 'sung'): VocalChain {
  const highPassCoefficients = coefficientsOf(highPass(90, Math.SQRT1_2, sampleRate));
  const lowMidCoefficients = coefficientsOf(peaking(300, 1, -2, sampleRate));
  const presenceCoefficients = coefficientsOf(peaking(3000, 0.9, 2.5, sampleRate));
  // the de-esser's band split and envelope, the compressor's envelope, the level in the mix
  const dynamics = [
    Math.exp((-2 * Math.PI * DEESS_SPLIT_HZ) / sampleRate),
    coefficient(0.001, sampleRate),
    coefficient(0.04, sampleRate),
    coefficient(0.005, sampleRate),
    coefficient(0.09, sampleRate),
    delivery === 'rap' ? RAP_MAKEUP : COMP_MAKEUP,
  ] as const;
  // Every number the strip remembers between calls: the three filters' x1, x2, y1, y2, then the
  // de-esser's low band and level and the compressor's envelope. `process` copies them into locals
  // for its loop (a hot loop reads stack locals far faster than object fields or closed-over
  // variables) and writes them back at the end.
  const state = new Float64Array(15);
  /** Samples of the take processed so far (the strip's own clock, independent of chunking). */
  let takePosition = 0;
  /** Flushed and skipping: the state is exactly zero while the input stays exactly zero. */
  let skipping = false;
  const loud = (value: number) => value >= QUIET_LEVEL || value <= -QUIET_LEVEL;
  return {
    process(input, inputOffset, outLeft, outRight, outputOffset, count) {
      let hpX1 = state[0]!;
      let hpX2 = state[1]!;
      let hpY1 = state[2]!;
      let hpY2 = state[3]!;
      let lmX1 = state[4]!;
      let lmX2 = state[5]!;
      let lmY1 = state[6]!;
      let lmY2 = state[7]!;
      let prX1 = state[8]!;
      let prX2 = state[9]!;
      let prY1 = state[10]!;
      let prY2 = state[11]!;
      let lowState = state[12]!;
      let sibilance = state[13]!;
      let envelope = state[14]!;
      let position = takePosition;
      let silent = skipping;
      // the constants in locals too: a closed-over or module constant is read from its context on
      // every use, several times slower in this loop than a local (the samples are the same)
      const [hpB0, hpB1, hpB2, hpA1, hpA2] = highPassCoefficients;
      const [lmB0, lmB1, lmB2, lmA1, lmA2] = lowMidCoefficients;
      const [prB0, prB1, prB2, prA1, prA2] = presenceCoefficients;
      const [split, deAttack, deRelease, attack, release, makeup] = dynamics;
      const inputGain = INPUT_GAIN;
      const deessThreshold = DEESS_THRESHOLD;
      const compThreshold = COMP_THRESHOLD;
      for (let n = 0; n < count; n++) {
        const at = position++;
        const x = input[inputOffset + n]!;
        if (
          !silent &&
          at % QUIET_CHECK_SAMPLES === 0 &&
          // every tail (filters, de-esser, compressor) below −120 dB: flush it to zero
          !loud(lowState) &&
          !loud(sibilance) &&
          !loud(envelope) &&
          !loud(hpX1) &&
          !loud(hpX2) &&
          !loud(hpY1) &&
          !loud(hpY2) &&
          !loud(lmX1) &&
          !loud(lmX2) &&
          !loud(lmY1) &&
          !loud(lmY2) &&
          !loud(prX1) &&
          !loud(prX2) &&
          !loud(prY1) &&
          !loud(prY2)
        ) {
          hpX1 = hpX2 = hpY1 = hpY2 = lmX1 = lmX2 = lmY1 = lmY2 = prX1 = prX2 = prY1 = prY2 = 0;
          lowState = sibilance = envelope = 0;
          silent = true;
        }
        if (silent) {
          // a zero state fed zero gives zero everywhere
          if (x === 0) continue;
          silent = false;
        }
        // high-pass at 90 Hz
        const hpIn = x * inputGain;
        let v = hpB0 * hpIn + hpB1 * hpX1 + hpB2 * hpX2 - hpA1 * hpY1 - hpA2 * hpY2;
        hpX2 = hpX1;
        hpX1 = hpIn;
        hpY2 = hpY1;
        hpY1 = v;
        // de-esser: a one-pole split (low + high is the input exactly); the high band is turned
        // down while it is loud (sibilants), by the amount it exceeds the threshold
        lowState = (1 - split) * v + split * lowState;
        const high = v - lowState;
        const level = high < 0 ? -high : high;
        sibilance =
          level > sibilance
            ? deAttack * sibilance + (1 - deAttack) * level
            : deRelease * sibilance + (1 - deRelease) * level;
        const lmIn = lowState + high * (sibilance > deessThreshold ? deessThreshold / sibilance : 1);
        // the cut at 300 Hz, then the lift at 3 kHz
        const prIn = lmB0 * lmIn + lmB1 * lmX1 + lmB2 * lmX2 - lmA1 * lmY1 - lmA2 * lmY2;
        lmX2 = lmX1;
        lmX1 = lmIn;
        lmY2 = lmY1;
        lmY1 = prIn;
        v = prB0 * prIn + prB1 * prX1 + prB2 * prX2 - prA1 * prY1 - prA2 * prY2;
        prX2 = prX1;
        prX1 = prIn;
        prY2 = prY1;
        prY1 = v;
        // compressor: peak-following envelope, 5 ms attack, 90 ms release, 3:1 above threshold
        // (the ratio's cube root by Math.cbrt, several times cheaper than a power per sample)
        const magnitude = v < 0 ? -v : v;
        envelope =
          magnitude > envelope
            ? attack * envelope + (1 - attack) * magnitude
            : release * envelope + (1 - release) * magnitude;
        const gain =
          envelope > compThreshold ? (compThreshold * Math.cbrt(envelope / compThreshold)) / envelope : 1;
        v *= gain * makeup;
        outLeft[outputOffset + n] = outLeft[outputOffset + n]! + v;
        outRight[outputOffset + n] = outRight[outputOffset + n]! + v;
      }
      takePosition = position;
      skipping = silent;
      state.set([
        hpX1,
        hpX2,
        hpY1,
        hpY2,
        lmX1,
        lmX2,
        lmY1,
        lmY2,
        prX1,
        prX2,
        prY1,
        prY2,
        lowState,
        sibilance,
        envelope,
      ]);
    },
  };
}
