// A recorded voice that sings: Flite speaks the phrase's phonemes (CMU ARCTIC voices), then
// TD-PSOLA moves every phoneme to the planned time and every pitch period to the planned pitch.
// Speech → song in three steps:
//   1. analysis: a YIN pitch track of the speech and pitch marks (one per period, on its peak);
//   2. time map: each planned phoneme reads its spoken counterpart; a vowel longer than spoken is
//      held by reading its steady middle once, slowly (never stretched into breath), its grains
//      blended, evened in loudness and lightly jittered so nothing in the hold repeats;
//   3. synthesis: grains two source periods long, Hann-windowed, laid one per target period (a
//      diphone voice's voiced grains each blended with the one before, see periodBlend).
// The output is band-limited at Flite's 8 kHz Nyquist; the mix's EQ decides the air above it.
import { createRng } from '../../random.js';
import { isSonorant, isVoiceless, isVoicelessStop } from '../phoneme-acoustics.js';
import { createPitchCurve } from '../pitch-curve.js';
import { trackPitch } from '../pitch-track.js';
import { isVowelPhoneme } from '../pronounce.js';
import type { PhrasePlan } from '../vocal-plan.js';
import type { SingerSpec } from '../vocal-types.js';
import { releaseFliteInstances, runFlite, type WasmModule } from './flite-wasi.js';

export interface FliteSpeech {
  pcm: Float32Array;
  sampleRateHz: number;
  /** One entry per phone asked for (leading and trailing pauses included), in order. */
  phones: Array<{ phone: string; startSeconds: number; endSeconds: number }>;
  /** Lower than any pitch the voice speaks this speech at (Hz): the pitch analysis looks no lower. */
  lowestPitchHz?: number;
  /** Above 1: spoken that many times slower than the voice's own pace (Flite's duration_stretch). */
  durationStretch?: number;
  /** What the engine knows of the voice that spoke it. */
  voice: FliteVoice;
}

/** What the engine knows of each Flite voice it sings with, measured on each. */
export interface FliteVoice {
  /**
   * Speaks near the pitch asked for (int_f0_target_mean with a 5 Hz spread): slt and awb stay
   * above 0.72 × the asked pitch across their ranges but for octave errors and creak, so the
   * analysis looks down to 0.6 × it, at a cost that falls with the longest period compared; kal16
   * speaks exactly the pitch asked. rms ignores the asked pitch and speaks at 88–160 Hz with creaky
   * onsets near 65 Hz that its consonant timing relies on (read as voiced, they stay with the
   * vowel): it is analysed down to the tracker's 60 Hz.
   */
  atAskedPitch: boolean;
  /** Its comfortable speaking pitch (Hz): the pitches asked of it are kept inside. */
  speakingRangeHz: readonly [number, number];
  /** How much slower than its own pace it speaks a line it will sing (1: its own pace). */
  sungStretch: number;
  /** The pitch analysis's voicing threshold: Flite's speech is clean, so a lenient one. */
  voicingThreshold: number;
  /** The gain that brings its speech to the others' level. */
  gain: number;
  /**
   * How much of each voiced grain is read from the mark of the grain laid before it (0: none).
   * Averaging neighbouring periods smooths a voice whose periods change abruptly (a diphone join).
   */
  periodBlend: number;
  /**
   * The same blend in a held vowel's attack after a voiceless consonant or a rest, where the
   * voice comes in (the larger of the two applies there). slt's "Stay" came to a steady voice
   * 50 ms after its note: its first periods after the "t" changed shape from one to the next, and
   * the pitch tracker lost the voice for 15 ms after hearing it start.
   */
  attackPeriodBlend: number;
  /**
   * How fast the first VOWEL_HEAD_SECONDS of a held vowel are read after a voiceless fricative,
   * an "h" or a rest (1: as spoken). A diphone vowel's first periods carry the consonant's
   * transition and are weakly periodic, so its steady voice came 35-40 ms after the note ("fal",
   * "heart", a phrase-opening "I"); read twice as fast, the transition is all there and the voice
   * steady within 30 ms. Not after a voiceless stop: read faster after "k", "we keep moving on"
   * was heard as "we don't move in on" on every trial (three rates and lengths).
   */
  vowelHeadRate: number;
}

const ARCTIC = {
  sungStretch: 1,
  voicingThreshold: 0.35,
  gain: 1,
  periodBlend: 0,
  attackPeriodBlend: 0.5,
  vowelHeadRate: 1,
};
const FLITE_VOICES: Readonly<Record<string, FliteVoice>> = {
  slt: { ...ARCTIC, atAskedPitch: true, speakingRangeHz: [150, 300] },
  // rms speaks fast: its vowels last about half as long as slt's (median 105 against 184 ms over
  // the folk song's lines), 40–70 ms for the short ones, so the steady part a held note is read
  // from lay in the move between two consonants, and Whisper heard the wrong vowel ("heart" →
  // "fire", "hills" → "girls", "falling" → "fouling"). 1.35 times slower: 1.7 (its vowels as long
  // as slt's) read its longer, partly voiced consonants into the sung notes (a vowel onset 70 ms
  // early, long notes 78 % voiced) and heard no better.
  rms: { ...ARCTIC, atAskedPitch: false, speakingRangeHz: [85, 160], sungStretch: 1.35 },
  awb: { ...ARCTIC, atAskedPitch: true, speakingRangeHz: [85, 160] },
  // kal16 is a diphone voice: recorded diphones re-excited by their LPC residual, one per period,
  // at exactly the pitch asked for. Its periods are less alike than the ARCTIC voices' statistical
  // ones, so at 0.35 the analysis heard a fifth of its vowels' frames unvoiced (its schwas most)
  // and read them on the fixed unvoiced hop: sung, those notes sounded at 250 Hz whatever the note
  // (the baritone's "the", "mor", "as" 9–14 semitones sharp, 86–95 % of its frames within ±50
  // cents). At 0.7 its vowels are voiced (99 of 101 frames of a test line against 77). It speaks
  // 7 dB softer than rms: brought to rms's level, it goes through the vocal strip as loud.
  // Its diphones are joined mid-phone, and at a join the waveform changes from one period to the
  // next: copied grain by grain, the sung voice lost its periodicity there for 10-20 ms, and the
  // pitch tracker its voice (a held "a" before "stranger" 78 % voiced; the "n" of "until" read
  // as the vowel of "til" starting 80 ms early). Each voiced grain half its own period, half the
  // one before keeps the voice continuous across the joins. Half: at 0.35 the held "a" was still
  // 79 % voiced; at 0.7 "til" was early again and the words were heard worse. The ARCTIC voices
  // need none (their periods are statistical and smooth) and lost words with it (slow song
  // 25/17/21 → 42/25/42 % for Maya Bright, Nora Vale and Theo Marsh).
  kal16: {
    atAskedPitch: true,
    speakingRangeHz: [85, 200],
    sungStretch: 1,
    voicingThreshold: 0.7,
    gain: 2.2,
    periodBlend: 0.5,
    // more blend in the attack (0.7) made its words worse (ballad 14 → 22 %, uptempo 13 → 19 %)
    attackPeriodBlend: 0.5,
    vowelHeadRate: 2,
  },
};

