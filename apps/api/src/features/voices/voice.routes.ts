// GET /v1/voices, /v1/voices/{id} and /v1/voices/{id}/preview: any credential may browse.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-context.js';
import { listPage } from '../../platform/http/list-page.js';
import { inMemory, sendFile } from '../../platform/http/send-file.js';
import { VoiceIdParamsSchema, VoiceListQuerySchema, VoiceListSchema, VoiceSchema } from './voice.schemas.js';
import type { VoiceService } from './voice.service.js';

export function registerVoiceRoutes(
  app: FastifyInstance,
  deps: { voices: VoiceService; publicUrl: string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/voices',
    {
      schema: {
        tags: ['voices'],
        summary: 'List voices',
        description: 'Browse and search the voice marketplace.',
        querystring: VoiceListQuerySchema,
        response: { 200: VoiceListSchema },
      },
    },
    async (request, reply) => {
      requireAuth(request);
      const page = await deps.voices.listVoices(request.query);
      return listPage(reply, `${deps.publicUrl}/v1/voices`, request.query, page);
    },
  );

  routes.get(
    '/voices/:id',
    {
      schema: {
        tags: ['voices'],
        summary: 'Get a voice',
        description: 'Retrieve a voice.',
        params: VoiceIdParamsSchema,
        response: { 200: VoiceSchema },
      },
    },
    async (request) => {
      requireAuth(request);
      return deps.voices.getVoice(request.params.id);
    },
  );

  routes.get(
    '/voices/:id/preview',
    {
      schema: {
        tags: ['voices'],
        summary: 'Preview a voice',
        description: 'A short audio preview of the voice (MP3, about 10 s), rendered by the engine.',
        params: VoiceIdParamsSchema,
      },
    },
    async (request, reply) => {
      requireAuth(request);
      const preview = await deps.voices.getVoicePreview(request.params.id);
      return sendFile(request, reply, {
        bytes: preview.mp3.byteLength,
        etag: preview.etag,
        contentType: 'audio/mpeg',
        cacheControl: 'private, max-age=86400',
        open: inMemory(preview.mp3),
      });
    },
  );
}
