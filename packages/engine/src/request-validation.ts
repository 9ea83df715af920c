// The request checks every caller gets, whatever its own validation: the engine never trusts input.

import { VARIATION_PARTS } from './composition/variation.js';
import { MAX_DURATION_SECONDS, MIN_DURATION_SECONDS } from './duration.js';
import {
  type AudioFormat,
  EngineError,
  type OutputOptions,
  type PartRole,
  type TrackRequest,
} from './types.js';

/**
 * What a request may contain, shared by every front door (the API's schemas, the CLI's flags) so a
 * value one accepts the other accepts too. Durations are MIN/MAX_DURATION_SECONDS in duration.ts.
 */
export const REQUEST_LIMITS = {
  maxPromptCharacters: 2000,
  maxSeed: 0xffffffff,
  minBpm: 40,
  maxBpm: 240,
  maxKeyCharacters: 40,
} as const;
export const AUDIO_FORMATS: readonly AudioFormat[] = ['wav', 'mp3', 'ogg', 'flac'];
const MAX_PROMPT_CHARACTERS = REQUEST_LIMITS.maxPromptCharacters;
const FORMATS = AUDIO_FORMATS;

/** True for a whole number of beats per minute the engine accepts as an override. */
export function isAllowedBpm(bpm: unknown): bpm is number {
  return (
    Number.isInteger(bpm) &&
    (bpm as number) >= REQUEST_LIMITS.minBpm &&
    (bpm as number) <= REQUEST_LIMITS.maxBpm
  );
}

/** True for a seed the engine accepts: an integer from 0 to 4294967295. */
export function isAllowedSeed(seed: unknown): seed is number {
  return Number.isInteger(seed) && (seed as number) >= 0 && (seed as number) <= REQUEST_LIMITS.maxSeed;
}

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
  if (!isAllowedSeed(request.seed)) fail(`seed must be an integer from 0 to ${REQUEST_LIMITS.maxSeed}`);
  const bpm = request.overrides?.bpm;
  if (bpm !== undefined && !isAllowedBpm(bpm))
    fail(`overrides.bpm must be an integer from ${REQUEST_LIMITS.minBpm} to ${REQUEST_LIMITS.maxBpm}`);
  const formats = request.outputs?.formats;
  if (formats !== undefined) {
    if (!Array.isArray(formats)) fail('outputs.formats must be a list');
    for (const format of formats) {
      if (!FORMATS.includes(format)) fail(`unknown output format ${String(format)}`);
    }
  }
  validateLineage(request, fail);
}

/** Variations and extensions: the request they come from is valid too, and they fit it. */
function validateLineage(request: TrackRequest, fail: (message: string) => never): void {
  if (request.variation && request.extend) fail('a request is a variation or an extension, not both');
  if (request.variation) {
    const { from, keep } = request.variation;
    if (!Array.isArray(keep)) fail('variation.keep must be a list of part names');
    for (const role of keep) {
      if (!VARIATION_PARTS.includes(role as PartRole))
        fail(`unknown part ${String(role)} in variation.keep; parts are ${VARIATION_PARTS.join(', ')}`);
    }
    validateRequest(from);
    if (request.durationSeconds !== from.durationSeconds)
      fail('a variation has the duration of the track it varies');
  }
  if (request.extend) {
    const { from } = request.extend;
    validateRequest(from);
    if (request.loop || from.loop) fail('a loop has no ending to extend from');
    if (request.durationSeconds <= from.durationSeconds)
      fail('an extension must be longer than the track it extends');
    if (request.seed !== from.seed) fail('an extension keeps the seed of the track it extends');
  }
}
