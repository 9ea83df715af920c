// The --json object: the request fields and `music`/`audio` of the API's Track (same snake_case
// names and units), with `files` saying what was written where, instead of the API's `urls`.
import { toTrackFields } from '../src/index.js';
import type { AudioFormat, TrackRequest, TrackResult } from '../src/types.js';

export interface WrittenFiles {
  audio: string | null;
  midi: string | null;
  stems: string[];
  /** The timed lyrics (--captions), or null. */
  captions: string | null;
}

export function buildJsonSummary(
  request: TrackRequest,
  durationLabel: string,
  result: TrackResult,
  formats: readonly AudioFormat[],
  files: WrittenFiles,
) {
  const timingsMs: Record<string, number> = {};
  for (const [stage, ms] of Object.entries(result.timingsMs)) if (ms !== undefined) timingsMs[stage] = ms;
  return {
    prompt: request.prompt,
    duration: durationLabel,
    duration_seconds: request.durationSeconds,
    seed: request.seed,
    loop: request.loop ?? false,
    bpm: request.overrides?.bpm ?? null,
    key: request.overrides?.key ?? null,
    ...toTrackFields(result, formats),
    files,
    timings_ms: timingsMs,
  };
}