/** The voice's facts; a voice not measured here is taken as an ARCTIC voice of a middle range. */
export function fliteVoice(voice: string): FliteVoice {
  return FLITE_VOICES[voice] ?? { ...ARCTIC, atAskedPitch: false, speakingRangeHz: [100, 250] };
}

const LOWEST_PITCH_OF_ASKED = 0.6;

function lowestPitchOf(voice: string, pitchHz: number | undefined): number | undefined {
  return pitchHz !== undefined && fliteVoice(voice).atAskedPitch
    ? pitchHz * LOWEST_PITCH_OF_ASKED
    : undefined;
}

/** Flite's phone names: ARPAbet in lower case, the unstressed AH as the schwa `ax`. */
export function toFlitePhone(phoneme: string, stressed: boolean): string {
  if (phoneme === 'AH' && !stressed) return 'ax';
  return phoneme.toLowerCase();
}

function parseWav16(bytes: Uint8Array): { pcm: Float32Array; sampleRateHz: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let sampleRateHz = 16000;
  while (offset + 8 <= bytes.byteLength) {
    const tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (tag === 'fmt ') sampleRateHz = view.getUint32(offset + 12, true);
    if (tag === 'data') {
      const count = Math.floor(Math.min(size, bytes.byteLength - offset - 8) / 2);
      const pcm = new Float32Array(count);
      for (let i = 0; i < count; i++) pcm[i] = view.getInt16(offset + 8 + i * 2, true) / 32768;
      return { pcm, sampleRateHz };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('Flite wrote no audio');
}

/**
 * Speaks a phone sequence with one of Flite's voices; returns the audio and each phone's span.
 * `pitchHz` asks for a flat intonation at that pitch (voices that honour it: slt, awb), so the
 * speech starts near the notes and PSOLA moves it less; `durationStretch` above 1 speaks slower
 * (Flite's duration_stretch: every phone longer).
 */
export function speakPhones(
  module: WasmModule,
  voice: string,
  phones: readonly string[],
  pitchHz?: number,
  durationStretch = 1,
): FliteSpeech {
  // A repeated line (a chorus sung again) asks for the same speech: Flite is deterministic, so
  // the earlier answer is the same bytes, and what renderFliteVoice derived from it is kept too.
  const key = `${voice}|${pitchHz?.toFixed(1) ?? ''}|${durationStretch.toFixed(2)}|${phones.join(' ')}`;
  let cache = speechCache.get(module);
  if (!cache) {
    cache = new Map();
    speechCache.set(module, cache);
  }
  const cached = cache.get(key);
  if (cached) {
    // most recently used last, so the oldest is evicted first
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const speech = speakPhonesUncached(module, voice, phones, pitchHz, durationStretch);
  cache.set(key, speech);
  if (cache.size > SPEECH_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return speech;
}

/**
 * Speeches kept per thread (each with its resampled copy and pitch marks, about 1 MB): enough for
 * a song's distinct lines between two choruses.
 */
const SPEECH_CACHE_ENTRIES = 16;
let speechCache = new WeakMap<WasmModule, Map<string, FliteSpeech>>();

/**
 * Lets the kept speeches and Flite instance go: called as a track starts, so one track's lines are
 * reused within it (and a track costs the same whatever the thread sang before), and as its vocal
 * ends, so an idle thread holds none of them.
 */
export function forgetSpeeches(): void {
  speechCache = new WeakMap();
  releaseFliteInstances();
}

function speakPhonesUncached(
  module: WasmModule,
  voice: string,
  phones: readonly string[],
  pitchHz: number | undefined,
  durationStretch: number,
): FliteSpeech {
  const intonation =
    pitchHz === undefined
      ? []
      : ['--setf', `int_f0_target_mean=${pitchHz.toFixed(1)}`, '--setf', 'int_f0_target_stddev=5'];
  const pace = durationStretch === 1 ? [] : ['--setf', `duration_stretch=${durationStretch.toFixed(2)}`];
  const result = runFlite(module, [
    '-voice',
    voice,
    ...intonation,
    ...pace,
    '-psdur',
    '-p',
    phones.join(' '),
    '-o',
    'speech.wav',
  ]);
  const wav = result.files.get('speech.wav');
  if (result.exitCode !== 0 || !wav) throw new Error(`Flite failed (exit ${result.exitCode})`);
  const { pcm, sampleRateHz } = parseWav16(wav);
  const facts = fliteVoice(voice);
  if (facts.gain !== 1) for (let i = 0; i < pcm.length; i++) pcm[i]! *= facts.gain;
  const spans: FliteSpeech['phones'] = [];
  let start = 0;
  for (const entry of result.stdout.trim().split(/\s+/)) {
    const [phone, end] = entry.split(':');
    if (!phone || end === undefined) continue;
    const endSeconds = Number(end);
    spans.push({ phone, startSeconds: start, endSeconds });
    start = endSeconds;
  }
  return {
    pcm,
    sampleRateHz,
    phones: spans,
    lowestPitchHz: lowestPitchOf(voice, pitchHz),
    ...(durationStretch === 1 ? {} : { durationStretch }),
    voice: facts,
  };
}

/** Windowed-sinc resampling (16 taps a side): Flite's 16 kHz to the engine's rate. */
export function resampleSinc(input: Float32Array, fromRateHz: number, toRateHz: number): Float32Array {
  return resampleSincMany([input], fromRateHz, toRateHz)[0]!;
}

/** The Blackman-windowed sinc at `distance` input samples from an output position's centre. */
function sincKernel(distance: number, cutoff: number, halfWidth: number): number {
  const x = cutoff * distance;
  const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
  const w = distance / halfWidth;
  return cutoff * sinc * (0.42 + 0.5 * Math.cos(Math.PI * w) + 0.08 * Math.cos(2 * Math.PI * w));
}

/**
 * The kernel at every phase of a rational rate change: output n sits at input position
 * n·down/up, so its fractional part is one of `up` phases (16000→44100 is 160:441), and each
 * phase's taps are computed once per process instead of three sines and cosines per tap and sample.
 */
interface PolyphaseTable {
  up: number;
  down: number;
  /** Per phase: the offset of its first tap from the output's integer input position. */
  firstOffsets: Int32Array;
  tapCounts: Int32Array;
  /** Per phase, `maxTaps` weights (the unused tail zero). */
  weights: Float64Array;
  maxTaps: number;
}

const MAX_PHASES = 4096;
const polyphaseTables = new Map<string, PolyphaseTable | null>();

function greatestCommonDivisor(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

function polyphaseTableFor(fromRateHz: number, toRateHz: number): PolyphaseTable | null {
  const key = `${fromRateHz}:${toRateHz}`;
  const cached = polyphaseTables.get(key);
  if (cached !== undefined) return cached;
  let table: PolyphaseTable | null = null;
  if (Number.isInteger(fromRateHz) && Number.isInteger(toRateHz)) {
    const divisor = greatestCommonDivisor(fromRateHz, toRateHz);
    const up = toRateHz / divisor;
    const down = fromRateHz / divisor;
    if (up <= MAX_PHASES) {
      const cutoff = 0.95 * Math.min(1, up / down);
      const halfWidth = 16 / cutoff;
      const maxTaps = Math.ceil(2 * halfWidth) + 2;
      const firstOffsets = new Int32Array(up);
      const tapCounts = new Int32Array(up);
      const weights = new Float64Array(up * maxTaps);
      for (let phase = 0; phase < up; phase++) {
        const fraction = phase / up;
        const first = Math.ceil(fraction - halfWidth);
        const last = Math.floor(fraction + halfWidth);
        firstOffsets[phase] = first;
        tapCounts[phase] = last - first + 1;
        for (let j = first; j <= last; j++)
          weights[phase * maxTaps + (j - first)] = sincKernel(j - fraction, cutoff, halfWidth);
      }
      table = { up, down, firstOffsets, tapCounts, weights, maxTaps };
    }
  }
  polyphaseTables.set(key, table);
  return table;
}

/**
 * resampleSinc over several inputs: with a rational rate change (any two integer rates whose
 * ratio reduces to at most 4096 phases) the kernel comes from a polyphase table built once per
 * process; otherwise it is evaluated per tap. Taps beyond the input's ends count as silence.
 */
export function resampleSincMany(
  inputs: readonly Float32Array[],
  fromRateHz: number,
  toRateHz: number,
): Float32Array[] {
  if (fromRateHz === toRateHz) return [...inputs];
  const table = polyphaseTableFor(fromRateHz, toRateHz);
  return inputs.map((input) =>
    table ? resamplePolyphase(input, table) : resampleDirect(input, fromRateHz, toRateHz),
  );
}

function resamplePolyphase(input: Float32Array, table: PolyphaseTable): Float32Array {
  const { up, down, firstOffsets, tapCounts, weights, maxTaps } = table;
  const output = new Float32Array(Math.floor((input.length * up) / down));
  const lastInput = input.length - 1;
  // Output n's input position is base + phase/up, stepped by down/up without rounding drift.
  let base = 0;
  let phase = 0;
  for (let n = 0; n < output.length; n++) {
    const first = base + firstOffsets[phase]!;
    const row = phase * maxTaps;
    const from = Math.max(0, first);
    const to = Math.min(lastInput, first + tapCounts[phase]! - 1);
    let sum = 0;
    for (let k = from; k <= to; k++) sum += input[k]! * weights[row + k - first]!;
    output[n] = sum;
    phase += down;
    while (phase >= up) {
      phase -= up;
      base++;
    }
  }
  return output;
}

/** The kernel evaluated per tap (rates with no small rational ratio). */
function resampleDirect(input: Float32Array, fromRateHz: number, toRateHz: number): Float32Array {
  const ratio = toRateHz / fromRateHz;
  const output = new Float32Array(Math.floor(input.length * ratio));
  const cutoff = 0.95 * Math.min(1, ratio);
  const halfWidth = 16 / cutoff;
  for (let n = 0; n < output.length; n++) {
    const centre = n / ratio;
    const first = Math.max(0, Math.ceil(centre - halfWidth));
    const last = Math.min(input.length - 1, Math.floor(centre + halfWidth));
    let sum = 0;
    for (let k = first; k <= last; k++) sum += input[k]! * sincKernel(k - centre, cutoff, halfWidth);
    output[n] = sum;
  }
  return output;
}

/**
 * In-place RBJ high-pass (Q 0.707) applied twice (4 poles), in one pass over the samples: the
 * second filter reads each first-filter output as stored (rounded to 32 bits), so the samples are
 * those of filtering the array once and then again.
 */
export function highPassTwice(samples: Float32Array, sampleRateHz: number, cutoffHz: number): void {
  const w0 = (2 * Math.PI * cutoffHz) / sampleRateHz;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0;
  const b1 = -(1 + cos) / a0;
  const a1 = (-2 * cos) / a0;
  const a2 = (1 - alpha) / a0;
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  let u1 = 0;
  let u2 = 0;
  let z1 = 0;
  let z2 = 0;
  for (let n = 0; n < samples.length; n++) {
    const x = samples[n]!;
    const y = b0 * x + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    const u = Math.fround(y);
    const z = b0 * u + b1 * u1 + b0 * u2 - a1 * z1 - a2 * z2;
    u2 = u1;
    u1 = u;
    z2 = z1;
    z1 = z;
    samples[n] = z;
  }
}

interface SourceAnalysis {
  /** Pitch marks (sample index in the resampled source), ascending. */
  marks: Int32Array;
  /** Local period at each mark (samples); unvoiced marks carry the unvoiced hop. */
  periods: Float64Array;
  voicedAt: (sample: number) => boolean;
}

const UNVOICED_HOP_SECONDS = 0.004;
/** How long a held vowel takes to read on from its steady part to its release (seconds). */
const CLOSE_SECONDS = 0.04;
/** A squeezed voiceless stop keeps at least this share of its time silent (its closure). */
const STOP_CLOSURE_SHARE = 0.35;
/** How much of a squeezed stop's release (burst and breath) is read at the spoken rate. */
const BURST_AS_SPOKEN_SECONDS = 0.02;
/**
 * Before a sung voiceless stop, the voice ends where the spoken voice has fallen this far under
 * the sound's loudest (as an amplitude ratio: 10 dB); what Flite speaks after that is the stop's.
 */
const VOICE_FADED_RATIO = 10 ** (-10 / 20);
/**
 * A sung "h"'s breath against the voice Flite spoke it with: at full level the noise of "whole"
 * was heard as an "s" ("let the whole world" → "lift the soul"); at a quarter, "heart" as "part".
 */
const SUNG_H_GAIN = 0.5;
/** The part of a held vowel's attack a voice's `vowelHeadRate` applies to (spoken seconds). */
const VOWEL_HEAD_SECONDS = 0.03;
const DIPHTHONGS: ReadonlySet<string> = new Set(['AY', 'EY', 'OW', 'AW', 'OY']);

/** Pitch marks one per period on the waveform's peak in voiced parts, a fixed hop elsewhere. */
function analyseSource(
  pcm: Float32Array,
  sampleRateHz: number,
  lowestPitchHz: number | undefined,
  voicingThreshold: number,
): SourceAnalysis {
  const hopSeconds = 0.005;
  const track = trackPitch(pcm, {
    sampleRateHz,
    hopSeconds,
    minFrequencyHz: 60,
    searchMinFrequencyHz: lowestPitchHz,
    maxFrequencyHz: 500,
    silenceRms: 0.003,
    // lenient (the voice's own): a breathy vowel missed here would be copied at the spoken pitch
    // instead of moved to the note
    threshold: voicingThreshold,
  });
  const firstCentre = track.timesSeconds[0] ?? 0;
  const frameOf = (sample: number) =>
    Math.min(
      Math.max(Math.round((sample / sampleRateHz - firstCentre) / hopSeconds), 0),
      track.frequenciesHz.length - 1,
    );
  const frequencyAt = (sample: number) =>
    track.frequenciesHz.length > 0 ? track.frequenciesHz[frameOf(sample)]! : Number.NaN;
  // A mark's period is the median of the voiced frames within ±10 ms: the tracker slips an octave
  // (or a fifth) for a frame or two on a fading or creaky stretch (a vowel's end before a stop),
  // and grains two or three periods wide there broke the sung voice just before the consonant.
  const around: number[] = [];
  const periodFrequencyAt = (sample: number) => {
    const frame = frameOf(sample);
    around.length = 0;
    for (let f = Math.max(0, frame - 2); f <= Math.min(track.frequenciesHz.length - 1, frame + 2); f++) {
      if (!Number.isNaN(track.frequenciesHz[f]!)) around.push(track.frequenciesHz[f]!);
    }
    around.sort((a, b) => a - b);
    return around.length > 0 ? around[(around.length - 1) >> 1]! : Number.NaN;
  };
  // Peaks are picked on a low-passed copy, where each period has one clear maximum (on the raw
  // wave a strong first formant gives two, and alternating between them makes grains misalign).
  const smooth = lowPassTwice(pcm, sampleRateHz, 500);
  const marks: number[] = [];
  const periods: number[] = [];
  const unvoicedHop = Math.round(UNVOICED_HOP_SECONDS * sampleRateHz);
  let position = 0;
  let previousVoiced = false;
  while (position < pcm.length) {
    const frequencyHz = frequencyAt(position);
    if (Number.isNaN(frequencyHz)) {
      marks.push(position);
      periods.push(unvoicedHop);
      position += unvoicedHop;
      previousVoiced = false;
      continue;
    }
    const period = sampleRateHz / periodFrequencyAt(position);
    // The first mark of a voiced run takes the strongest peak of its period; each next one the
    // strongest within ±20 % of a period from where the period says it should be.
    const expected = previousVoiced ? marks[marks.length - 1]! + period : position + period / 2;
    const reach = previousVoiced ? period * 0.2 : period / 2;
    let best = Math.round(expected);
    let bestValue = Number.NEGATIVE_INFINITY;
    const from = Math.max(0, Math.round(expected - reach));
    const to = Math.min(pcm.length - 1, Math.round(expected + reach));
    for (let i = from; i <= to; i++) {
      if (smooth[i]! > bestValue) {
        bestValue = smooth[i]!;
        best = i;
      }
    }
    if (best >= pcm.length) break;
    marks.push(best);
    periods.push(period);
    previousVoiced = true;
    position = best + 1;
  }
  return {
    marks: Int32Array.from(marks),
    periods: Float64Array.from(periods),
    voicedAt: (sample) => !Number.isNaN(frequencyAt(sample)),
  };
}

/**
 * Analyses the speech at Flite's own rate (YIN costs the square of the rate) and carries the marks
 * to the output rate, each re-centred on the nearest low-passed peak of the resampled wave.
 */
function analyseAtRate(
  speechPcm: Float32Array,
  speechRateHz: number,
  source: Float32Array,
  sampleRateHz: number,
  lowestPitchHz: number | undefined,
  voicingThreshold: number,
): SourceAnalysis {
  const atSpeechRate = analyseSource(speechPcm, speechRateHz, lowestPitchHz, voicingThreshold);
  const ratio = sampleRateHz / speechRateHz;
  if (ratio === 1) return atSpeechRate;
  const smooth = lowPassTwice(source, sampleRateHz, 500);
  const reach = Math.ceil(ratio);
  const marks = new Int32Array(atSpeechRate.marks.length);
  const periods = new Float64Array(atSpeechRate.periods.length);
  for (let i = 0; i < marks.length; i++) {
    const mark = atSpeechRate.marks[i]!;
    const scaled = Math.min(Math.round(mark * ratio), source.length - 1);
    let best = scaled;
    if (atSpeechRate.voicedAt(mark)) {
      for (let j = Math.max(0, scaled - reach); j <= Math.min(source.length - 1, scaled + reach); j++) {
        if (smooth[j]! > smooth[best]!) best = j;
      }
    }
    marks[i] = i > 0 ? Math.max(best, marks[i - 1]! + 1) : best;
    periods[i] = atSpeechRate.periods[i]! * ratio;
  }
  return { marks, periods, voicedAt: (sample) => atSpeechRate.voicedAt(sample / ratio) };
}

function lowPassTwice(pcm: Float32Array, sampleRateHz: number, cutoffHz: number): Float32Array {
  const smooth = new Float32Array(pcm.length);
  const coefficient = 1 - Math.exp((-2 * Math.PI * cutoffHz) / sampleRateHz);
  let stage1 = 0;
  let stage2 = 0;
  for (let i = 0; i < pcm.length; i++) {
    stage1 += coefficient * (pcm[i]! - stage1);
    stage2 += coefficient * (stage1 - stage2);
    smooth[i] = stage2;
  }
  return smooth;
}

/** Index of the mark nearest to `sample` (binary search). */
function nearestMark(marks: Int32Array, sample: number): number {
  let low = 0;
  let high = marks.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (marks[middle]! < sample) low = middle + 1;
    else high = middle;
  }
  if (low > 0 && Math.abs(marks[low - 1]! - sample) < Math.abs(marks[low]! - sample)) return low - 1;
  return low;
}

/** Where the plan's time reads the speech; `hold` is set while a held vowel reads its steady part. */
interface SourcePoint {
  seconds: number;
  hold: { fromSeconds: number; toSeconds: number; weight: number } | null;
  /** Reading a nasal, liquid or glide (its hum is mostly below the spoken pitch's second harmonic). */
  sonorant?: boolean;
  /** Reading a voiceless stop's release: where (spoken seconds) the vowel after it starts. */
  releasedInto?: number;
  /** A held vowel's attack where the voice comes in (see FliteVoice.attackPeriodBlend). */
  voiceComingIn?: boolean;
  /** A sung voiceless stop's closure: no voice sounds in it (its noise does). */
  closure?: boolean;
  /**
   * A sung "h": breath, whatever Flite voiced in it. rms and slt voice an "h" between vowels ("the
   * hills", "a heart"); sung, that voice was heard as the vowel after it starting 45-60 ms early.
   * Silenced instead (as a stop's closure), "heart" was heard as "part".
   */
  aspirated?: boolean;
}

/** Vowels and sonorants: sounds a singer voices throughout. */
function carriesVoice(phoneme: string): boolean {
  return isVowelPhoneme(phoneme) || isSonorant(phoneme);
}

/** Maps plan time to spoken time, segment by segment; long vowels pass once through their steady middle. */
function createTimeMap(
  plan: PhrasePlan,
  speech: FliteSpeech,
  loudestVoiced: (fromSeconds: number, toSeconds: number) => number,
  voicedAtSeconds: (timeSeconds: number) => boolean,
  levelAt: (timeSeconds: number) => number,
): (timeSeconds: number) => SourcePoint | null {
  /**
   * Where a voice coming in from silence is steady: voiced for the next 20 ms and within 6 dB of
   * the loudest moment before `toSeconds` (searching from `fromSeconds`, which it returns when
   * none is).
   */
  const steadyVoiceFrom = (fromSeconds: number, toSeconds: number): number => {
    let loudest = 0;
    for (let time = fromSeconds; time < toSeconds; time += 0.002) loudest = Math.max(loudest, levelAt(time));
    for (let time = fromSeconds; time < toSeconds; time += 0.002) {
      if (levelAt(time) < loudest / 2) continue;
      let steady = true;
      for (let ahead = 0; ahead <= 0.02 && steady; ahead += 0.002) steady = voicedAtSeconds(time + ahead);
      if (steady) return time;
    }
    return fromSeconds;
  };
  /**
   * From `fromSeconds` towards `toSeconds` (on or back) in 2 ms steps: the first moment voiced
   * (`voiced`) or not; `fromSeconds` when there is none.
   */
  const findVoicing = (voiced: boolean, fromSeconds: number, toSeconds: number): number => {
    const step = toSeconds < fromSeconds ? -0.002 : 0.002;
    for (let time = fromSeconds; step > 0 ? time < toSeconds : time > toSeconds; time += step) {
      if (voicedAtSeconds(time) === voiced) return time;
    }
    return fromSeconds;
  };
  const spoken = speech.phones.slice(1, 1 + plan.segments.length).map((phone) => ({ ...phone }));
  const sung = plan.delivery === 'sung';
  // Slowed speech (rms's sung lines) lets its voice fade slowly into every voiceless consonant,
  // not only a stop (below). slt at its own pace keeps its vowel's fade before an "s", "f" or "h":
  // moved to the consonant there, it was heard worse ("the snow" → "this no", "the sleeping
  // town" → "as we came down"; slow / Nora Vale 17 → 42 %).
  const fadesBefore = (consonant: string) =>
    isVoicelessStop(consonant) || ((speech.durationStretch ?? 1) > 1 && isVoiceless(consonant));
  /**
   * Where a sound's voice, spoken from `fromSeconds` until `toSeconds`, has last been within 10 dB
   * of its loudest (searched back over its second half). Flite lets a vowel die away slowly into
   * a voiceless stop: 30 ms at 15-35 dB under it, its pitch marks uneven. Sung, that tail was a
   * weak voice the pitch tracker lost for a frame and found again — heard as the next vowel
   * starting 70 ms early ("to" of "tonight") — so the voice ends before it and the stop's
   * closure, where no voice is sung, takes it. In slowed speech the same before a voiceless
   * fricative or "h": rms spoken 1.7 times slower faded so long into the "s" of "a stranger" that
   * the held "a" was 78 % voiced, and its voice fading into the "h" of "hills" was heard as the
   * vowel, 55 ms early.
   */
  const voiceFadedBefore = (fromSeconds: number, toSeconds: number): number => {
    const loudest = levelAt(loudestVoiced(fromSeconds, toSeconds));
    const middle = (fromSeconds + toSeconds) / 2;
    let time = toSeconds;
    while (time - 0.002 > middle && levelAt(time) < loudest * VOICE_FADED_RATIO) time -= 0.002;
    return time;
  };
  // Flite's labels and the voice part at other moments than the plan needs:
  // - after a consonant, a vowel's or sonorant's label starts before the voice does (a stop's
  //   release and aspiration, the tail of a fricative, the devoiced "l" of "sleep"): that unvoiced
  //   head belongs to the consonant, or the vowel planned on the beat is heard 15-30 ms late and
  //   the "l" is sung as noise;
  // - before a consonant, a vowel's label runs on after its voice has stopped, or ends while the
  //   voice still rings into a voiceless consonant: the voice's end belongs to the vowel.
  // Each such boundary moves to where the voice starts or stops (within the nearer half of the
  // phone it moves into), so a held note reads voice to its last consonant and consonants read
  // their noise: read as labelled, a 375 ms "as" before "sleep" lost a fifth of its voice.
  const halfOf = (phone: { startSeconds: number; endSeconds: number }) =>
    (phone.endSeconds - phone.startSeconds) / 2;
  // A phrase that opens on its vowel ("I", "And") follows a pause: Flite lets the voice come in
  // 20-40 ms after the label, softly and unevenly; a singer's vowel starts on the note at full
  // voice, so it is read from where the spoken voice is steady. (An opening "w" or "l" keeps its
  // soft start: it sounds before the beat, and at full voice there it is heard as the note early.)
  const first = spoken[0];
  if (first && isVowelPhoneme(plan.segments[0]!.phoneme))
    first.startSeconds = steadyVoiceFrom(first.startSeconds, first.startSeconds + halfOf(first));
  for (let index = 1; index < plan.segments.length; index++) {
    const before = plan.segments[index - 1]!.phoneme;
    const after = plan.segments[index]!.phoneme;
    const earlier = spoken[index - 1]!;
    const later = spoken[index]!;
    let boundary = later.startSeconds;
    if (carriesVoice(after) && !carriesVoice(before)) {
      boundary = findVoicing(true, later.startSeconds, later.startSeconds + halfOf(later));
    } else if (carriesVoice(before) && !carriesVoice(after)) {
      if (!voicedAtSeconds(later.startSeconds)) {
        boundary = findVoicing(true, earlier.endSeconds, earlier.endSeconds - halfOf(earlier));
      } else if (isVoiceless(after)) {
        boundary = findVoicing(false, later.startSeconds, later.startSeconds + halfOf(later));
      }
      if (sung && fadesBefore(after)) boundary = voiceFadedBefore(earlier.startSeconds, boundary);
    }
    earlier.endSeconds = boundary;
    later.startSeconds = boundary;
  }
  /**
   * Where a stop's burst is: after its quietest moment (the closure), the first moment the level
   * reaches a quarter of its loudest after it. Away from the segment's edges, where the level
   * window still hears the neighbouring voice; a spoken stop may also open with the voice of the
   * vowel before it dying away, which is not its burst.
   */
  const burstOf = (fromSeconds: number, toSeconds: number): number => {
    const from = Math.min(fromSeconds + 0.008, toSeconds);
    const to = Math.max(toSeconds - 0.006, from);
    let quietest = from;
    for (let time = from; time < to; time += 0.001) if (levelAt(time) < levelAt(quietest)) quietest = time;
    let loudest = 0;
    for (let time = quietest; time < to; time += 0.001) loudest = Math.max(loudest, levelAt(time));
    for (let time = quietest; time < to; time += 0.001) {
      if (levelAt(time) >= loudest / 4) return Math.max(quietest, time - 0.003);
    }
    return quietest;
  };
  const steadyParts = new Map<number, { start: number; length: number }>();
  /** Each squeezed stop's burst (spoken seconds), by segment. */
  const bursts = new Map<number, number>();
  return (timeSeconds: number) => {
    const index = plan.segments.findIndex(
      (segment) => timeSeconds >= segment.startSeconds && timeSeconds < segment.endSeconds,
    );
    if (index < 0) return null;
    const segment = plan.segments[index]!;
    const source = spoken[index]!;
    const target = segment.endSeconds - segment.startSeconds;
    const length = source.endSeconds - source.startSeconds;
    const into = timeSeconds - segment.startSeconds;
    if (isVoicelessStop(segment.phoneme) && (target < length || sung)) {
      // A squeezed voiceless stop shortens its silence, not its release: the burst and the first
      // of its breath are read as spoken (read faster, the grains skipped past the burst and the
      // "k" of "keep" was heard as a "d"); the rest of the breath is read faster. Sung, no voice
      // sounds before its burst: what Flite voices there (the vowel before dying away, a flapped
      // "t" in "city"), stretched to a lengthened stop, was a second, weak voice before the
      // burst, heard as the next vowel starting early. Only the voice goes: the whole closure
      // silenced also took the burst of a phrase-opening "Quiet" where the burst search found it
      // late ("Why is now…"). A stop given as much time as spoken or more is read as before.
      let burst = bursts.get(index);
      if (burst === undefined) {
        burst = burstOf(source.startSeconds, source.endSeconds);
        bursts.set(index, burst);
      }
      if (target >= length) {
        // only sung stops get here (a stop read at or below the spoken rate keeps its burst)
        const seconds = source.startSeconds + (into / target) * length;
        return { seconds, hold: null, closure: seconds < burst };
      }
      const releaseLength = source.endSeconds - burst;
      const closureTarget = Math.max(target - releaseLength, target * STOP_CLOSURE_SHARE);
      if (into < closureTarget)
        return {
          seconds: source.startSeconds + (into / closureTarget) * (burst - source.startSeconds),
          hold: null,
          closure: sung,
        };
      const released = into - closureTarget;
      const releaseTarget = target - closureTarget;
      const asSpoken = Math.min(BURST_AS_SPOKEN_SECONDS, releaseTarget, releaseLength);
      const releasedInto = source.endSeconds;
      if (released < asSpoken) return { seconds: burst + released, hold: null, releasedInto };
      const rest = (released - asSpoken) / Math.max(releaseTarget - asSpoken, 1e-9);
      return { seconds: burst + asSpoken + rest * (releaseLength - asSpoken), hold: null, releasedInto };
    }
    if (segment.role !== 'vowel' || target <= length)
      return {
        seconds: source.startSeconds + (into / target) * length,
        hold: null,
        sonorant: isSonorant(segment.phoneme),
        // a sung "h" is breath (see SourcePoint.aspirated)
        ...(sung && segment.phoneme === 'HH' ? { aspirated: true } : {}),
      };
    // A held vowel: its attack as spoken, then one slow pass through its steady part, then its
    // release as spoken. A diphthong holds its first quality and glides only at the end
    // ("night" is held on "ah" and closes to "ee"), as singers do; walking through the glide
    // would sing "ah-ee-ah-ee".
    // After a voiceless consonant or at the phrase's start the voice comes in during the attack,
    // and a voice may read the first of it faster (FliteVoice.vowelHeadRate): `attack` is in
    // spoken seconds, `attackTarget` the sung seconds it takes.
    const attack = Math.min(length * 0.3, 0.06);
    const holdEnd = DIPHTHONGS.has(segment.phoneme) ? attack + length * 0.25 : length - attack;
    const before = plan.segments[index - 1]?.phoneme;
    const voiceComingIn = before === undefined || isVoiceless(before);
    const afterStop = before !== undefined && isVoicelessStop(before);
    const headRate = voiceComingIn && !afterStop ? speech.voice.vowelHeadRate : 1;
    const head = Math.min(VOWEL_HEAD_SECONDS, attack);
    const attackTarget = attack - head + head / headRate;
    const release = Math.min(length - holdEnd, 0.03, target - attackTarget - 0.001);
    if (into < attackTarget) {
      const read = into < head / headRate ? into * headRate : head + (into - head / headRate);
      return { seconds: source.startSeconds + read, hold: null, ...(voiceComingIn ? { voiceComingIn } : {}) };
    }
    const fromEnd = target - into;
    if (fromEnd < release) return { seconds: source.endSeconds - fromEnd, hold: null };
    // The pass stays within 25 ms around the steady part's middle: wider, it reaches into the
    // neighbours' transitions and the held vowel wobbles in loudness and colour.
    let steady = steadyParts.get(index);
    if (steady === undefined) {
      // The loudest voiced moment of the part that may be held: a vowel's most stable sound.
      const from = source.startSeconds + attack;
      const to = source.startSeconds + holdEnd;
      const middle = loudestVoiced(from, to);
      // The walk stays inside the voiced run around it: a short vowel (a schwa, Flite's "and")
      // has little steady voice, and walking into its unvoiced edges made a held note drop its
      // voice five times a second.
      let runStart = middle;
      let runEnd = middle;
      while (runStart - 0.002 >= from && voicedAtSeconds(runStart - 0.002)) runStart -= 0.002;
      while (runEnd + 0.002 <= to && voicedAtSeconds(runEnd + 0.002)) runEnd += 0.002;
      const length = Math.min(Math.max(runEnd - runStart, 0.001), 0.025);
      const start = Math.min(Math.max(middle - length / 2, runStart), runEnd - length);
      steady = { start: Math.max(start, from), length };
      steadyParts.set(index, steady);
    }
    const steadyLength = steady.length;
    const steadyStart = steady.start;
    // Reach the steady middle from the end of the attack, then pass through it slowly.
    const approach = steadyStart - (source.startSeconds + attack);
    const walked = into - attackTarget;
    // The hold fades in over its first 60 ms and out over the last 60 ms before the release, so
    // the attack and release keep their spoken loudness and the hold's evening-out starts softly.
    const weight = Math.min(1, Math.max(0, walked - approach) / 0.06, Math.max(0, fromEnd - release) / 0.06);
    const hold = { fromSeconds: steadyStart, toSeconds: steadyStart + steadyLength, weight };
    if (walked < approach) return { seconds: source.startSeconds + attack + walked, hold };
    // One slow pass through the steady part over the whole hold, never turning back: a walk back
    // and forth repeats its colour at the walk's rate, which Whisper heard as a syllable sung
    // again and again ("light" → "I-I-I-I…").
    // Then the vowel's close (a diphthong's glide, the move towards the next consonant) is read on
    // to the release over its last moments, not jumped to: the jump changed the voice's waveform
    // from one period to the next, and the tracker heard a break in the voice just before a
    // consonant, then the voice again (a vowel onset heard 75 ms early).
    const steadyEnd = steadyStart + steadyLength;
    const releaseStart = source.endSeconds - release;
    const close =
      releaseStart <= steadyEnd
        ? 0
        : Math.min(CLOSE_SECONDS, Math.max(target - release - attackTarget - approach, 0) * 0.3);
    if (close > 0 && fromEnd < release + close) {
      const closed = 1 - (fromEnd - release) / close;
      return { seconds: steadyEnd + closed * (releaseStart - steadyEnd), hold };
    }
    const holdLength = Math.max(target - release - close - attackTarget - approach, 0.001);
    const along = Math.min((walked - approach) / holdLength, 1);
    return { seconds: steadyStart + along * steadyLength, hold };
  };
}

/** The speech at the output rate and its pitch marks: pure in the speech, kept while it is cached. */
const preparedSources = new WeakMap<
  FliteSpeech,
  { sampleRateHz: number; source: Float32Array; analysis: SourceAnalysis }
>();

function prepareSource(
  speech: FliteSpeech,
  sampleRateHz: number,
): { source: Float32Array; analysis: SourceAnalysis } {
  prepareSources([speech], sampleRateHz);
  return preparedSources.get(speech)!;
}

/**
 * Resamples and analyses speeches ahead of renderFliteVoice, several together (resampleSincMany),
 * so the phrases sung from them next skip that step.
 */
export function prepareSources(speeches: readonly FliteSpeech[], sampleRateHz: number): void {
  const waiting = speeches.filter(
    (speech, index) =>
      preparedSources.get(speech)?.sampleRateHz !== sampleRateHz && speeches.indexOf(speech) === index,
  );
  for (const rateHz of new Set(waiting.map((speech) => speech.sampleRateHz))) {
    const atRate = waiting.filter((speech) => speech.sampleRateHz === rateHz);
    const sources = resampleSincMany(
      atRate.map((speech) => speech.pcm),
      rateHz,
      sampleRateHz,
    );
    atRate.forEach((speech, index) => {
      const source = sources[index]!;
      const analysis = analyseAtRate(
        speech.pcm,
        speech.sampleRateHz,
        source,
        sampleRateHz,
        speech.lowestPitchHz,
        speech.voice.voicingThreshold,
      );
      preparedSources.set(speech, { sampleRateHz, source, analysis });
    });
  }
}

/** A grain's Hann window by its reach (the same values as computing it per sample, once). */
const hannWindows = new Map<number, Float64Array>();
function hannOf(reach: number): Float64Array {
  let window = hannWindows.get(reach);
  if (!window) {
    window = new Float64Array(2 * reach + 1);
    for (let k = -reach; k <= reach; k++)
      window[k + reach] = 0.5 + 0.5 * Math.cos((Math.PI * k) / (reach + 1));
    hannWindows.set(reach, window);
  }
  return window;
}

/** Root mean square of a voiced mark's grain (Hann window one period each side). */
function grainRms(source: Float32Array, mark: number, period: number): number {
  const reach = Math.max(1, Math.floor(period));
  const hann = hannOf(reach);
  let energy = 0;
  let weights = 0;
  for (let k = -reach; k <= reach; k++) {
    const at = mark + k;
    if (at < 0 || at >= source.length) continue;
    const windowed = source[at]! * hann[k + reach]!;
    energy += windowed * windowed;
    weights += hann[k + reach]! * hann[k + reach]!;
  }
  return weights > 0 ? Math.sqrt(energy / weights) : 0;
}

/**
 * For a held vowel: the two voiced marks around a reading point, how much of each (by distance),
 * and the gains that bring each to the steady part's mean loudness (fading in with `weight`).
 * Null where the point has no voiced pair (the hold then reads the nearest mark as before).
 */
function createHoldBlend(source: Float32Array, analysis: SourceAnalysis, sampleRateHz: number) {
  const rmsOfMark = new Map<number, number>();
  const meanRmsOfHold = new Map<number, number>();
  const rmsAt = (index: number): number => {
    let rms = rmsOfMark.get(index);
    if (rms === undefined) {
      rms = grainRms(source, analysis.marks[index]!, analysis.periods[index]!);
      rmsOfMark.set(index, rms);
    }
    return rms;
  };
  return (
    hold: NonNullable<SourcePoint['hold']>,
    sourceSample: number,
  ): { first: number; period: number; firstGain: number; secondGain: number } | null => {
    const { marks, periods } = analysis;
    let first = nearestMark(marks, sourceSample);
    if (marks[first]! > sourceSample && first > 0) first -= 1;
    if (first + 1 >= marks.length) return null;
    const [a, b] = [marks[first]!, marks[first + 1]!];
    if (!analysis.voicedAt(a) || !analysis.voicedAt(b) || b <= a) return null;
    let mean = meanRmsOfHold.get(hold.fromSeconds);
    if (mean === undefined) {
      let sum = 0;
      let count = 0;
      const from = nearestMark(marks, hold.fromSeconds * sampleRateHz);
      const to = nearestMark(marks, hold.toSeconds * sampleRateHz);
      for (let index = from; index <= to; index++) {
        if (!analysis.voicedAt(marks[index]!)) continue;
        sum += rmsAt(index);
        count++;
      }
      mean = count > 0 ? sum / count : 0;
      meanRmsOfHold.set(hold.fromSeconds, mean);
    }
    const toMean = (index: number) => {
      const rms = rmsAt(index);
      const ratio = rms > 0 && mean! > 0 ? Math.min(Math.max(mean! / rms, 0.25), 4) : 1;
      return 1 + hold.weight * (ratio - 1);
    };
    const along = Math.min(Math.max((sourceSample - a) / (b - a), 0), 1);
    return {
      first,
      period: periods[first]! * (1 - along) + periods[first + 1]! * along,
      firstGain: (1 - along) * toMean(first),
      secondGain: along * toMean(first + 1),
    };
  };
}

/**
 * Adds one grain to `output`: the source read around `mark` (and, for a held vowel's blend, around
 * `secondMark`), `formantShift` source samples a step with linear interpolation, Hann-windowed
 * (`hann`, 2·reach + 1 values), centred on output sample `centre`. The hot loop of this voice: the
 * output bounds are taken out of the loop and the blend gets its own loop; every sample is the same
 * expression, in the same order, as reading it one output sample at a time with both checks inside.
 */
export function addGrain(
  output: Float32Array,
  source: Float32Array,
  hann: Float64Array,
  centre: number,
  mark: number,
  firstGain: number,
  secondMark: number,
  secondGain: number,
  formantShift: number,
): void {
  const reach = (hann.length - 1) / 2;
  const kFrom = Math.max(-reach, -centre);
  const kTo = Math.min(reach, output.length - 1 - centre);
  const lastBase = source.length - 2;
  if (secondGain === 0) {
    for (let k = kFrom; k <= kTo; k++) {
      const read = mark + k * formantShift;
      const base = Math.floor(read);
      if (base < 0 || base > lastBase) continue;
      const first = source[base]!;
      output[centre + k]! +=
        (first + (source[base + 1]! - first) * (read - base)) * firstGain * hann[k + reach]!;
    }
    return;
  }
  for (let k = kFrom; k <= kTo; k++) {
    const read = mark + k * formantShift;
    const base = Math.floor(read);
    if (base < 0 || base > lastBase) continue;
    const first = source[base]!;
    let sample = (first + (source[base + 1]! - first) * (read - base)) * firstGain;
    const readSecond = secondMark + k * formantShift;
    const baseSecond = Math.floor(readSecond);
    if (baseSecond >= 0 && baseSecond <= lastBase) {
      const second = source[baseSecond]!;
      sample += (second + (source[baseSecond + 1]! - second) * (readSecond - baseSecond)) * secondGain;
    }
    output[centre + k]! += sample * hann[k + reach]!;
  }
}

export interface FliteVoiceOptions {
  sampleRateHz: number;
  startSample: number;
  sampleCount: number;
  seed: number;
  /** Zeros to sing into, `sampleCount` long (a caller's buffer, spared a copy); default a new array. */
  into?: Float32Array;
}

/**
 * Sings a planned phrase from Flite speech of the same phonemes. TD-PSOLA; the sample loops below
 * are long and inlined on purpose (the hot loop of this voice).
 */
export function renderFliteVoice(
  plan: PhrasePlan,
  singer: SingerSpec,
  speech: FliteSpeech,
  options: FliteVoiceOptions,
): Float32Array {
  const { sampleRateHz, startSample, sampleCount } = options;
  const output = options.into ?? new Float32Array(sampleCount);
  const { source, analysis } = prepareSource(speech, sampleRateHz);
  const loudestVoiced = (fromSeconds: number, toSeconds: number): number => {
    const windowSamples = Math.round(0.02 * sampleRateHz);
    const step = Math.round(0.005 * sampleRateHz);
    let best = (fromSeconds + toSeconds) / 2;
    let bestEnergy = -1;
    for (
      let start = Math.round(fromSeconds * sampleRateHz);
      start + windowSamples <= toSeconds * sampleRateHz;
      start += step
    ) {
      const centre = start + windowSamples / 2;
      if (!analysis.voicedAt(centre)) continue;
      let energy = 0;
      for (let i = start; i < start + windowSamples && i < source.length; i++)
        energy += source[i]! * source[i]!;
      if (energy > bestEnergy) {
        bestEnergy = energy;
        best = centre / sampleRateHz;
      }
    }
    return best;
  };
  const levelAt = (timeSeconds: number): number => {
    const centre = Math.round(timeSeconds * sampleRateHz);
    const reach = Math.round(0.005 * sampleRateHz);
    let energy = 0;
    for (let i = Math.max(0, centre - reach); i < Math.min(source.length, centre + reach); i++)
      energy += source[i]! * source[i]!;
    return Math.sqrt(energy / (2 * reach));
  };
  const timeMap = createTimeMap(
    plan,
    speech,
    loudestVoiced,
    (timeSeconds) => analysis.voicedAt(timeSeconds * sampleRateHz),
    levelAt,
  );
  const pitchAt = createPitchCurve(plan, {
    vibratoDepthCents: singer.vibratoDepthCents,
    vibratoRateHz: singer.vibratoRateHz,
  });
  const formantShift = singer.formantShift ?? 1;
  const unvoicedHop = UNVOICED_HOP_SECONDS * sampleRateHz;
  const holdBlend = createHoldBlend(source, analysis, sampleRateHz);
  // A held vowel read from nearly one place is more regular than a voice: small deterministic
  // jitter (period) and shimmer (amplitude) per grain, as a singer's held note has.
  const holdRng = createRng(options.seed ^ 0x5f3759df);

  /** The gain the vowel spoken from `vowelSeconds` gets when sung at the pitch of `timeSeconds`. */
  const releaseGain = (vowelSeconds: number, timeSeconds: number): number => {
    const vowelMark = nearestMark(analysis.marks, (vowelSeconds + 0.01) * sampleRateHz);
    if (!analysis.voicedAt(analysis.marks[vowelMark]!)) return 1;
    const sungPeriod = sampleRateHz / (440 * 2 ** ((pitchAt(timeSeconds) - 69) / 12));
    return Math.min(1, sungPeriod / analysis.periods[vowelMark]!);
  };

  const { voice } = speech;
  // the mark of the last grain laid, while the voice is voiced (see FliteVoice.periodBlend)
  let previousVoicedMark = -1;
  const aspirationRng = createRng(options.seed ^ 0x2545f491);
  let outputPosition = 0;
  while (outputPosition < sampleCount) {
    const timeSeconds = (startSample + outputPosition) / sampleRateHz;
    const point = timeMap(timeSeconds);
    if (point === null) {
      outputPosition += unvoicedHop;
      continue;
    }
    const sourceSample = point.seconds * sampleRateHz;
    const markIndex = nearestMark(analysis.marks, sourceSample);
    // A held vowel blends the two marks around its reading point, each evened to the steady
    // part's mean loudness: stepping from one spoken period to the next as the old back-and-forth walk turned gave a
    // loudness and colour pulse at the walk's rate, which Whisper heard as a repeated syllable.
    const blend = point.hold ? holdBlend(point.hold, sourceSample) : null;
    let mark = analysis.marks[blend?.first ?? markIndex]!;
    let voiced = analysis.voicedAt(mark);
    if (voiced && point.aspirated) {
      // read as noise: grains a hop apart, each from a place scattered by up to a hop, so no
      // period survives and the sound keeps its colour
      voiced = false;
      mark = Math.max(0, Math.round(sourceSample + (aspirationRng.next() - 0.5) * 2 * unvoicedHop));
    }
    if (voiced && point.closure) {
      // the voice Flite leaves in a voiceless stop's closure is not sung (see createTimeMap)
      outputPosition += unvoicedHop;
      continue;
    }
    const sourcePeriod = blend ? blend.period : analysis.periods[markIndex]!;
    const jitter = blend ? 1 + (holdRng.next() - 0.5) * 0.01 * point.hold!.weight : 1;
    const shimmer = blend ? 1 + (holdRng.next() - 0.5) * 0.1 * point.hold!.weight : 1;
    const targetPeriod = voiced
      ? (sampleRateHz / (440 * 2 ** ((pitchAt(timeSeconds) - 69) / 12))) * jitter
      : unvoicedHop;
    // A nasal's or liquid's hum lies near the spoken pitch, below its second harmonic: raised an
    // octave with grains two spoken periods wide, the grains' hum cancels and a sung "n" turned to
    // a whisper (a high "don't" lost its voice at the "n"). Grains no wider than the sung period
    // (down to half the spoken one) keep it voiced; vowels keep their wide grains and formants.
    const halfWidth = voiced
      ? point.sonorant
        ? Math.min(sourcePeriod, Math.max(targetPeriod, sourcePeriod * 0.5))
        : sourcePeriod
      : unvoicedHop;
    // Raising the pitch overlaps more grains: scale them so loudness does not climb with pitch.
    // A stop's release read as spoken keeps its spoken balance with the vowel it opens: that vowel
    // is scaled so when raised, and its burst is too.
    const gain = voiced
      ? Math.min(1, targetPeriod / sourcePeriod)
      : point.releasedInto !== undefined
        ? releaseGain(point.releasedInto, timeSeconds)
        : point.aspirated
          ? SUNG_H_GAIN
          : 1;
    // A formant shift reads the grain faster (shorter tract, higher formants) or slower.
    const reach = Math.floor(halfWidth / formantShift);
    const centre = Math.round(outputPosition);
    let secondMark = blend ? analysis.marks[blend.first + 1]! : 0;
    let firstGain = blend ? gain * blend.firstGain * shimmer : gain;
    let secondGain = blend ? gain * blend.secondGain * shimmer : 0;
    // a held vowel already blends two periods; a stop's release is read as spoken
    const periodBlend = point.voiceComingIn
      ? Math.max(voice.periodBlend, voice.attackPeriodBlend)
      : voice.periodBlend;
    if (periodBlend > 0 && !blend && voiced && previousVoicedMark >= 0 && point.releasedInto === undefined) {
      secondMark = previousVoicedMark;
      secondGain = gain * periodBlend;
      firstGain = gain * (1 - periodBlend);
    }
    previousVoicedMark = voiced ? mark : -1;
    addGrain(output, source, hannOf(reach), centre, mark, firstGain, secondMark, secondGain, formantShift);
    outputPosition += targetPeriod;
  }

  // Overlapping grains leave a rumble below the voice: a 4-pole high-pass just under the singer's
  // lowest note (−1 dB there) removes it; rap's speech contour dips lower, so its cut is lower.
  const lowestHz = 440 * 2 ** ((singer.rangeMidi[0] - 69) / 12);
  const cutoffHz = lowestHz * (plan.delivery === 'rap' ? 0.7 : 0.85);
  highPassTwice(output, sampleRateHz, cutoffHz);

  if (plan.breath) {
    // The breath before the phrase: soft band-limited noise swelling and fading.
    const rng = createRng(options.seed);
    const from = Math.max(0, Math.round(plan.breath.startSeconds * sampleRateHz) - startSample);
    const to = Math.min(sampleCount, Math.round(plan.breath.endSeconds * sampleRateHz) - startSample);
    let low = 0;
    let band = 0;
    for (let n = from; n < to; n++) {
      const white = rng.next() * 2 - 1;
      low += 0.35 * (white - low);
      band += 0.08 * (low - band);
      const envelope = Math.sin((Math.PI * (n - from)) / Math.max(to - from, 1));
      output[n]! += (low - band) * 0.05 * envelope;
    }
  }
  return output;
}
