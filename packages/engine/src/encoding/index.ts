// Stage 5 of the engine: encoding. Pure functions from audio or a composition to file bytes.
export { encodeFlac } from './flac.js';
export { encodeMidi } from './midi.js';
export { encodeMp3, encodeOgg } from './wasm-encoders.js';
export { encodeWav, type WavOptions } from './wav.js';
export { computeWaveformPeaks } from './waveform.js';
