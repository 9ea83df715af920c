// The data that flows between the engine's stages. Each stage is a pure function from one of
// these to the next; pipeline.ts is the only file that knows every stage.
// Musical time is in integer ticks (PPQ); seconds and samples appear only from rendering on.
import type { Syllable } from './vocals/pronounce.js';
import type { VocalDelivery, VoiceBank } from './vocals/vocal-types.js';

/** Ticks per quarter note for every composition. */
export const PPQ = 480;

export const GENRE_IDS = [
  'lofi',
  'house',
  'techno',
  'drum_and_bass',
  'trap',
  'synthwave',
  'pop',
  'rock',
  'metal',
  'funk',
  'disco',
  'jazz',
  'bossa_nova',
  'latin',
  'reggae',
  'country',
  'folk',
  'orchestral',
  'cinematic',
  'ambient',
  'chiptune',
  'afrobeat',
  'blues',
  'celtic',
] as const;
/** A genre the engine knows how to arrange (MUSIC.md's table). */
export type GenreId = (typeof GENRE_IDS)[number];

export type Mode = 'major' | 'minor' | 'dorian' | 'phrygian' | 'lydian' | 'mixolydian';

/** A pitch class name with sharps or flats, e.g. "C", "F#", "Bb". */
export type PitchClass = string;

export interface Key {
  tonic: PitchClass;
  mode: Mode;
}

export interface Meter {
  beatsPerBar: number; // numerator: 4 for 4/4, 3 for 3/4, 6 for 6/8
  beatUnit: number; // denominator: 4 or 8
}

/** What a part does in the arrangement; composition writes notes by role. */
export type PartRole = 'lead' | 'counter' | 'chords' | 'pad' | 'arp' | 'bass' | 'drums' | 'percussion';

/** An instrument the brief asked for or the genre brings, with its General MIDI program. */
export interface InstrumentChoice {
  name: string; // human name shown to users: "upright bass", "electric piano"
  program: number; // GM program 0–127; for drums, the GS kit program (0, 8, 16, 24, 25, 32, 40, 48)
  role: PartRole;
  isDrums: boolean;
}

export type SectionName =
  | 'intro'
  | 'verse'
  | 'chorus'
  | 'bridge'
  | 'build'
  | 'drop'
  | 'breakdown'
  | 'outro'
  | 'theme';

/** The languages the brief reads prompts in. */
export type PromptLanguage = 'en' | 'es' | 'fr' | 'de' | 'pt';

/** Words per language; a word may appear under several languages. */
export type Words = Partial<Record<PromptLanguage, readonly string[]>>;

/** Where the brief's numbers came from, so users see how they were understood. */
export type Source = 'prompt' | 'override' | 'genre' | 'mood' | 'default' | 'chords' | 'melody';

/** How the prompt was understood: every field is always filled, whatever the text. */
export interface Brief {
  prompt: string;
  language: PromptLanguage | 'unknown';
  genre: GenreId;
  /** A second genre the prompt also named, blended into instrumentation and groove. */
  secondaryGenre: GenreId | null;
  genreSource: Source;
  moods: string[]; // canonical English mood words: "dark", "happy", "calm", …
  valence: number; // −1 (sad, dark) … +1 (happy, bright)
  arousal: number; // 0 (calm, sleep) … 1 (frantic, aggressive)
  bpm: number;
  bpmSource: Source;
  key: Key;
  keySource: Source;
  meter: Meter;
  meterSource: Source;
  instruments: InstrumentChoice[]; // drums included when present; never contains excluded ones
  exclusions: string[]; // canonical words: "drums", "piano", "bass", "vocals", …
  /** Energy per form position 0..1 (start → end); composition samples it per section. */
  energyCurve: number[];
  structureHints: SectionName[]; // sections the prompt asked for ("build", "drop", …)
  loop: boolean;
  durationSeconds: number;
  /** How lyrics are delivered: rapped where the genre raps or the prompt asks for rap or hip hop; sung otherwise. */
  vocalDelivery: VocalDelivery;
}

