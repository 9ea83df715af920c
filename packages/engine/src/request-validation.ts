// The request checks every caller gets, whatever its own validation: the engine never trusts input.
import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS } from './duration.js';
import { type AudioFormat, EngineError, type OutputOptions, type TrackRequest } from './types.js';

const MAX_PROMPT_CHARACTERS = 2000;
const FORMATS: readonly AudioFormat[] = ['wav', 'mp3', 'ogg', 'flac'];

/** The output options with their documented defaults filled in. */
export function resolveOutputs(outputs: Partial<OutputOptions> | undefined): OutputOptions {
  return {
    formats: outputs?.formats ?? ['mp3', 'wav'],
    stems: outputs?.stems ?? false,
    midi: outputs?.midi ?? true,
    waveform: outputs?.waveform ?? true,
  };
}

/** Throws EngineError (stage 'request') when the request is outside what the engine accepts. */
export function validateRequest(request: TrackRequest): void {
  const fail = (message: string): never => {
    throw new EngineError('request', message);
  };
  if (typeof request.prompt !== 'string' || request.prompt.trim().length === 0)
    fail('prompt must not be empty');
  if (request.prompt.length > MAX_PROMPT_CHARACTERS)
    fail(`prompt must be at most ${MAX_PROMPT_CHARACTERS} characters`);
  const duration = request.durationSeconds;
  if (typeof duration !== 'number' || !Number.isFinite(duration)) fail('durationSeconds must be a number');
  if (duration < MIN_DURATION_SECONDS || duration > MAX_DURATION_SECONDS) {
    fail(`durationSeconds must be between ${MIN_DURATION_SECONDS} and ${MAX_DURATION_SECONDS}`);
  }
  const seed = request.seed;
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    fail('seed must be an integer from 0 to 4294967295');
  const formats = request.outputs?.formats;
  if (formats !== undefined) {
    if (!Array.isArray(formats)) fail('outputs.formats must be a list');
    for (const format of formats) {
      if (!FORMATS.includes(format)) fail(`unknown output format ${String(format)}`);
    }
  }
}
