// Variations and extensions of a ready track: a new track made from the original's request (kept
// whole in its lineage), queued and paid for like POST /v1/tracks through TracksService.queueTrack.
import { randomInt } from 'node:crypto';
import type { PartRole, SectionPlanEntry, TrackRequest } from '@trackforge/engine';
import { MAX_DURATION_SECONDS } from '@trackforge/engine/request';
import { AppError } from '../../errors.js';
import type { IdempotencyScope } from '../../platform/idempotency/idempotency.service.js';
import type { TrackRow } from './track.repository.js';
import type { TrackJson } from './track.schemas.js';
import type { TracksService } from './track.service.js';
import type { TrackLineage } from './track.table.js';
import { engineRequestOf } from './track-files.js';
import type { ExtensionLength } from './track-inputs-thread.js';

export interface TrackRemixDeps {
  tracks: Pick<TracksService, 'getReadableTrack' | 'queueTrack'>;
  /** An extension's length with its own sections, worked out off the event loop (track-inputs-thread.ts). */
  extensionLength: ExtensionLength;
}

export type TrackRemix = ReturnType<typeof createTrackRemix>;

type Caller = { workspaceId: string; userId: string | null };

/** Seconds rounded to the millisecond, so a duration label never shows float noise. */
const roundSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function createTrackRemix(deps: TrackRemixDeps) {
  /** The caller's own ready track: 404 for another workspace's (even a public one), 422 until ready. */
  async function readyOwnTrack(caller: Caller, id: string, made: string): Promise<TrackRow> {
    const track = await deps.tracks.getReadableTrack(caller, id);
    if (track.workspace_id !== caller.workspaceId) {
      throw new AppError('not_found', `No track ${id} in your workspace.`, { param: 'id' });
    }
    if (track.status !== 'ready') {
      throw new AppError(
        'unprocessable_track',
        `Track ${id} is ${track.status}; ${made} only from a ready track.${track.status === 'failed' ? ' Create it again first.' : ' Wait until it is ready.'}`,
        { param: 'id', status_detail: track.status },
      );
    }
    return track;
  }

  /** The original's engine request as a lineage carries it: everything but the outputs. */
  function requestOf(track: TrackRow): TrackRequest {
    const { outputs: _outputs, ...request } = engineRequestOf(track, {});
    return request;
  }

  /** The new track's columns that come from the original as they are. */
  function inherited(track: TrackRow) {
    return {
      prompt: track.prompt,
      title: track.title,
      visibility: 'private' as const,
      voice_id: track.voice_id,
      voice_spec: track.voice_spec,
      loop: track.loop,
      bpm: track.bpm,
      key: track.key,
      webhook_url: track.webhook_url,
      metadata: {},
      parent_track_id: track.id,
    };
  }

  return {
    /** POST /v1/tracks/{id}/variations: the same brief, a new seed, the kept parts as they were. */
    async createVariation(
      caller: Caller,
      id: string,
      body: { keep: PartRole[]; seed?: number },
      idempotency?: IdempotencyScope,
    ): Promise<TrackJson> {
      const track = await readyOwnTrack(caller, id, 'variations are made');
      const parentSeed = Number(track.seed);
      // a new seed unless one is asked for: the same seed would write the same parts again
      let seed = body.seed ?? randomInt(0, 2 ** 32);
      while (body.seed === undefined && seed === parentSeed) seed = randomInt(0, 2 ** 32);
      const lineage: TrackLineage = {
        kind: 'variation',
        from: requestOf(track),
        keep: [...new Set(body.keep)],
      };
      return deps.tracks.queueTrack(
        caller.workspaceId,
        {
          ...inherited(track),
          created_by: caller.userId,
          duration: track.duration,
          duration_seconds: track.duration_seconds,
          seed,
          kind: 'variation',
          lineage,
          inputs: null, // the original's are in lineage.from
        },
        idempotency,
      );
    },

    /**
     * POST /v1/tracks/{id}/extend: the original, then `seconds` more in its style, key and tempo,
     * or the original up to its ending and then the `sections` plan.
     */
    async createExtension(
      caller: Caller,
      id: string,
      body: { seconds?: number; sections?: SectionPlanEntry[] },
      idempotency?: IdempotencyScope,
    ): Promise<TrackJson> {
      const track = await readyOwnTrack(caller, id, 'extensions are made');
      if (track.loop) {
        throw new AppError(
          'unprocessable_track',
          `Track ${id} is a loop: it has no ending to continue from. Extend a track made without loop.`,
          { param: 'id' },
        );
      }
      const from = requestOf(track);
      const total = body.sections
        ? await deps.extensionLength(from, body.sections)
        : roundSeconds(track.duration_seconds + (body.seconds ?? 0));
      if (total > MAX_DURATION_SECONDS) {
        throw new AppError(
          'unprocessable_track',
          `Track ${id} lasts ${track.duration_seconds} s; with ${body.seconds} s more it would last ${total} s, over the ${MAX_DURATION_SECONDS} s limit. Ask for at most ${roundSeconds(MAX_DURATION_SECONDS - track.duration_seconds)} s.`,
          { param: 'seconds' },
        );
      }
      const lineage: TrackLineage = {
        kind: 'extension',
        from,
        ...(body.sections ? { sections: body.sections } : {}),
      };
      return deps.tracks.queueTrack(
        caller.workspaceId,
        {
          ...inherited(track),
          created_by: caller.userId,
          duration: `${roundSeconds(total)}s`,
          duration_seconds: total,
          // the continuation is written from the original's own streams
          seed: Number(track.seed),
          kind: 'extension',
          lineage,
          inputs: null, // the original's are in lineage.from
        },
        idempotency,
      );
    },
  };
}
