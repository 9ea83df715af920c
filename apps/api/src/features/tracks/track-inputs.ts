// The musical inputs of POST /v1/tracks (chords, sections, melody) and of an extension's own
// sections, checked by the engine before anything is stored or charged: an input it cannot use is
// 422 unprocessable_input naming the field. Pure; the API runs it on track-inputs-thread.ts.
import type { SectionPlanEntry } from '@trackforge/engine';
import {
  EngineError,
  extensionLength,
  InputError,
  prepareTrack,
  readMelody,
  type TrackRequest,
  type VoiceSpec,
} from '@trackforge/engine/request';
import { AppError } from '../../errors.js';
import type { CreateTrackBody } from './track.schemas.js';
import type { TrackInputs } from './track.table.js';
import { engineRequestOf } from './track-files.js';

export interface ResolvedTrackInputs {
  inputs: TrackInputs | null;
  durationSeconds: number;
  /** The duration as shown on the track: the request's, or the plan's length ("36s"). */
  durationLabel: string;
}

function unprocessable(error: unknown): never {
  if (error instanceof InputError) {
    // the engine's request field "voice" is the API's voice_id
    const param = error.field === 'voice' ? 'voice_id' : error.field;
    const detail = error.field === 'voice' ? error.message.replace(/^voice:/, 'voice_id:') : error.message;
    throw new AppError('unprocessable_input', detail, { param });
  }
  if (error instanceof EngineError) throw new AppError('unprocessable_input', error.message);
  throw error;
}

/** Reads the melody file, checks every input with the engine and works out the track's length. */
export function resolveTrackInputs(
  body: CreateTrackBody,
  seed: number,
  voice: VoiceSpec | null,
): ResolvedTrackInputs {
  if (!body.duration && !body.sections) {
    throw new AppError(
      'validation_failed',
      'duration: give a duration such as "short" or "2:30", or a section plan in sections.',
      {
        param: 'duration',
      },
    );
  }
  const inputs: TrackInputs = {};
  if (body.chords !== undefined) inputs.chords = body.chords;
  if (body.sections !== undefined) inputs.sections = body.sections;
  if (body.lyrics !== undefined) inputs.lyrics = body.lyrics;
  try {
    if (body.melody !== undefined)
      inputs.melody = readMelody(new Uint8Array(Buffer.from(body.melody, 'base64')));
    // The request the track will be generated from, spelled once (track-files.ts).
    const request = engineRequestOf({
      prompt: body.prompt,
      duration_seconds: body.duration?.seconds ?? 30,
      seed,
      loop: body.loop ?? false,
      voice_spec: voice,
      bpm: body.bpm ?? null,
      key: body.key ?? null,
      inputs,
    });
    const prepared = prepareTrack(request);
    const planned = body.sections !== undefined;
    const seconds = Math.round(prepared.durationSeconds * 1000) / 1000;
    return {
      inputs: Object.keys(inputs).length > 0 ? inputs : null,
      durationSeconds: planned
        ? prepared.durationSeconds
        : (body.duration?.seconds ?? prepared.durationSeconds),
      durationLabel: planned ? `${seconds}s` : (body.duration?.label ?? `${seconds}s`),
    };
  } catch (error) {
    return unprocessable(error);
  }
}

/**
 * An extension's length with its own section plan (the original's bars up to its ending, then the
 * plan's), as the engine will make it: 422 naming the field for a plan it cannot follow.
 */
export function resolveExtensionLength(from: TrackRequest, sections: SectionPlanEntry[]): number {
  try {
    return extensionLength(from, sections);
  } catch (error) {
    return unprocessable(error);
  }
}