/** A lead voice from the marketplace: the engine performs the lead line with it. */
export interface VoiceSpec {
  id?: string;
  name: string;
  program: number; // GM program that carries the timbre (e.g. 52 choir aahs, 53 voice oohs, 85 voice lead)
  lowPitch: number; // MIDI note range the voice sings in
  highPitch: number;
  vibratoDepthCents: number;
  vibratoRateHz: number;
  articulation: 'legato' | 'normal' | 'staccato';
  /** 0 dark … 1 bright: a brightness (filter) tilt applied in rendering. */
  brightness: number;
  /**
   * The engine's singer (vocals/sing.ts SINGERS) when the voice really sings: it sings the lyrics,
   * or wordless vowels without them, instead of the GM program playing the lead.
   */
  singerId?: string;
}

/** A sung line of the vocal, for music.lyrics (subtitles, karaoke). */
export interface VocalLine {
  text: string;
  /** The section it is sung in ("Chorus 2"). */
  section: string;
  startTick: number;
  endTick: number;
}

/** How the vocal part is sung: the singer, the delivery and the syllable of every note. */
export interface VocalPerformance {
  singerId: string;
  delivery: 'sung' | 'rap';
  /** One per note of the part, in order: the syllable it starts, or null where it holds the last (melisma). */
  syllables: (Syllable | null)[];
  /** Index of each phrase's first note: the singer breathes before it. */
  phraseStarts: number[];
  lines: VocalLine[];
  /** Notes a second take doubles (rap line ends). */
  doubled: number[];
  /** True when no lyrics were given and the vowels are wordless. */
  wordless: boolean;
}

export interface NoteEvent {
  startTick: number;
  durationTicks: number;
  pitch: number; // MIDI 0–127
  velocity: number; // 1–127
}

/** A continuous controller or pitch bend point for a part (e.g. an 808 glide, vibrato depth). */
export interface ControlEvent {
  tick: number;
  type: 'pitchBend' | 'modulation' | 'expression';
  value: number; // pitchBend −8192…8191; modulation/expression 0–127
}

/** A voice of the engine's own synthesiser (rendering/synth/) that plays a part instead of its GM program. */
export const SYNTH_PATCH_IDS = [
  'drum-machine',
  'boom-bap-kit',
  '808',
  'acid-bass',
  'pluck-bass',
  'saw-bass',
  'saw-lead',
  'poly-stab',
  'supersaw-pad',
] as const;
export type SynthPatchId = (typeof SYNTH_PATCH_IDS)[number];

/** How a part is synthesised: the patch, and how deeply it ducks under the kick (0 not at all … 1 silent at the dip). */
export interface SynthVoice {
  patch: SynthPatchId;
  duckDepth: number;
}

export interface Part {
  id: string; // stable, filename-safe: "drums", "bass", "lead", "pad-2"
  name: string; // human instrument name
  role: PartRole;
  program: number;
  isDrums: boolean;
  channel: number; // 0–15; 9 is the drum channel
  volume: number; // 0–127 channel volume (CC7)
  pan: number; // −1 (left) … +1 (right)
  reverbSend: number; // 0–127 (CC91)
  chorusSend: number; // 0–127 (CC93)
  notes: NoteEvent[];
  controls: ControlEvent[];
  /** Present on the lead when a marketplace voice performs it. */
  voice?: VoiceSpec;
  /** 0 dark … 1 bright: a tone tilt rendering applies (a felt piano's muffled hammers); absent, the patch as it is. */
  brightness?: number;
  /** Present on the vocal part: rendering sings it (vocals/sing.ts), not the SoundFont. */
  vocal?: VocalPerformance;
  /**
   * Present when the genre lives on synthesis: the engine's synthesiser plays the part (the GM
   * program stays for MIDI export and for rendering with synthesis turned off).
   */
  synth?: SynthVoice;
}

export interface Section {
  name: SectionName;
  startBar: number;
  bars: number;
  startTick: number;
  endTick: number;
  energy: number; // 0..1
  /** The name a section plan gave it ("Chorus 2"), reported instead of `name`. */
  label?: string;
}

