// Command-line arguments → a TrackRequest plus where to write things. Bad input is a UsageError
// (exit 2) with a one-line message; nothing here touches the file system.
import { extname } from 'node:path';
import { parseArgs } from 'node:util';
import { parseDuration } from '../src/duration.js';
import type { AudioFormat, TrackRequest } from '../src/types.js';

export class UsageError extends Error {
  override name = 'UsageError';
}

export interface CliOptions {
  request: TrackRequest;
  outPath: string;
  format: AudioFormat;
  midiPath?: string;
  stemsDir?: string;
  bank: string; // 'small' | 'full' | a file path
  json: boolean;
}

export const USAGE =
  'usage: trackforge-engine "<prompt>" [--duration 30s] [--seed N] [--out track.mp3] [--format wav|mp3|ogg|flac] ' +
  '[--midi track.mid] [--stems dir] [--loop] [--bpm N] [--key "A minor"] [--meter 3/4] [--bank small|full|<path>] [--json]';

const FORMATS: readonly AudioFormat[] = ['wav', 'mp3', 'ogg', 'flac'];

function parseInteger(text: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(text.trim())) throw new UsageError(`--${name} must be an integer, got "${text}"`);
  const value = Number(text);
  if (value < min || value > max)
    throw new UsageError(`--${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Parses argv (without node and the script); randomSeed is used when --seed is absent. */
export function parseCliArguments(argv: string[], randomSeed: () => number): CliOptions {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof optionsSpec; allowPositionals: true }>>;
  const optionsSpec = {
    duration: { type: 'string', short: 'd' },
    seed: { type: 'string', short: 's' },
    out: { type: 'string', short: 'o' },
    format: { type: 'string', short: 'f' },
    midi: { type: 'string' },
    stems: { type: 'string' },
    loop: { type: 'boolean' },
    bpm: { type: 'string' },
    key: { type: 'string' },
    meter: { type: 'string' },
    bank: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options: optionsSpec, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageError(USAGE);
  if (positionals.length !== 1) throw new UsageError('expected exactly one prompt argument (quote it)');
  const prompt = (positionals[0] as string).trim();
  if (prompt.length === 0) throw new UsageError('the prompt must not be empty');

  const durationSeconds = values.duration === undefined ? 30 : parseDuration(values.duration);
  if (durationSeconds === null) {
    throw new UsageError(
      `--duration must be 5–600 seconds ("45s", "2:30", "short", "standard", "long"), got "${values.duration}"`,
    );
  }
  const seed = values.seed === undefined ? randomSeed() : parseInteger(values.seed, 'seed', 0, 0xffffffff);

  const outPath = values.out ?? `track.${values.format ?? 'mp3'}`;
  const extension = extname(outPath).slice(1).toLowerCase() as AudioFormat;
  const format = (values.format?.toLowerCase() ?? extension) as AudioFormat;
  if (!FORMATS.includes(format)) {
    throw new UsageError(
      `unknown format "${format}": use --format wav|mp3|ogg|flac or an --out file with that extension`,
    );
  }

  const overrides: NonNullable<TrackRequest['overrides']> = {};
  if (values.bpm !== undefined) overrides.bpm = parseInteger(values.bpm, 'bpm', 20, 300);
  if (values.key !== undefined) overrides.key = values.key;
  if (values.meter !== undefined) {
    if (!/^\d{1,2}\/(2|4|8|16)$/.test(values.meter))
      throw new UsageError(`--meter must look like 3/4 or 6/8, got "${values.meter}"`);
    overrides.meter = values.meter;
  }

  const request: TrackRequest = {
    prompt,
    durationSeconds,
    seed,
    outputs: {
      formats: [format],
      midi: values.midi !== undefined,
      stems: values.stems !== undefined,
      waveform: false,
    },
  };
  if (values.loop) request.loop = true;
  if (Object.keys(overrides).length > 0) request.overrides = overrides;
  return {
    request,
    outPath,
    format,
    midiPath: values.midi,
    stemsDir: values.stems,
    bank: values.bank ?? 'full',
    json: values.json ?? false,
  };
}
