// Stage 5 of the engine: encoding. Pure functions from audio or a composition to file bytes.
export { encodeAudioFile, transcodeMaster } from './audio-files.js';
export { decodeFlac, encodeFlac } from './flac.js';
export {
  CAPTION_FORMATS,
  type CaptionFormat,
  type CaptionLine,
  encodeLyricCaptions,
} from './lyric-captions.js';
export { encodeMidi } from './midi.js';
export { encodeMp3, type Mp3Options, type Mp3SegmentEncoder } from './mp3.js';
export { createMp3ChunkEncoder, type Mp3ChunkEncoderOptions } from './mp3-chunk-encoder.js';
export { encodeMp3Stream, encodeOgg } from './wasm-encoders.js';
export { encodeWav, type WavOptions } from './wav.js';
export { computeWaveformPeaks } from './waveform.js';