/** The whole score, in ticks; rendering turns it into exactly durationSeconds of audio. */
export interface Composition {
  ppq: number;
  bpm: number; // constant tempo for the whole piece
  meter: Meter;
  key: Key;
  ticksPerBar: number;
  sections: Section[];
  parts: Part[];
  /** Total length of the audio to render; the score may end earlier and ring out into it. */
  durationSeconds: number;
  loop: boolean;
  /** Swing ratio for display/analysis only (notes are already placed): 0.5 straight, 0.66 triplet. */
  swing: number;
  chords: ChordEvent[];
}

export interface ChordEvent {
  startTick: number;
  durationTicks: number;
  symbol: string; // "Dm7", "G7", "Cmaj7"
  root: PitchClass;
  pitches: number[]; // MIDI pitches of the voicing
}

/** Stereo PCM at a fixed sample rate, as float32 planes in −1…1. */
export interface AudioBuffer {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export type AudioFormat = 'wav' | 'mp3' | 'ogg' | 'flac';

export interface OutputOptions {
  formats: AudioFormat[]; // default ['mp3', 'wav']
  stems: boolean; // default false
  midi: boolean; // default true
  waveform: boolean; // default true
}

export interface TrackRequest {
  prompt: string;
  durationSeconds: number; // 5–600
  seed: number; // 32-bit unsigned integer
  loop?: boolean;
  overrides?: { bpm?: number; key?: string; meter?: string };
  voice?: VoiceSpec;
  outputs?: Partial<OutputOptions>;
  /** A chord progression the arrangement follows exactly ("Am F C G", "| Dm7 G7 | Cmaj7 |", "I V vi IV"). */
  chords?: string;
  /** A section plan; when given, the track's length is the plan's and durationSeconds is ignored. */
  sections?: SectionPlanEntry[];
  /** A melody for the lead, as readMelody takes it out of a MIDI file. */
  melody?: InputMelody;
  /**
   * Words to sing, one line per phrase, with optional [verse] [pre-chorus] [chorus] [bridge]
   * [outro] tags (a tag with no lines repeats the last section of that name; [intro],
   * [instrumental] and a bare [outro] mark instrumental sections). Sung by `voice` when it names a
   * singer, else by a singer the engine picks; rapped for hip-hop and trap.
   */
  lyrics?: string;
  /** Makes this request a variation of `from`: see VariationSpec. */
  variation?: VariationSpec;
  /** Makes this request an extension of `from` to durationSeconds: see ExtensionSpec. */
  extend?: ExtensionSpec;
}

/**
 * A variation: `from`'s brief (genre, tempo, key, instruments, form) with this request's seed for
 * every part whose role is not kept; kept parts are `from`'s, note for note and sample for sample.
 */
export interface VariationSpec {
  /** The original's request (its own variation or extension included); its outputs are ignored. */
  from: TrackRequest;
  keep: PartRole[];
}

/**
 * An extension: `from` (a finished, non-loop request) continued to this request's durationSeconds
 * in its style, key and tempo. The audio up to `from`'s ending (its last section) is `from`'s,
 * sample for sample: the score is copied up to there and the master reuses `from`'s gains.
 */
export interface ExtensionSpec {
  from: TrackRequest;
  /**
   * The continuation's own section plan, played from where `from`'s ending began (the ending
   * gives way to it); the track's length is then the kept bars plus the plan's (lineage.ts
   * extensionLength), and durationSeconds must be that.
   */
  sections?: SectionPlanEntry[];
}

export type Stage = 'brief' | 'composition' | 'rendering' | 'mastering' | 'encoding';

/** A chunk of finished (mastered) audio, handed out while the rest is still being made. */
export interface AudioChunk {
  index: number;
  startSample: number;
  buffer: AudioBuffer;
  final: boolean;
}

export interface GenerateDeps {
  bank: SoundBank;
  /**
   * The singing voices' data (loadVoiceBank from `@trackforge/engine/node/load-voices`): needed by
   * a track with lyrics or a sung voice, whose singer is a recorded voice.
   */
  voiceBank?: VoiceBank;
  onProgress?: (fraction: number, stage: Stage) => void;
  signal?: AbortSignal;
  /**
   * When set, mastered audio is handed out in order as it is rendered, with a gain predicted from
   * the first half second (audio-stream.ts): for monitoring, not the finished master.
   */
  onChunk?: (chunk: AudioChunk) => void;
  /**
   * When set (and MP3 is among the formats), the MP3 file's bytes in order while it is encoded:
   * together they are files.mp3, byte for byte, unless the encoder had to start over (encodeMp3's onBytes).
   */
  onMp3Bytes?: (bytes: Uint8Array) => void;
  /**
   * When set, the bytes of every other format in order while it is encoded (WAV in one piece):
   * together they are files[format]. Lets a first download start before the file is finished.
   */
  onFileBytes?: (format: Exclude<AudioFormat, 'mp3'>, bytes: Uint8Array) => void;
  /**
   * false plays every part through the SoundFont alone, synth parts included (their GM programs),
   * without lo-fi's tape colour: the before/after comparison of the engine's own sound design
   * (eval/synth-compare.ts, bench --synthesis off). Default true.
   */
  synthesis?: boolean;
}

/**
 * A loaded SoundFont: parsed once per thread, its sample data held once per process; opaque to
 * everything but rendering/.
 */
export interface SoundBank {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** Rendering keeps its parsed form here; other stages must not touch it. */
  readonly handle: unknown;
}

export interface MusicSummary {
  bpm: number;
  key: string; // "D minor"
  timeSignature: string; // "4/4"
  genre: string; // human label: "lo-fi hip hop"
  moods: string[];
  instruments: string[];
  sections: { name: string; start: number; end: number }[]; // seconds
  /** The sung lines with their start and end in seconds (present when the track has lyrics). */
  lyrics?: SungLine[];
}

/** A word as sung, start and end in seconds; numbers are their words ("24" → "twenty", "four"). */
export interface SungWord {
  text: string;
  start: number;
  end: number;
}

/** A sung line as written, with its section, start and end in seconds and its words (karaoke). */
export interface SungLine {
  text: string;
  section: string;
  start: number;
  end: number;
  words: SungWord[];
}

export interface WaveformPeaks {
  samplesPerPeak: number;
  /** min/max pairs per bucket, interleaved, in −1…1, rounded to 4 decimals. */
  peaks: number[];
}

export interface TrackResult {
  brief: Brief;
  composition: Composition;
  music: MusicSummary;
  audio: {
    sampleRate: number;
    channels: 2;
    durationSeconds: number;
    loudnessLufs: number;
    truePeakDbtp: number;
  };
  files: Partial<Record<AudioFormat, Uint8Array>>;
  midi?: Uint8Array;
  /** One WAV per part (and per extra layer); `synth` names the patch when the engine's synthesiser played the part. */
  stems?: { partId: string; name: string; synth?: SynthPatchId; wav: Uint8Array }[];
  waveform?: WaveformPeaks;
  timingsMs: Partial<Record<Stage, number>>;
}

/** An error raised by one stage of the engine. */
export class EngineError extends Error {
  constructor(
    readonly stage: Stage | 'bank' | 'request',
    message: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

// Request input shapes live here, not in inputs/, so that this file imports nothing: inputs/ and
// brief/ both read these types, and a type-only import back into inputs/ closed a circle.
/** A melody to play as the lead: notes in ticks at PPQ 480 from the file's first bar. */
export interface InputMelody {
  notes: NoteEvent[];
  /** The file's opening tempo, or null when it states none. */
  bpm: number | null;
  /** The file's time signature when it is one the engine plays, else null. */
  meter: Meter | null;
}

/** One section as the request states it. */
export interface SectionPlanEntry {
  name: string;
  bars?: number;
  seconds?: number;
  /** 0 (calm) … 1 (full): gates drum layers, rhythm density, velocities and register. */
  energy?: number;
  /** Words for this section alone: moods set its energy, named instruments its parts. */
  prompt?: string;
  /** Parts that play in this section (instrument words or roles); the others rest. */
  instruments?: string[];
}
