// Reading and checking single flag values. Each check throws a UsageError that names the flag, the
// value given and what is allowed; the ranges come from the engine so the CLI and the API agree.
import { type ParseArgsConfig, parseArgs } from 'node:util';
// The brief and request-validation modules directly, not the index: --help and a bad flag then
// answer without loading the synthesizer and encoders.
import { parseKey, parseMeter } from '../src/brief/index.js';
import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS, parseDuration } from '../src/duration.js';
import { AUDIO_FORMATS, isAllowedBpm, isAllowedSeed, REQUEST_LIMITS } from '../src/request-validation.js';
import type { AudioFormat } from '../src/types.js';
import { UsageError } from './usage-error.js';

type OptionsSpec = NonNullable<ParseArgsConfig['options']>;

const reject = (flag: string, value: string, allowed: string): never => {
  throw new UsageError(`--${flag} ${JSON.stringify(value)} is not allowed: ${allowed}`);
};

/**
 * parseArgs with messages for people. A value that starts with "-" ("--seed -1") is glued to its
 * flag first, so it reaches the range check instead of being read as an unknown flag.
 */
export function parseFlags<T extends OptionsSpec>(argv: string[], options: T) {
  const takesValue = new Set<string>();
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== 'string') continue;
    takesValue.add(`--${name}`);
    if (spec.short) takesValue.add(`-${spec.short}`);
  }
  const args: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const token = argv[index] as string;
    const next = argv[index + 1];
    if (takesValue.has(token) && next !== undefined && /^-\d|^-\.\d/.test(next)) {
      args.push(`${token.startsWith('--') ? token : `--${shortToLong(options, token)}`}=${next}`);
      index += 1;
    } else args.push(token);
  }
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(describeParseError(error as Error & { code?: string }, Object.keys(options)));
  }
}

/** The flag a mistyped one most likely meant: at most two edits away (`--durration` → `--duration`). */
export function closestFlag(typed: string, names: readonly string[]): string | undefined {
  const word = typed.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(word, name);
    if (distance <= 2 && distance < word.length && (!best || distance < best.distance))
      best = { name, distance };
  }
  return best && `--${best.name}`;
}

/** Levenshtein distance; flag names are short, so the plain two-row table is enough. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] as number;
}

function shortToLong(options: OptionsSpec, short: string): string {
  const entry = Object.entries(options).find(([, spec]) => `-${spec.short}` === short);
  return entry ? entry[0] : short.slice(1);
}

function describeParseError(error: Error & { code?: string }, flagNames: readonly string[]): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? '';
  const flag = /--[\w-]+/.exec(quoted)?.[0] ?? quoted;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const suggestion = closestFlag(quoted, flagNames);
      return suggestion ? `unknown flag ${quoted}: did you mean ${suggestion}?` : `unknown flag ${quoted}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      // "argument missing" (last word) and "ambiguous" (followed by another flag) mean the same
      return /argument missing|ambiguous/.test(error.message)
        ? `${flag} needs a value`
        : `${flag} takes no value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${quoted}: quote the prompt as one argument`;
    default:
      return error.message.split('\n')[0] ?? 'bad arguments';
  }
}

export function checkPrompt(text: string, where = 'the prompt'): string {
  const prompt = text.trim();
  if (prompt.length === 0) throw new UsageError(`${where} must not be empty`);
  if (prompt.length > REQUEST_LIMITS.maxPromptCharacters)
    throw new UsageError(
      `${where} has ${prompt.length} characters: at most ${REQUEST_LIMITS.maxPromptCharacters} are allowed`,
    );
  return prompt;
}

export function checkDuration(text: string): number {
  const seconds = parseDuration(text);
  if (seconds !== null) return seconds;
  return reject(
    'duration',
    text,
    `use "short" (30 s), "standard" (120 s), "long" (240 s), seconds ("45", "45s"), "2m30s" or "2:30", from ${MIN_DURATION_SECONDS} to ${MAX_DURATION_SECONDS} s`,
  );
}

/** Both range checks accept only plain decimal integers: "1e3", "0x10" and "7.0" are typos here. */
const integerOf = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function checkSeed(text: string): number {
  const seed = integerOf(text);
  if (isAllowedSeed(seed)) return seed;
  return reject('seed', text, `use an integer from 0 to ${REQUEST_LIMITS.maxSeed}`);
}

export function checkBpm(text: string): number {
  const bpm = integerOf(text);
  if (isAllowedBpm(bpm)) return bpm;
  return reject('bpm', text, `use an integer from ${REQUEST_LIMITS.minBpm} to ${REQUEST_LIMITS.maxBpm}`);
}

export function checkKey(text: string): string {
  if (text.length <= REQUEST_LIMITS.maxKeyCharacters && parseKey(text) !== null) return text.trim();
  return reject('key', text, 'use a key such as "A minor", "F# major", "Bb" or "D dorian"');
}

export function checkMeter(text: string): string {
  if (parseMeter(text) !== null) return text.trim();
  return reject('meter', text, 'use a time signature such as 4/4, 3/4, 6/8 or 7/8');
}

export function checkFormat(text: string): AudioFormat {
  const format = text.trim().toLowerCase() as AudioFormat;
  if (AUDIO_FORMATS.includes(format)) return format;
  return reject('format', text, `use ${AUDIO_FORMATS.join(', ')}`);
}

export function checkThreads(text: string): number {
  const threads = integerOf(text);
  if (Number.isInteger(threads) && threads >= 1 && threads <= 16) return threads;
  return reject('threads', text, 'use an integer from 1 to 16');
}
