// POST /v1/tracks/{id}/variations and /extend: each answers like POST /v1/tracks (201, a queued
// track, 1 credit held until it is ready and given back if it fails; Idempotency-Key and
// `Prefer: wait=N` as there).

import type { PartRole } from '@trackforge/engine';
import {
  MAX_DURATION_SECONDS,
  MAX_PLAN_SECTIONS,
  MIN_DURATION_SECONDS,
  REQUEST_LIMITS,
  VARIATION_PARTS,
} from '@trackforge/engine/request';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/http/auth-context.js';
import { answerQueuedTrack, CreateHeadersSchema } from './track.routes.js';
import { SectionPlanSchema, TrackIdParamsSchema, TrackSchema } from './track.schemas.js';
import type { TracksService } from './track.service.js';
import type { TrackRemix } from './track-remix.service.js';

export interface TrackRemixRoutesDeps {
  remix: TrackRemix;
  tracks: Pick<TracksService, 'waitForTrack'>;
  publicUrl: string;
}

export const CreateVariationBodySchema = z.strictObject({
  keep: z
    // A closed set, so the SDKs type it as a union of the part names (a typo fails to compile).
    .array(z.enum(VARIATION_PARTS as [PartRole, ...PartRole[]]))
    .max(VARIATION_PARTS.length)
    .describe(
      `Parts to keep exactly as they are in the original (note for note, and sample for sample in their stems): any of ${VARIATION_PARTS.join(', ')}. Every other part is written again from the new seed. Keeping any part but the drums keeps the chord progression too. [] keeps nothing.`,
    ),
  seed: z
    .number()
    .int()
    .min(0)
    .max(REQUEST_LIMITS.maxSeed)
    .optional()
    .describe('Seed of the parts written again; omit for a random one (never the original’s).'),
});

export const CreateExtensionBodySchema = z
  .strictObject({
    seconds: z
      .number()
      .min(MIN_DURATION_SECONDS)
      .max(
        MAX_DURATION_SECONDS - MIN_DURATION_SECONDS,
        `seconds must be at most ${MAX_DURATION_SECONDS - MIN_DURATION_SECONDS}: the extension lasts the original plus these, ${MAX_DURATION_SECONDS} s at most in all (so less when the original is longer than ${MIN_DURATION_SECONDS} s)`,
      )
      .optional()
      .describe(
        `Seconds to add (give seconds or sections). The new track lasts the original's length plus these (at most ${MAX_DURATION_SECONDS} s in all); the continuation goes on in the original's form (a progression keeps cycling, a section plan's last section goes on).`,
      ),
    sections: z
      .array(SectionPlanSchema)
      .min(1)
      .max(MAX_PLAN_SECTIONS)
      .optional()
      .describe(
        `A section plan for the continuation (give seconds or sections), shaped like POST /v1/tracks \`sections\`: it starts where the original's ending began (the ending gives way to it), and the new track lasts the original up to there plus the plan (at most ${MAX_DURATION_SECONDS} s in all).`,
      ),
  })
  .refine((body) => (body.seconds === undefined) !== (body.sections === undefined), {
    message: 'give either seconds or sections (one of them)',
    path: ['seconds'],
  });

export function registerTrackRemixRoutes(app: FastifyInstance, deps: TrackRemixRoutesDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/tracks/:id/variations',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Make a variation',
        description:
          'Make a variation of a ready track: same brief, new seed, the kept parts unchanged (1 credit). A new track (`kind: "variation"`, `parent_track_id`) with the original\'s prompt, duration, tempo, key, instruments and form. The parts named in `keep` are the original\'s, note for note; the others are written again from `seed`. 422 `unprocessable_track` when the original is not ready; 400 `validation_failed` when `keep` names an unknown part (the message lists the parts). Answers like POST /v1/tracks: 201 and a queued track; `Idempotency-Key` and `Prefer: wait=N` work as there. The original is rendered again from its request: after an engine update that changed how it sounds, the extension starts with the original as the engine renders it now.',
        headers: CreateHeadersSchema,
        params: TrackIdParamsSchema,
        body: CreateVariationBodySchema,
        response: { 201: TrackSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const track = await deps.remix.createVariation(
        auth,
        request.params.id,
        request.body,
        request.idempotency ?? undefined,
      );
      return answerQueuedTrack(request.headers.prefer, reply, deps, auth, track);
    },
  );

  routes.post(
    '/tracks/:id/extend',
    {
      schema: {
        tags: ['tracks'],
        summary: 'Extend a track',
        description:
          'Extend a ready track by N seconds or a section plan: it starts with the original, bit for bit (1 credit). A new track (`kind: "extension"`, `parent_track_id`) that plays the original up to its ending (its last section) sample for sample, then continues in the same style, key and tempo: for `seconds`, in the original\'s form (a chord progression keeps cycling; a track made from a section plan goes on in its last section\'s name, energy and instruments) and ends in its own time; for `sections`, through that plan. Give one of the two. 422 `unprocessable_track` when the original is not ready, is a loop, or `seconds` would pass 600 s; 422 `unprocessable_input` naming the field (`sections[1].instruments[0]`, `sections`) for a plan the engine cannot follow, one that would pass 600 s in all, or one no longer than the ending it replaces. Answers like POST /v1/tracks: 201 and a queued track; `Idempotency-Key` and `Prefer: wait=N` work as there.',
        headers: CreateHeadersSchema,
        params: TrackIdParamsSchema,
        body: CreateExtensionBodySchema,
        response: { 201: TrackSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const track = await deps.remix.createExtension(
        auth,
        request.params.id,
        request.body,
        request.idempotency ?? undefined,
      );
      return answerQueuedTrack(request.headers.prefer, reply, deps, auth, track);
    },
  );
}
