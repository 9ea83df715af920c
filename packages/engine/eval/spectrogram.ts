// Listen-proxy (ENGINE.md): a log-frequency magnitude spectrogram as a PNG, time on x, so a
// reviewer can see sections, drum hits and bass lines without playing the audio.
import { downmix } from './dsp.js';
import { encodePng } from './png.js';

export interface SpectrogramOptions {
  widthPx?: number; // default 1200
  heightPx?: number; // default 480
  minHz?: number; // default 30
  maxHz?: number; // default 16000
  floorDb?: number; // default −90: quieter bins are black
  /** Times in seconds to mark with a tick along the top edge (e.g. section starts). */
  markerSeconds?: number[];
}

const FFT_SIZE = 4096;

/** In-place iterative radix-2 FFT over separate real/imaginary arrays. */
export function fft(real: Float64Array, imag: Float64Array): void {
  const n = real.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [real[i], real[j]] = [real[j] as number, real[i] as number];
      [imag[i], imag[j]] = [imag[j] as number, imag[i] as number];
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const step = (-2 * Math.PI) / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const cos = Math.cos(step * k);
        const sin = Math.sin(step * k);
        const a = start + k;
        const b = a + size / 2;
        const tr = (real[b] as number) * cos - (imag[b] as number) * sin;
        const ti = (real[b] as number) * sin + (imag[b] as number) * cos;
        real[b] = (real[a] as number) - tr;
        imag[b] = (imag[a] as number) - ti;
        real[a] = (real[a] as number) + tr;
        imag[a] = (imag[a] as number) + ti;
      }
    }
  }
}

// A perceptual dark-to-bright ramp (black → purple → orange → pale yellow), like "inferno".
const RAMP: [number, number, number][] = [
  [0, 0, 4],
  [40, 11, 84],
  [101, 21, 110],
  [159, 42, 99],
  [212, 72, 66],
  [245, 125, 21],
  [250, 193, 39],
  [252, 255, 164],
];

function colour(level: number): [number, number, number] {
  const position = Math.max(0, Math.min(1, level)) * (RAMP.length - 1);
  const low = Math.floor(position);
  const high = Math.min(RAMP.length - 1, low + 1);
  const t = position - low;
  const a = RAMP[low] as [number, number, number];
  const b = RAMP[high] as [number, number, number];
  return [0, 1, 2].map((i) => Math.round((a[i] as number) + ((b[i] as number) - (a[i] as number)) * t)) as [
    number,
    number,
    number,
  ];
}

/** Renders stereo or mono PCM as a log-frequency spectrogram PNG. */
export function renderSpectrogramPng(
  channels: Float32Array[],
  sampleRate: number,
  options: SpectrogramOptions = {},
): Uint8Array {
  const width = options.widthPx ?? 1200;
  const height = options.heightPx ?? 480;
  const minHz = options.minHz ?? 30;
  const maxHz = Math.min(options.maxHz ?? 16000, sampleRate / 2);
  const floorDb = options.floorDb ?? -90;
  const mono = downmix(channels);
  const durationSeconds = mono.length / sampleRate;
  const window = Float64Array.from(
    { length: FFT_SIZE },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE),
  );
  const windowGain = FFT_SIZE / 4; // a full-scale sine peaks at N/4 under a Hann window
  const binHz = sampleRate / FFT_SIZE;
  // Row edges on a log axis; low rows narrower than a bin read the nearest bin.
  const rowEdgesHz = Array.from(
    { length: height + 1 },
    (_, row) => minHz * (maxHz / minHz) ** (row / height),
  );
  const pixels = new Uint8Array(width * height * 3);
  const real = new Float64Array(FFT_SIZE);
  const imag = new Float64Array(FFT_SIZE);
  for (let x = 0; x < width; x++) {
    const center = Math.round(((x + 0.5) / width) * mono.length);
    for (let i = 0; i < FFT_SIZE; i++) {
      const k = center - FFT_SIZE / 2 + i;
      real[i] = k >= 0 && k < mono.length ? (mono[k] as number) * (window[i] as number) : 0;
      imag[i] = 0;
    }
    fft(real, imag);
    for (let row = 0; row < height; row++) {
      const lowBin = Math.floor((rowEdgesHz[row] as number) / binHz);
      const highBin = Math.max(lowBin, Math.floor((rowEdgesHz[row + 1] as number) / binHz));
      let magnitude = 0;
      for (let bin = lowBin; bin <= highBin && bin < FFT_SIZE / 2; bin++) {
        magnitude = Math.max(magnitude, Math.hypot(real[bin] as number, imag[bin] as number));
      }
      const db = 20 * Math.log10(magnitude / windowGain + 1e-12);
      const [r, g, b] = colour((db - floorDb) / -floorDb);
      const y = height - 1 - row; // low frequencies at the bottom
      const at = (y * width + x) * 3;
      pixels[at] = r;
      pixels[at + 1] = g;
      pixels[at + 2] = b;
    }
  }
  drawGuides(pixels, width, height, { minHz, maxHz, durationSeconds, markers: options.markerSeconds ?? [] });
  return encodePng(width, height, pixels);
}

function drawGuides(
  pixels: Uint8Array,
  width: number,
  height: number,
  guide: { minHz: number; maxHz: number; durationSeconds: number; markers: number[] },
): void {
  const dot = (x: number, y: number, value: number) => {
    if (x < 0 || x >= width || y < 0 || y >= height) return;
    pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
  };
  // Dotted lines at 100 Hz, 1 kHz and 10 kHz; a tick every 5 s along the bottom.
  for (const hz of [100, 1000, 10000]) {
    if (hz <= guide.minHz || hz >= guide.maxHz) continue;
    const y =
      height - 1 - Math.round((Math.log(hz / guide.minHz) / Math.log(guide.maxHz / guide.minHz)) * height);
    for (let x = 0; x < width; x += 6) dot(x, y, 160);
  }
  for (let seconds = 5; seconds < guide.durationSeconds; seconds += 5) {
    const x = Math.round((seconds / guide.durationSeconds) * width);
    for (let y = height - 8; y < height; y++) dot(x, y, 220);
  }
  // Section starts: a white tick down from the top edge.
  for (const seconds of guide.markers) {
    const x = Math.round((seconds / guide.durationSeconds) * width);
    for (let y = 0; y < 14; y++) dot(x, y, 255);
  }
}
