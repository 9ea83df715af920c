// Synthetic pulses with one unambiguous tempo, for checking the tempo ruler itself across the
// eval's range (eval/tempo-sweep.ts and test/analyzer): if the analyzer misreads these, a miss on
// a render says nothing about the render.

/** The rate the signals are generated at (the analyzer's own). */
export const SIGNAL_SAMPLE_RATE = 44100;

/** A metronome: a decaying 1 kHz blip on every beat, the first beat of each 4/4 bar accented. */
export function makeMetronome(
  bpm: number,
  durationSeconds: number,
  sampleRate = SIGNAL_SAMPLE_RATE,
): Float32Array {
  const samples = new Float32Array(Math.round(durationSeconds * sampleRate));
  const periodSamples = (60 / bpm) * sampleRate;
  for (let beat = 0; beat * periodSamples < samples.length; beat++) {
    const start = Math.round(beat * periodSamples);
    const accent = beat % 4 === 0 ? 1 : 0.6;
    for (let i = 0; i < 600 && start + i < samples.length; i++) {
      const blip = accent * 0.8 * Math.exp(-i / 80) * Math.sin((2 * Math.PI * 1000 * i) / sampleRate);
      samples[start + i] = (samples[start + i] as number) + blip;
    }
  }
  return samples;
}

/** Deterministic white noise in [-1, 1) (a linear congruential generator; no Math.random). */
function noiseSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  };
}

/**
 * A plain drum kit in 4/4: kick on beats 1 and 3 (a 150→50 Hz sweep), snare on 2 and 4 (noise
 * with a 190 Hz body), closed hat on every beat. Nothing sounds between the beats, so the beat is
 * the only pulse the kit has.
 */
export function makeDrumKit(bpm: number, durationSeconds: number): Float32Array {
  const sampleRate = SIGNAL_SAMPLE_RATE;
  const samples = new Float32Array(Math.round(durationSeconds * sampleRate));
  const periodSamples = (60 / bpm) * sampleRate;
  const noise = noiseSource(1);
  const add = (index: number, value: number) => {
    if (index < samples.length) samples[index] = (samples[index] as number) + value;
  };
  for (let beat = 0; beat * periodSamples < samples.length; beat++) {
    const start = Math.round(beat * periodSamples);
    for (let i = 0; i < 1500; i++) add(start + i, 0.15 * Math.exp(-i / 300) * noise());
    if (beat % 2 === 0) {
      let phase = 0;
      for (let i = 0; i < 12000; i++) {
        phase += (2 * Math.PI * (50 + 100 * Math.exp(-i / 800))) / sampleRate;
        add(start + i, 0.8 * Math.exp(-i / 4000) * Math.sin(phase));
      }
    } else {
      for (let i = 0; i < 8000; i++) {
        const body = 0.3 * Math.sin((2 * Math.PI * 190 * i) / sampleRate);
        add(start + i, 0.5 * Math.exp(-i / 2000) * (0.7 * noise() + body));
      }
    }
  }
  return samples;
}
