// Reverb and chorus on shared send buses. SpessaSynth's own GS reverb costs ~2.8 s of CPU per
// 120 s per synthesizer instance (measured), more than the whole speed budget, so the parts render
// dry and feed these two cheap effects once for the whole mix.
// Hot DSP loop: long and inlined on purpose.

const REVERB_DELAYS_44K = [1277, 1499, 1741, 1949];
const DIFFUSER_DELAYS_44K = [142, 379];
const DIFFUSER_GAIN = 0.7;
const REVERB_SECONDS = 2.2;
const REVERB_DAMPING = 0.35;
const PREDELAY_SECONDS = 0.018;
const REVERB_RETURN = 0.55;
const CHORUS_BASE_SECONDS = 0.012;
const CHORUS_DEPTH_SECONDS = 0.0035;
const CHORUS_RATE_HZ = 0.7;
const CHORUS_RETURN = 0.6;

/** Processes mono send buses and adds the wet stereo return into the outputs. */
export interface SendEffects {
  process(
    reverbIn: Float32Array,
    chorusIn: Float32Array,
    outLeft: Float32Array,
    outRight: Float32Array,
    sampleCount: number,
  ): void;
}

/** Creates the reverb (a 4-line feedback delay network) and the stereo chorus for one mix. */
export function createSendEffects(sampleRate: number): SendEffects {
  const scale = sampleRate / 44100;
  const lineLengths = REVERB_DELAYS_44K.map((length) => Math.round(length * scale));
  const lines = lineLengths.map((length) => new Float32Array(length));
  const lineIndex = [0, 0, 0, 0];
  const feedback = lineLengths.map((length) => 10 ** ((-3 * length) / (REVERB_SECONDS * sampleRate)));
  const damped = [0, 0, 0, 0];
  const diffuserLengths = DIFFUSER_DELAYS_44K.map((length) => Math.round(length * scale));
  const diffusers = diffuserLengths.map((length) => new Float32Array(length));
  const diffuserIndex = [0, 0];
  const predelay = new Float32Array(Math.max(1, Math.round(PREDELAY_SECONDS * sampleRate)));
  let predelayIndex = 0;

  const chorusLength = Math.ceil((CHORUS_BASE_SECONDS + CHORUS_DEPTH_SECONDS) * sampleRate) + 2;
  const chorusLine = new Float32Array(chorusLength);
  let chorusWrite = 0;
  let chorusPhase = 0;
  let chorusCounter = 0;
  let sine = 0;
  let sineSlope = 0;
  const chorusStep = (2 * Math.PI * CHORUS_RATE_HZ) / sampleRate;
  const chorusBase = CHORUS_BASE_SECONDS * sampleRate;
  const chorusDepth = CHORUS_DEPTH_SECONDS * sampleRate;

  const [line0, line1, line2, line3] = lines as [Float32Array, Float32Array, Float32Array, Float32Array];
  const [g0, g1, g2, g3] = feedback as [number, number, number, number];
  const [diff0, diff1] = diffusers as [Float32Array, Float32Array];

  return {
    process(reverbIn, chorusIn, outLeft, outRight, sampleCount) {
      let [i0, i1, i2, i3] = lineIndex as [number, number, number, number];
      let [d0, d1, d2, d3] = damped as [number, number, number, number];
      let [a0, a1] = diffuserIndex as [number, number];
      for (let i = 0; i < sampleCount; i++) {
        // Pre-delay, then two allpass diffusers smear the input into a dense onset.
        const delayed = predelay[predelayIndex] as number;
        predelay[predelayIndex] = reverbIn[i] as number;
        if (++predelayIndex === predelay.length) predelayIndex = 0;
        let x = delayed;
        const b0 = diff0[a0] as number;
        const y0 = b0 - DIFFUSER_GAIN * x;
        diff0[a0] = x + DIFFUSER_GAIN * y0;
        if (++a0 === diff0.length) a0 = 0;
        x = y0;
        const b1 = diff1[a1] as number;
        const y1 = b1 - DIFFUSER_GAIN * x;
        diff1[a1] = x + DIFFUSER_GAIN * y1;
        if (++a1 === diff1.length) a1 = 0;
        x = y1;

        const o0 = line0[i0] as number;
        const o1 = line1[i1] as number;
        const o2 = line2[i2] as number;
        const o3 = line3[i3] as number;
        d0 += (1 - REVERB_DAMPING) * (o0 - d0);
        d1 += (1 - REVERB_DAMPING) * (o1 - d1);
        d2 += (1 - REVERB_DAMPING) * (o2 - d2);
        d3 += (1 - REVERB_DAMPING) * (o3 - d3);
        // Householder-like Hadamard mix keeps the network lossless before the per-line decay.
        const h0 = 0.5 * (d0 + d1 + d2 + d3);
        const h1 = 0.5 * (d0 - d1 + d2 - d3);
        const h2 = 0.5 * (d0 + d1 - d2 - d3);
        const h3 = 0.5 * (d0 - d1 - d2 + d3);
        line0[i0] = x + g0 * h0;
        line1[i1] = x + g1 * h1;
        line2[i2] = x + g2 * h2;
        line3[i3] = x + g3 * h3;
        if (++i0 === line0.length) i0 = 0;
        if (++i1 === line1.length) i1 = 0;
        if (++i2 === line2.length) i2 = 0;
        if (++i3 === line3.length) i3 = 0;
        let wetLeft = (o0 + o2 - o1 * 0.5) * REVERB_RETURN * 0.5;
        let wetRight = (o1 + o3 - o2 * 0.5) * REVERB_RETURN * 0.5;

        const chorusSample = chorusIn[i] as number;
        chorusLine[chorusWrite] = chorusSample;
        // The LFO moves slowly: a sine per 32 samples, linearly interpolated in between.
        if ((chorusCounter++ & 31) === 0) {
          chorusPhase += chorusStep * 32;
          if (chorusPhase > 2 * Math.PI) chorusPhase -= 2 * Math.PI;
          const target = Math.sin(chorusPhase);
          sineSlope = (target - sine) / 32;
        }
        sine += sineSlope;
        wetLeft += readFractional(chorusLine, chorusWrite - chorusBase - chorusDepth * sine) * CHORUS_RETURN;
        wetRight += readFractional(chorusLine, chorusWrite - chorusBase + chorusDepth * sine) * CHORUS_RETURN;
        if (++chorusWrite === chorusLength) chorusWrite = 0;

        outLeft[i] = (outLeft[i] as number) + wetLeft;
        outRight[i] = (outRight[i] as number) + wetRight;
      }
      lineIndex.splice(0, 4, i0, i1, i2, i3);
      damped.splice(0, 4, d0, d1, d2, d3);
      diffuserIndex.splice(0, 2, a0, a1);
    },
  };

  function readFractional(line: Float32Array, position: number): number {
    const wrapped = position < 0 ? position + chorusLength : position;
    const index = wrapped | 0;
    const fraction = wrapped - index;
    const next = index + 1 === chorusLength ? 0 : index + 1;
    return (line[index] as number) * (1 - fraction) + (line[next] as number) * fraction;
  }
}
