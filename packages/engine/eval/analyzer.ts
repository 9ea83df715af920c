// The independent audio analyzer behind the quality bars (ENGINE.md "Bars it is measured
// against"). It reads only the rendered audio, with essentia.js and plain DSP, and never feeds
// anything back into the engine.
import {
  ANALYSIS_SAMPLE_RATE,
  countClippedSamples,
  downmix,
  longestSilenceSeconds,
  resample,
  toDb,
  truePeakLinear,
} from './dsp.js';
import { type EssentiaVector, getEssentia, withVector } from './essentia.js';
import { fft } from './spectrogram.js';
import { type PcmAudio, parseWav } from './wav.js';

/** The key profile KeyExtractor uses; chosen on synthetic progressions (see test/analyzer). */
export const KEY_PROFILE = 'edma';

export interface AudioAnalysis {
  durationSeconds: number;
  sampleRate: number;
  loudnessLufs: number;
  truePeakDbtp: number;
  samplePeakDbfs: number;
  clippedSamples: number;
  /** Raw tempo estimate, not folded to any target. */
  tempoBpm: number;
  /** A second, independent estimate (Percival) for the report. */
  tempoPercivalBpm: number;
  key: { tonic: string; mode: 'major' | 'minor'; strength: number };
  onsetsPerSecond: number;
  /** Mean half-wave-rectified spectral flux per second (measureSpectralFlux): how much the sound keeps changing. */
  spectralFlux: number;
  longestSilenceSeconds: number;
}

export interface AnalyzeOptions {
  /** Which costly measurements to run; all by default. Levels, duration and silence always run. */
  measure?: { tempo?: boolean; secondTempo?: boolean; key?: boolean; onsets?: boolean };
}

/** Analyzes a WAV file's bytes. */
export function analyzeWav(bytes: Uint8Array, options: AnalyzeOptions = {}): AudioAnalysis {
  return analyzePcm(parseWav(bytes), options);
}

function readVector(vector: EssentiaVector): Float32Array {
  const array = getEssentia().vectorToArray(vector);
  vector.delete();
  return array;
}

/** Analyzes decoded PCM planes (any sample rate, mono or stereo). */
export function analyzePcm(audio: PcmAudio, options: AnalyzeOptions = {}): AudioAnalysis {
  const essentia = getEssentia();
  const { channels, sampleRate } = audio;
  const left = channels[0] ?? new Float32Array(0);
  const right = channels[1] ?? left;
  const durationSeconds = left.length / sampleRate;

  const loudnessLufs = withVector(left, (leftVector) =>
    withVector(right, (rightVector) => {
      const result = essentia.LoudnessEBUR128(leftVector, rightVector, 0.1, sampleRate, false);
      readVector(result.momentaryLoudness);
      readVector(result.shortTermLoudness);
      return result.integratedLoudness as number;
    }),
  );
  let peakLinear = 0;
  let truePeak = 0;
  for (const channel of channels) {
    for (let i = 0; i < channel.length; i++)
      peakLinear = Math.max(peakLinear, Math.abs(channel[i] as number));
    truePeak = Math.max(truePeak, truePeakLinear(channel));
  }
  const base = {
    durationSeconds,
    sampleRate,
    loudnessLufs,
    truePeakDbtp: toDb(truePeak),
    samplePeakDbfs: toDb(peakLinear),
    clippedSamples: countClippedSamples(channels),
    longestSilenceSeconds: longestSilenceSeconds(channels, sampleRate),
  };
  const measure = { tempo: true, secondTempo: true, key: true, onsets: true, ...options.measure };
  const needsMono = measure.tempo || measure.secondTempo || measure.key || measure.onsets;
  const mono = needsMono
    ? resample(downmix(channels), sampleRate, ANALYSIS_SAMPLE_RATE)
    : new Float32Array(0);
  return {
    ...base,
    tempoBpm: measure.tempo ? measureTempo(mono) : Number.NaN,
    tempoPercivalBpm: measure.secondTempo ? measureTempoPercival(mono) : Number.NaN,
    key: measure.key ? measureKey(mono) : { tonic: '', mode: 'major', strength: 0 },
    onsetsPerSecond: measure.onsets ? measureOnsetRate(mono) : Number.NaN,
    spectralFlux: measure.onsets ? measureSpectralFlux(mono, ANALYSIS_SAMPLE_RATE) : Number.NaN,
  };
}

const FLUX_FRAME = 2048;
const FLUX_HOP = 1024;

/**
 * Spectral flux of a mono signal: for each 2048-sample Hann frame (hop 1024), the sum over bins of
 * how much each magnitude rose since the frame before (falls count 0), averaged per second. Drum
 * hits, plucks and chord changes raise it; sustained pads and silence do not. Every track is
 * mastered to the same loudness, so the figures compare across prompts.
 */
