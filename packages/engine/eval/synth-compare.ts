// `npm run synth-compare -w packages/engine`: renders each genre that lives on synthesis twice —
// every part through the SoundFont (before) and with the engine's synthesiser (after), and lo-fi
// without and with its tape colour — and
// writes the spectrogram pairs to docs/engine/synthesis/ with a table of objective measures:
// sub-bass share, brightness, kick punch, hat air, pad pumping, and the analyzer's tempo and key.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadBankFile } from '../node/load-bank.js';
import { generateTrack, type TrackResult } from '../src/index.js';
import { analyzePcm } from './analyzer.js';
import { downmix } from './dsp.js';
import { fft, renderSpectrogramPng } from './spectrogram.js';
import { parseWav } from './wav.js';

const SAMPLES = [
  { file: 'techno', prompt: 'dark techno, 128 bpm, A minor', seed: 7 },
  { file: 'house', prompt: 'uplifting deep house, 124 bpm', seed: 7 },
  { file: 'trap', prompt: 'dark trap beat with heavy 808s, 140 bpm', seed: 7 },
  { file: 'synthwave', prompt: 'retro synthwave night drive, 100 bpm', seed: 7 },
  // no synth parts: its before/after is the tape colour (saturation, roll-off, wow)
  { file: 'lofi', prompt: 'chill lo-fi hip hop beat for studying, 80 bpm in F major', seed: 7 },
];
const DURATION_SECONDS = 30;
const FFT_SIZE = 4096;

/** Average power per FFT bin over the whole signal (Hann frames, hop half a frame). */
function powerSpectrum(mono: Float32Array): Float64Array {
  const power = new Float64Array(FFT_SIZE / 2);
  const real = new Float64Array(FFT_SIZE);
  const imag = new Float64Array(FFT_SIZE);
  let frames = 0;
  for (let start = 0; start + FFT_SIZE <= mono.length; start += FFT_SIZE / 2) {
    for (let i = 0; i < FFT_SIZE; i++) {
      real[i] = (mono[start + i] as number) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE));
      imag[i] = 0;
    }
    fft(real, imag);
    for (let bin = 0; bin < FFT_SIZE / 2; bin++)
      power[bin] = (power[bin] as number) + (real[bin] as number) ** 2 + (imag[bin] as number) ** 2;
    frames++;
  }
  return power.map((value) => value / Math.max(1, frames));
}

function bandShareDb(power: Float64Array, sampleRate: number, fromHz: number, toHz: number): number {
  let band = 0;
  let total = 0;
  power.forEach((value, bin) => {
    const hz = (bin * sampleRate) / FFT_SIZE;
    if (hz < 20) return;
    total += value;
    if (hz >= fromHz && hz < toHz) band += value;
  });
  return 10 * Math.log10(band / total);
}

function centroidHz(power: Float64Array, sampleRate: number): number {
  let weighted = 0;
  let total = 0;
  power.forEach((value, bin) => {
    weighted += value * ((bin * sampleRate) / FFT_SIZE);
    total += value;
  });
  return weighted / total;
}

/** One-pole band-pass (high-pass then low-pass) envelope in 10 ms RMS frames. */
function bandEnvelope(mono: Float32Array, sampleRate: number, lowHz: number, highHz: number): Float64Array {
  const hp = Math.exp((-2 * Math.PI * lowHz) / sampleRate);
  const lp = 1 - Math.exp((-2 * Math.PI * highHz) / sampleRate);
  const frame = Math.round(0.01 * sampleRate);
  const frames = new Float64Array(Math.floor(mono.length / frame));
  let lowState = 0;
  let previous = 0;
  let highState = 0;
  for (let f = 0; f < frames.length; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) {
      const x = mono[i] as number;
      highState = hp * (highState + x - previous);
      previous = x;
      lowState += lp * (highState - lowState);
      sum += lowState * lowState;
    }
    frames[f] = Math.sqrt(sum / frame);
  }
  return frames;
}

/** Kick punch: the 95th over the 50th percentile of the 40–150 Hz envelope, in dB. */
function lowPunchDb(mono: Float32Array, sampleRate: number): number {
  const sorted = [...bandEnvelope(mono, sampleRate, 40, 150)].filter((v) => v > 1e-6).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))] as number;
  return 20 * Math.log10(at(0.95) / at(0.5));
}

/**
 * Pumping of a stem: its level in the 60 ms after each beat over its level in the middle of the
 * beat (dB; negative = it dips on the beat, as ducked pads do). Beats from the track's bpm.
 */
