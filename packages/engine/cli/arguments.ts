// Command-line arguments of a single track → a TrackRequest plus where to write things. Every flag
// is checked here, before the bank is read or a folder made; bad input is a UsageError (exit 2).
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { CAPTION_FORMATS, type CaptionFormat } from '../src/encoding/lyric-captions.js';
import { readMelody } from '../src/inputs/midi-reader.js';
import { prepareTrack } from '../src/inputs/prepare.js';
import { findSungVoice, SUNG_VOICES, sungVoiceSpec } from '../src/singer-voices.js';
import { EngineError, type TrackRequest } from '../src/types.js';
import {
  checkBpm,
  checkDuration,
  checkFormat,
  checkKey,
  checkMeter,
  checkPrompt,
  checkSeed,
  parseFlags,
} from './flags.js';
import {
  type AudioTarget,
  checkBank,
  checkFileTarget,
  checkFolderTarget,
  resolveAudioTarget,
} from './output-paths.js';
import { UsageError } from './usage-error.js';

export type ProgressMode = 'auto' | 'quiet';

export interface CliOptions {
  request: TrackRequest;
  /** The duration as typed ("2:30"), echoed in --json like the API's `duration`. */
  durationLabel: string;
  audio: AudioTarget;
  midiPath?: string;
  stemsDir?: string;
  /** Where --captions writes the sung lines' timing; its extension is the format. */
  captions?: { path: string; format: CaptionFormat };
  /** Folders to create before writing (missing ones, with --mkdir or a new --stems leaf). */
  foldersToCreate: string[];
  bank: string; // 'small' | 'full' | a file path
  json: boolean;
  quiet: boolean;
}

export type CliCommand = { kind: 'help' } | { kind: 'version' } | { kind: 'track'; options: CliOptions };

