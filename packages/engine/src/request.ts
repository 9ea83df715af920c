// What a server needs to check a track request's fields, and to serve what a finished track is made
// of, without loading the engine itself (an API-only process never renders):
// `@trackforge/engine/request`.

export { parseKey } from './brief/key.js';
export { VARIATION_PARTS } from './composition/variation.js';
export { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS, parseDuration } from './duration.js';
// A ready track's sung lines as timed lyrics (LRC, WebVTT, SubRip): text, no audio.
export { CAPTION_FORMATS, type CaptionFormat, encodeLyricCaptions } from './encoding/lyric-captions.js';
// A stored melody written back as a MIDI file (a track made again follows the same notes).
export { encodeMelodyMidi } from './encoding/melody-midi.js';
// Musical inputs (chords, a section plan, a MIDI melody) are checked with the same pure code the
// engine composes from, so a request the API accepts is one the engine can follow.
export { MAX_CHORDS_CHARACTERS, MAX_PROGRESSION_CHORDS } from './inputs/chords.js';
export { InputError } from './inputs/input-error.js';
export {
  LYRIC_TAGS,
  MAX_LYRIC_LINE_CHARACTERS,
  MAX_LYRIC_LINES,
  MAX_LYRICS_CHARACTERS,
} from './inputs/lyrics.js';
export {
  MAX_MELODY_BYTES,
  MAX_MELODY_NOTES,
  MAX_MIDI_EVENTS,
  MAX_MIDI_NOTES,
  MAX_MIDI_TRACKS,
  readMelody,
} from './inputs/midi-reader.js';
export { prepareTrack } from './inputs/prepare.js';
export { MAX_PLAN_SECTIONS } from './inputs/section-plan.js';
// An extension with its own sections: its length is known only from the original's form.
export { extensionLength } from './lineage.js';
export { REQUEST_LIMITS } from './request-validation.js';
// The marketplace voices that sing (the engine's singers under their catalogue names).
export { findSungVoice, SUNG_VOICES, type SungVoice, sungVoiceSpec } from './singer-voices.js';
export { EngineError, type TrackRequest, type VoiceSpec } from './types.js';
