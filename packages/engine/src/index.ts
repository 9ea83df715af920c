// The engine's public surface: prompt + duration + seed → a finished, mastered track.
// Callers (CLI, API worker) read the sound bank file themselves and pass its bytes in.

export { BANK_FILES } from './bank-files.js';
/** Understands a prompt as a Brief (stage 1); parseKey/parseMeter read "D minor" / "6/8", describeKey/formatMeter print them. */
export { describeKey, formatMeter, genreLabel, parseBrief, parseKey, parseMeter } from './brief/index.js';
/** Part roles a variation may keep ("drums", "bass", …): every role the composer writes. */
export { VARIATION_PARTS } from './composition/variation.js';
/** Parses "2:30", "45s", "short"/"standard"/"long" or plain seconds into 5–600 seconds, else null. */
export { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS, parseDuration } from './duration.js';
/**
 * createMp3ChunkEncoder: MP3 of mastered chunks (deps.onChunk) as they come, the live stream of a
 * rendering track; encodeFlac / decodeFlac: lossless FLAC of PCM and back; transcodeMaster: a track's
 * WAV or OGG from its stored 16-bit FLAC master; encodeLyricCaptions: the sung lines' timing as LRC,
 * WebVTT or SubRip text.
 */
export {
  CAPTION_FORMATS,
  type CaptionFormat,
  type CaptionLine,
  createMp3ChunkEncoder,
  decodeFlac,
  encodeFlac,
  encodeLyricCaptions,
  type Mp3ChunkEncoderOptions,
  transcodeMaster,
} from './encoding/index.js';
/**
 * The musical inputs of a request: parseProgression reads chords ("Am F C G", "| Dm7 G7 |", "I V vi IV"),
 * readMelody takes the melody out of MIDI file bytes, checkSectionPlan checks a section plan, and
 * prepareTrack checks a whole request and returns its brief and length (a plan's) without rendering.
 * InputError (an EngineError) names the request field at fault.
 */
export {
  checkSectionPlan,
  InputError,
  type InputMelody,
  MAX_CHORDS_CHARACTERS,
  MAX_MELODY_BYTES,
  MAX_MELODY_NOTES,
  MAX_MIDI_EVENTS,
  MAX_MIDI_NOTES,
  MAX_MIDI_TRACKS,
  MAX_PLAN_SECTIONS,
  MAX_PROGRESSION_CHORDS,
  type MidiFileContents,
  type PreparedTrack,
  parseProgression,
  prepareTrack,
  readMelody,
  readMidiFile,
  type SectionPlanEntry,
} from './inputs/index.js';
/** How long an extension with its own section plan lasts (InputError naming the field when it cannot be made). */
export { extensionLength } from './lineage.js';
/** Generates a finished track (brief, composition, mastered audio files, MIDI, waveform, summary). */
export { generateTrack, type PipelineDeps } from './pipeline.js';
/**
 * loadSoundBank parses SoundFont bytes once per process; createRenderPool starts warm render
 * threads to pass as deps.renderPool; renderComposition runs stage 3 alone.
 */
export { createRenderPool, loadSoundBank, type RenderPool, renderComposition } from './rendering/index.js';
/** The request rules every front door shares (bpm, seed, prompt, key limits; formats; format checks). */
export { AUDIO_FORMATS, isAllowedBpm, isAllowedSeed, REQUEST_LIMITS } from './request-validation.js';
/** Summarises a composition for display (bpm, key, meter, genre, instruments, sections). */
export { summariseMusic } from './summary.js';
/** A result's music and audio in the API's snake_case Track fields. */
export { type TrackAudioFields, type TrackMusicFields, toTrackFields } from './track-fields.js';
export type * from './types.js';
/** The error every stage throws, with the stage that failed. */
export { EngineError, GENRE_IDS, PPQ } from './types.js';
