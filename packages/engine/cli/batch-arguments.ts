// `trackforge-engine batch <file> --out-dir <folder>`: the flags, and every line of the prompts
// file checked and turned into a request before the bank is read or a track made.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AudioFormat, TrackRequest } from '../src/types.js';
import {
  checkBpm,
  checkDuration,
  checkFormat,
  checkKey,
  checkMeter,
  checkPrompt,
  checkSeed,
  checkThreads,
  parseFlags,
} from './flags.js';
import { checkBank, checkFolderTarget } from './output-paths.js';
import { UsageError } from './usage-error.js';

export interface BatchJob {
  lineNumber: number;
  request: TrackRequest;
  durationLabel: string;
  format: AudioFormat;
  audioPath: string;
  midiPath?: string;
  stemsDir?: string;
}

export interface BatchOptions {
  jobs: BatchJob[];
  outDir: string;
  folderToCreate: string | null;
  bank: string;
  threads: number;
  json: boolean;
  quiet: boolean;
}

const BATCH_FLAGS = {
  'out-dir': { type: 'string' },
  mkdir: { type: 'boolean' },
  format: { type: 'string', short: 'f' },
  duration: { type: 'string', short: 'd' },
  seed: { type: 'string', short: 's' },
  bank: { type: 'string' },
  midi: { type: 'boolean' },
  stems: { type: 'boolean' },
  threads: { type: 'string' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What a JSON line may set, and the flag whose rules check it. */
const LINE_FIELDS = ['prompt', 'duration', 'seed', 'bpm', 'key', 'meter', 'loop', 'format', 'name'] as const;
type LineFields = Partial<Record<(typeof LINE_FIELDS)[number], unknown>>;

interface BatchDefaults {
  durationLabel: string;
  seed: number | undefined;
  format: AudioFormat;
}

export function parseBatchArguments(
  argv: string[],
  randomSeed: () => number,
): { kind: 'help' } | { kind: 'batch'; options: BatchOptions } {
  const { values, positionals } = parseFlags(argv, BATCH_FLAGS);
  if (values.help) return { kind: 'help' };
  if (positionals.length !== 1)
    throw new UsageError(
      'batch takes one prompts file: trackforge-engine batch prompts.txt --out-dir tracks/',
    );
  const outDir = values['out-dir'];
  if (outDir === undefined) throw new UsageError('batch needs --out-dir <folder> for the tracks');
  const defaults: BatchDefaults = {
    durationLabel: (values.duration ?? 'short').trim().toLowerCase(),
    seed: values.seed === undefined ? undefined : checkSeed(values.seed),
    format: values.format === undefined ? 'mp3' : checkFormat(values.format),
  };
  checkDuration(defaults.durationLabel);
  const threads = values.threads === undefined ? 2 : checkThreads(values.threads);
  const bank = checkBank(values.bank ?? 'full');
  const folderToCreate = checkFolderTarget('out-dir', outDir, values.mkdir ?? false, false);

  const file = positionals[0] as string;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the prompts file ${JSON.stringify(file)}: ${(error as Error).message}`);
  }
  const lines = text
    .split(/\r?\n/)
    .map((line, index) => ({ line: line.trim(), lineNumber: index + 1 }))
    .filter(({ line }) => line.length > 0 && !line.startsWith('#'));
  if (lines.length === 0) throw new UsageError(`${file} has no prompts (one a line, # for comments)`);
  const numberWidth = Math.max(2, String(lines.length).length);
  const jobs = lines.map(({ line, lineNumber }, index) => {
    const where = `${file}:${lineNumber}`;
    try {
      const fields = readLine(line);
      const job = buildJob(fields, defaults, randomSeed);
      const base = `${String(index + 1).padStart(numberWidth, '0')}-${job.name}`;
      return {
        lineNumber,
        request: job.request,
        durationLabel: job.durationLabel,
        format: job.format,
        audioPath: join(outDir, `${base}.${job.format}`),
        midiPath: values.midi ? join(outDir, `${base}.mid`) : undefined,
        stemsDir: values.stems ? join(outDir, base) : undefined,
      } satisfies BatchJob;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new UsageError(`${where}: ${error.message.replace(/^--/, '')}`);
    }
  });
  for (const job of jobs)
    job.request.outputs = {
      formats: [job.format],
      midi: values.midi ?? false,
      stems: values.stems ?? false,
      waveform: false,
    };
  return {
    kind: 'batch',
    options: {
      jobs,
      outDir,
      folderToCreate,
      bank,
      threads,
      json: values.json ?? false,
      quiet: values.quiet ?? false,
    },
  };
}

function readLine(line: string): LineFields {
  if (!line.startsWith('{')) return { prompt: line };
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (error) {
    throw new UsageError(`not a valid JSON line (${(error as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError(`a JSON line must be an object such as {"prompt": "calm piano"}`);
  for (const key of Object.keys(parsed)) {
    if (!(LINE_FIELDS as readonly string[]).includes(key))
      throw new UsageError(`unknown field "${key}": use ${LINE_FIELDS.join(', ')}`);
  }
  return parsed as LineFields;
}

function textOf(fields: LineFields, name: keyof LineFields, types: string[]): string | undefined {
  const value = fields[name];
  if (value === undefined) return undefined;
  if (!types.includes(typeof value))
    throw new UsageError(`"${name}" must be a ${types.join(' or ')}, got ${JSON.stringify(value)}`);
  return String(value);
}

function buildJob(fields: LineFields, defaults: BatchDefaults, randomSeed: () => number) {
  const promptText = textOf(fields, 'prompt', ['string']);
  if (promptText === undefined) throw new UsageError('"prompt" is missing');
  const prompt = checkPrompt(promptText, 'the prompt');
  const durationText = textOf(fields, 'duration', ['string', 'number']);
  const durationLabel =
    durationText === undefined ? defaults.durationLabel : durationText.trim().toLowerCase();
  const seedText = textOf(fields, 'seed', ['number']);
  const bpmText = textOf(fields, 'bpm', ['number']);
  const keyText = textOf(fields, 'key', ['string']);
  const meterText = textOf(fields, 'meter', ['string']);
  const formatText = textOf(fields, 'format', ['string']);
  if (fields.loop !== undefined && typeof fields.loop !== 'boolean')
    throw new UsageError(`"loop" must be true or false, got ${JSON.stringify(fields.loop)}`);
  const name = textOf(fields, 'name', ['string']);
  if (name !== undefined && !/^[\w.-]{1,60}$/.test(name))
    throw new UsageError(
      `"name" ${JSON.stringify(name)} is not allowed: use 1-60 letters, digits, "-", "_" or "."`,
    );

  const request: TrackRequest = {
    prompt,
    durationSeconds: checkDuration(durationLabel),
    seed: seedText === undefined ? (defaults.seed ?? randomSeed()) : checkSeed(seedText),
  };
  const overrides: NonNullable<TrackRequest['overrides']> = {};
  if (bpmText !== undefined) overrides.bpm = checkBpm(bpmText);
  if (keyText !== undefined) overrides.key = checkKey(keyText);
  if (meterText !== undefined) overrides.meter = checkMeter(meterText);
  if (Object.keys(overrides).length > 0) request.overrides = overrides;
  if (fields.loop === true) request.loop = true;
  const format = formatText === undefined ? defaults.format : checkFormat(formatText);
  return { request, durationLabel, format, name: name ?? slugOf(prompt) };
}

/** "Dark techno, 128 BPM!" → "dark-techno-128-bpm": a file name anyone's shell can handle. */
function slugOf(prompt: string): string {
  const slug = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '');
  return slug || 'track';
}
