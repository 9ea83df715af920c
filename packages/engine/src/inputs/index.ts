export {
  keyOfProgression,
  MAX_CHORDS_CHARACTERS,
  MAX_PROGRESSION_CHORDS,
  type ProgressionEntry,
  parseProgression,
  type ResolvedProgressionChord,
  readLetterChord,
  resolveProgression,
} from './chords.js';
export { InputError } from './input-error.js';
export {
  LYRIC_TAGS,
  type LyricSection,
  MAX_LYRIC_LINE_CHARACTERS,
  MAX_LYRIC_LINES,
  MAX_LYRICS_CHARACTERS,
  parseLyrics,
} from './lyrics.js';
export {
  type InputMelody,
  MAX_MELODY_BYTES,
  MAX_MELODY_NOTES,
  MAX_MIDI_EVENTS,
  MAX_MIDI_NOTES,
  MAX_MIDI_TRACKS,
  type MidiFileContents,
  type MidiNote,
  readMelody,
  readMidiFile,
} from './midi-reader.js';
export { checkMelody, keyOfMelody, type PreparedTrack, prepareTrack, type TrackInputs } from './prepare.js';
export {
  checkSectionPlan,
  MAX_PLAN_SECTIONS,
  type PlannedSection,
  resolveSectionPlan,
  type SectionPlanEntry,
  secondsPerBar,
} from './section-plan.js';