function pumpDb(stem: Float32Array[], sampleRate: number, bpm: number): number {
  const mono = downmix(stem);
  const beat = (60 / bpm) * sampleRate;
  let onBeat = 0;
  let midBeat = 0;
  for (let start = 0; start + beat < mono.length; start += beat) {
    const at = Math.round(start);
    for (let i = at; i < at + 0.06 * sampleRate; i++) onBeat += (mono[i] as number) ** 2;
    const middle = Math.round(start + beat * 0.5);
    for (let i = middle; i < middle + 0.06 * sampleRate; i++) midBeat += (mono[i] as number) ** 2;
  }
  return 10 * Math.log10((onBeat + 1e-12) / (midBeat + 1e-12));
}

interface Measures {
  subShareDb: number;
  centroidHz: number;
  lowPunchDb: number;
  airShareDb: number;
  padPumpDb: number | undefined;
  tempoBpm: number;
  key: string;
  synthParts: string;
}

function measure(result: TrackResult): Measures {
  const wav = parseWav(result.files.wav as Uint8Array);
  const { channels, sampleRate } = wav;
  const mono = downmix(channels);
  const power = powerSpectrum(mono);
  const pad = result.stems?.find((stem) => stem.partId.startsWith('pad'));
  const analysis = analyzePcm(wav, { measure: { secondTempo: false, onsets: false } });
  return {
    subShareDb: bandShareDb(power, sampleRate, 20, 60),
    centroidHz: centroidHz(power, sampleRate),
    lowPunchDb: lowPunchDb(mono, sampleRate),
    airShareDb: bandShareDb(power, sampleRate, 8000, 20000),
    padPumpDb: pad ? pumpDb(parseWav(pad.wav).channels, sampleRate, result.music.bpm) : undefined,
    tempoBpm: analysis.tempoBpm,
    key: `${analysis.key.tonic} ${analysis.key.mode}`,
    synthParts: (result.stems ?? [])
      .filter((stem) => stem.synth)
      .map((stem) => `${stem.partId} → ${stem.synth}`)
      .join(', '),
  };
}

const outDir = new URL('../../../docs/engine/synthesis/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const bank = loadBankFile('full');
const rows: string[] = [];
for (const sample of SAMPLES) {
  const measured: Measures[] = [];
  let understood = '';
  for (const synthesis of [false, true]) {
    const result = await generateTrack(
      {
        prompt: sample.prompt,
        durationSeconds: DURATION_SECONDS,
        seed: sample.seed,
        outputs: { formats: ['wav'], midi: false, waveform: false, stems: true },
      },
      { bank, synthesis },
    );
    const { channels, sampleRate } = parseWav(result.files.wav as Uint8Array);
    const png = renderSpectrogramPng(channels, sampleRate, {
      widthPx: 900,
      heightPx: 360,
      markerSeconds: result.music.sections.map((s) => s.start),
    });
    const name = `${sample.file}-${synthesis ? 'after' : 'before'}.png`;
    writeFileSync(new URL(name, outDir), png);
    measured.push(measure(result));
    understood = `${result.music.genre}, ${result.music.bpm} bpm, ${result.music.key}`;
    console.log(`wrote docs/engine/synthesis/${name}`);
  }
  const [before, after] = measured as [Measures, Measures];
  const fmt = (value: number | undefined, digits = 1) => (value === undefined ? '–' : value.toFixed(digits));
  const pair = (pick: (m: Measures) => number | undefined, digits = 1) =>
    `${fmt(pick(before), digits)} → ${fmt(pick(after), digits)}`;
  rows.push(
    `| ${sample.file} | ${understood} | ${pair((m) => m.subShareDb)} | ${pair((m) => m.centroidHz, 0)} | ${pair((m) => m.lowPunchDb)} | ${pair((m) => m.airShareDb)} | ${pair((m) => m.padPumpDb)} | ${pair((m) => m.tempoBpm)} | ${before.key} → ${after.key} | ${after.synthParts} |`,
  );
  console.log(rows.at(-1));
}
const table = [
  '| genre | understood as | sub 20–60 Hz share (dB) | centroid (Hz) | kick punch (dB) | air > 8 kHz share (dB) | pad pump (dB) | tempo heard (bpm) | key heard | synth parts (after) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
];
writeFileSync(new URL('measures.md', outDir), `${table.join('\n')}\n`);
console.log('wrote docs/engine/synthesis/measures.md');