const TRACK_FLAGS = {
  duration: { type: 'string', short: 'd' },
  seed: { type: 'string', short: 's' },
  out: { type: 'string', short: 'o' },
  format: { type: 'string', short: 'f' },
  midi: { type: 'string' },
  stems: { type: 'string' },
  captions: { type: 'string' },
  loop: { type: 'boolean' },
  bpm: { type: 'string' },
  key: { type: 'string' },
  meter: { type: 'string' },
  chords: { type: 'string' },
  sections: { type: 'string' },
  melody: { type: 'string' },
  lyrics: { type: 'string' },
  voice: { type: 'string' },
  bank: { type: 'string' },
  mkdir: { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Parses argv (without node and the script); randomSeed is used when --seed is absent. */
export function parseCliArguments(argv: string[], randomSeed: () => number): CliCommand {
  const { values, positionals } = parseFlags(argv, TRACK_FLAGS);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  if (positionals.length === 0)
    throw new UsageError('give a prompt, e.g. trackforge-engine "calm piano" --out calm.mp3');
  if (positionals.length > 1)
    throw new UsageError(`expected one prompt, got ${positionals.length} arguments: quote the prompt`);
  const prompt = checkPrompt(positionals[0] as string);

  const durationLabel = (values.duration ?? 'short').trim().toLowerCase();
  const durationSeconds = checkDuration(durationLabel);
  const seed = values.seed === undefined ? randomSeed() : checkSeed(values.seed);
  const overrides: NonNullable<TrackRequest['overrides']> = {};
  if (values.bpm !== undefined) overrides.bpm = checkBpm(values.bpm);
  if (values.key !== undefined) overrides.key = checkKey(values.key);
  if (values.meter !== undefined) overrides.meter = checkMeter(values.meter);
  const bank = checkBank(values.bank ?? 'full');

  const json = values.json ?? false;
  const mkdir = values.mkdir ?? false;
  const format = values.format === undefined ? undefined : checkFormat(values.format);
  const audio = resolveAudioTarget(values.out, format, json);
  const folders = [
    audio.path === null ? null : checkFileTarget('out', audio.path, mkdir),
    values.midi === undefined ? null : checkFileTarget('midi', values.midi, mkdir),
    values.stems === undefined ? null : checkFolderTarget('stems', values.stems, mkdir, true),
    values.captions === undefined ? null : checkFileTarget('captions', values.captions, mkdir),
  ];

  const request: TrackRequest = {
    prompt,
    durationSeconds,
    seed,
    outputs: {
      formats: audio.path === null ? [] : [audio.format],
      midi: values.midi !== undefined,
      stems: values.stems !== undefined,
      waveform: false,
    },
  };
  if (values.loop) request.loop = true;
  if (Object.keys(overrides).length > 0) request.overrides = overrides;
  if (values.chords !== undefined) request.chords = values.chords;
  if (values.sections !== undefined) request.sections = readSections(values.sections);
  if (values.melody !== undefined) request.melody = readMelodyFile(values.melody);
  if (values.lyrics !== undefined) request.lyrics = readLyrics(values.lyrics);
  if (values.voice !== undefined) request.voice = readVoice(values.voice);
  const captions = values.captions === undefined ? undefined : readCaptionsTarget(values.captions, request);
  let label = durationLabel;
  if (
    request.chords !== undefined ||
    request.sections !== undefined ||
    request.melody !== undefined ||
    request.lyrics !== undefined ||
    request.voice !== undefined
  ) {
    // The engine checks the inputs now, so a bad chord or plan is a usage error before any work.
    try {
      const prepared = prepareTrack(request);
      if (request.sections !== undefined) {
        request.durationSeconds = prepared.durationSeconds;
        label = `${Math.round(prepared.durationSeconds * 1000) / 1000}s`;
      }
    } catch (error) {
      if (error instanceof EngineError) throw new UsageError(inputMessage(error));
      throw error;
    }
  }
  return {
    kind: 'track',
    options: {
      request,
      durationLabel: label,
      audio,
      midiPath: values.midi,
      stemsDir: values.stems,
      captions,
      foldersToCreate: folders.filter((folder): folder is string => folder !== null),
      bank,
      json,
      quiet: values.quiet ?? false,
    },
  };
}

/** --captions song.lrc | .vtt | .srt: only a track with words has lines to time. */
function readCaptionsTarget(path: string, request: TrackRequest): CliOptions['captions'] {
  const format = extname(path).slice(1).toLowerCase() as CaptionFormat;
  if (!CAPTION_FORMATS.includes(format))
    throw new UsageError(
      `--captions ${JSON.stringify(path)}: end the file name in .lrc, .vtt or .srt (the format follows it)`,
    );
  if (request.lyrics === undefined)
    throw new UsageError('--captions times the sung lines: give --lyrics too');
  return { path, format };
}

/** "--chords: unknown chord symbol …" from "chords: unknown chord symbol …". */
function inputMessage(error: EngineError): string {
  return `--${error.message.replace(/^sections\[/, 'sections [')}`;
}

/** --sections takes the plan as JSON, or the path of a JSON file holding it. */
function readSections(value: string): TrackRequest['sections'] {
  let text = value;
  if (!value.trim().startsWith('[')) {
    try {
      text = readFileSync(value, 'utf8');
    } catch {
      throw new UsageError(`--sections ${JSON.stringify(value)}: not a JSON list and no such file`);
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--sections is not valid JSON: ${(error as Error).message}`);
  }
}

/** --lyrics takes the words, or @path for a text file holding them. */
function readLyrics(value: string): string {
  if (!value.startsWith('@')) return value;
  const path = value.slice(1);
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`--lyrics ${JSON.stringify(value)}: no such file (write the words, or @file.txt)`);
  }
}

/** --voice names a singing voice by id or name. */
function readVoice(value: string): NonNullable<TrackRequest['voice']> {
  const voice = findSungVoice(value);
  if (!voice) {
    const known = SUNG_VOICES.map((v) => `${v.singerId} (${v.name})`).join(', ');
    throw new UsageError(`--voice ${JSON.stringify(value)}: no such voice; voices are ${known}`);
  }
  return sungVoiceSpec(voice);
}

/** --melody reads a MIDI file and takes its melody out (InputError → usage error). */
function readMelodyFile(path: string): TrackRequest['melody'] {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(path));
  } catch {
    throw new UsageError(`--melody ${JSON.stringify(path)}: no such file`);
  }
  try {
    return readMelody(bytes);
  } catch (error) {
    if (error instanceof EngineError) throw new UsageError(inputMessage(error));
    throw error;
  }
}