export function measureSpectralFlux(mono: Float32Array, sampleRate: number): number {
  const frames = Math.floor((mono.length - FLUX_FRAME) / FLUX_HOP) + 1;
  if (frames < 2) return 0;
  const window = new Float64Array(FLUX_FRAME);
  for (let i = 0; i < FLUX_FRAME; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FLUX_FRAME);
  const real = new Float64Array(FLUX_FRAME);
  const imag = new Float64Array(FLUX_FRAME);
  let previous = new Float64Array(FLUX_FRAME / 2);
  let current = new Float64Array(FLUX_FRAME / 2);
  let total = 0;
  for (let frame = 0; frame < frames; frame++) {
    const start = frame * FLUX_HOP;
    for (let i = 0; i < FLUX_FRAME; i++) {
      real[i] = (mono[start + i] as number) * (window[i] as number);
      imag[i] = 0;
    }
    fft(real, imag);
    for (let bin = 0; bin < FLUX_FRAME / 2; bin++) {
      current[bin] = Math.hypot(real[bin] as number, imag[bin] as number);
      if (frame > 0) total += Math.max(0, (current[bin] as number) - (previous[bin] as number));
    }
    [previous, current] = [current, previous];
  }
  const seconds = ((frames - 1) * FLUX_HOP) / sampleRate;
  return total / seconds;
}

/**
 * Tempo of a 44.1 kHz mono signal from RhythmExtractor2013's (multifeature) beat ticks, unfolded.
 * The beats, and so the metrical level, are essentia's; only the averaging is ours. Essentia's own
 * `bpm` averages just the inter-beat intervals within ±5 BPM of its modal 2-BPM bin, and its ticks
 * sit on an 11.6 ms grid, so above ~150 BPM one grid step is more than 5 BPM and `bpm` snaps to
 * grid values: a perfect 170 BPM click track reads 172.27 (test/analyzer). Every interval within
 * 10 % of the median one is averaged instead, which resolves tempo to a fraction of a BPM.
 *
 * One correction on top: the tracker prefers a beat near 120 BPM so strongly that below ~60 BPM it
 * puts a tick between every two beats even where nothing sounds (a metronome at 50 reads 99.9, a
 * kick–snare kit at 60 with hats on the beats reads 119.9; eval/tempo-sweep.ts). When every other
 * tick lands on silence (halfTickOnsetRatio below HALF_TICK_SILENCE_RATIO) the tempo is halved.
 */
export function measureTempo(mono: Float32Array): number {
  return correctTrackedTempo(mono, trackBeats(mono));
}

/** The tracked tempo, halved when every other tick falls on silence (see measureTempo). */
export function correctTrackedTempo(
  mono: Float32Array,
  tracked: { tempoBpm: number; ticksSeconds: Float32Array },
): number {
  const { tempoBpm, ticksSeconds } = tracked;
  const halved =
    tempoBpm / 2 >= MIN_TEMPO_BPM && halfTickOnsetRatio(mono, ticksSeconds) < HALF_TICK_SILENCE_RATIO;
  return halved ? tempoBpm / 2 : tempoBpm;
}

/** RhythmExtractor2013's beat ticks and the tempo they give (tempoFromBeatTicks), before any correction. */
export function trackBeats(mono: Float32Array): { tempoBpm: number; ticksSeconds: Float32Array } {
  return withVector(mono, (vector) => {
    const rhythm = getEssentia().RhythmExtractor2013(vector, 208, 'multifeature', MIN_TEMPO_BPM);
    const ticksSeconds = readVector(rhythm.ticks);
    for (const field of ['estimates', 'bpmIntervals']) if (rhythm[field]) readVector(rhythm[field]);
    return { tempoBpm: tempoFromBeatTicks(ticksSeconds) ?? (rhythm.bpm as number), ticksSeconds };
  });
}

/** The slowest tempo the tracker is asked for, and so the slowest a halved reading may be. */
const MIN_TEMPO_BPM = 40;

/**
 * Below this halfTickOnsetRatio every other tick sits where nothing is played. Chosen on the
 * synthetic sweep and the eval's renders: a doubled slow pulse reads 0.00–0.10, every pulse read
 * at its own tempo 0.55 or more (RESULTS.md, "Tempo at the tracker's floor and ceiling").
 */
export const HALF_TICK_SILENCE_RATIO = 0.3;

const ONSET_FRAME_SAMPLES = 2048;
const ONSET_HOP_SAMPLES = 441;
/** How far from a tick an onset still counts as on it: ±3 hops, 30 ms. */
const ONSET_REACH_FRAMES = 3;

/**
 * Onset strength at 100 frames per second: per 2048-sample Hann frame, the summed rise of each
 * bin's log-compressed magnitude since the frame before. Log compression lets a soft hat count
 * beside a loud kick, so a tick on a quiet beat is not mistaken for a tick on silence.
 */
