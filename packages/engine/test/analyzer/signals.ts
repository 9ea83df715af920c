// Synthetic signals with known answers for the analyzer's own tests.

/** The rate the fixtures are generated at. */
export const FIXTURE_SAMPLE_RATE = 44100;

function midiToHz(pitch: number): number {
  return 440 * 2 ** ((pitch - 69) / 12);
}

/** Chords of sines with a few harmonics, each held for secondsPerChord, the whole list repeated. */
export function makeProgression(
  chords: number[][],
  secondsPerChord: number,
  repeats: number,
  sampleRate = FIXTURE_SAMPLE_RATE,
): Float32Array {
  const chordSamples = Math.round(secondsPerChord * sampleRate);
  const samples = new Float32Array(chordSamples * chords.length * repeats);
  let offset = 0;
  for (let repeat = 0; repeat < repeats; repeat++) {
    for (const chord of chords) {
      for (const pitch of chord) {
        const hz = midiToHz(pitch);
        for (let i = 0; i < chordSamples; i++) {
          const envelope = Math.min(1, i / 500, (chordSamples - i) / 500);
          let value = 0;
          for (let harmonic = 1; harmonic <= 3; harmonic++) {
            value += Math.sin((2 * Math.PI * hz * harmonic * i) / sampleRate) / harmonic;
          }
          samples[offset + i] = (samples[offset + i] as number) + 0.08 * envelope * value;
        }
      }
      offset += chordSamples;
    }
  }
  return samples;
}

/** A sine of the given peak amplitude. */
export function makeSine(
  hz: number,
  amplitude: number,
  durationSeconds: number,
  sampleRate = FIXTURE_SAMPLE_RATE,
  phaseRadians = 0,
): Float32Array {
  const samples = new Float32Array(Math.round(durationSeconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / sampleRate + phaseRadians);
  return samples;
}

/** A minor i–iv–V–i with the raised leading tone, voiced low to high (MIDI pitches). */
export const A_MINOR_CADENCE = [
  [45, 57, 60, 64],
  [50, 57, 62, 65],
  [52, 56, 59, 64],
  [45, 57, 60, 64],
];

/** C major I–IV–V–I. */
export const C_MAJOR_CADENCE = [
  [48, 60, 64, 67],
  [41, 60, 65, 69],
  [43, 59, 62, 67],
  [48, 60, 64, 67],
];