export function onsetStrengthEnvelope(mono: Float32Array): Float64Array {
  const frames = Math.max(0, Math.floor((mono.length - ONSET_FRAME_SAMPLES) / ONSET_HOP_SAMPLES) + 1);
  const envelope = new Float64Array(frames);
  const window = new Float64Array(ONSET_FRAME_SAMPLES);
  for (let i = 0; i < ONSET_FRAME_SAMPLES; i++)
    window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / ONSET_FRAME_SAMPLES);
  const real = new Float64Array(ONSET_FRAME_SAMPLES);
  const imag = new Float64Array(ONSET_FRAME_SAMPLES);
  let previous = new Float64Array(ONSET_FRAME_SAMPLES / 2);
  let current = new Float64Array(ONSET_FRAME_SAMPLES / 2);
  for (let frame = 0; frame < frames; frame++) {
    const start = frame * ONSET_HOP_SAMPLES;
    for (let i = 0; i < ONSET_FRAME_SAMPLES; i++) {
      real[i] = (mono[start + i] as number) * (window[i] as number);
      imag[i] = 0;
    }
    fft(real, imag);
    let rise = 0;
    for (let bin = 0; bin < ONSET_FRAME_SAMPLES / 2; bin++) {
      current[bin] = Math.log1p(100 * Math.hypot(real[bin] as number, imag[bin] as number));
      if (frame > 0) rise += Math.max(0, (current[bin] as number) - (previous[bin] as number));
    }
    envelope[frame] = rise;
    [previous, current] = [current, previous];
  }
  return envelope;
}

/**
 * How strongly the weaker half of the beat ticks (every other one) is played, relative to the
 * stronger half: the median onset strength within 30 ms of the even ticks against that of the odd
 * ones, smaller over larger. About 1 when every tick is played, 0 when every other tick falls on
 * silence, which is the tracker doubling a slow pulse. 1 when there are too few ticks to tell.
 */
export function halfTickOnsetRatio(mono: Float32Array, ticksSeconds: Float32Array): number {
  if (ticksSeconds.length < 8) return 1;
  const envelope = onsetStrengthEnvelope(mono);
  const strengthAt = (seconds: number) => {
    const centre = Math.round((seconds * ANALYSIS_SAMPLE_RATE - ONSET_FRAME_SAMPLES / 2) / ONSET_HOP_SAMPLES);
    let strongest = 0;
    for (let frame = centre - ONSET_REACH_FRAMES; frame <= centre + ONSET_REACH_FRAMES; frame++) {
      if (frame >= 0 && frame < envelope.length) strongest = Math.max(strongest, envelope[frame] as number);
    }
    return strongest;
  };
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const strengths = Array.from(ticksSeconds, strengthAt);
  const even = median(strengths.filter((_, i) => i % 2 === 0));
  const odd = median(strengths.filter((_, i) => i % 2 === 1));
  const stronger = Math.max(even, odd);
  return stronger > 0 ? Math.min(even, odd) / stronger : 1;
}

/** 60 / the mean inter-beat interval, over intervals within 10 % of the median; undefined under 4 beats. */
export function tempoFromBeatTicks(ticksSeconds: Float32Array): number | undefined {
  const intervals: number[] = [];
  for (let i = 1; i < ticksSeconds.length; i++)
    intervals.push((ticksSeconds[i] as number) - (ticksSeconds[i - 1] as number));
  if (intervals.length < 3) return undefined;
  const median = [...intervals].sort((a, b) => a - b)[Math.floor(intervals.length / 2)] as number;
  const steady = intervals.filter((interval) => Math.abs(interval - median) <= 0.1 * median);
  return 60 / (steady.reduce((sum, interval) => sum + interval, 0) / steady.length);
}

/** Tempo of a 44.1 kHz mono signal by Percival's estimator, a second opinion for octave errors. */
export function measureTempoPercival(mono: Float32Array): number {
  return withVector(
    mono,
    (vector) =>
      getEssentia().PercivalBpmEstimator(vector, 1024, 2048, 128, 128, 210, 50, ANALYSIS_SAMPLE_RATE)
        .bpm as number,
  );
}

/** Key and scale of a 44.1 kHz mono signal by KeyExtractor with KEY_PROFILE. */
export function measureKey(mono: Float32Array): AudioAnalysis['key'] {
  return withVector(mono, (vector) => {
    const key = getEssentia().KeyExtractor(
      vector,
      true,
      4096,
      4096,
      12,
      3500,
      60,
      25,
      0.2,
      KEY_PROFILE,
      ANALYSIS_SAMPLE_RATE,
    );
    return {
      tonic: key.key as string,
      mode: key.scale as 'major' | 'minor',
      strength: key.strength as number,
    };
  });
}

/** Onsets per second of a 44.1 kHz mono signal by essentia's OnsetRate (HFC + complex domain). */
export function measureOnsetRate(mono: Float32Array): number {
  return withVector(mono, (vector) => {
    const onsets = getEssentia().OnsetRate(vector);
    readVector(onsets.onsets);
    return onsets.onsetRate as number;
  });
}
