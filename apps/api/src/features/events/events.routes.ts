// GET /v1/events: the workspace's event log, the replay source for clients that were offline.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireAuth } from '../../platform/http/auth-context.js';
import { listPage } from '../../platform/http/list-page.js';
import { EventListQuerySchema, EventListSchema, presentEvent } from './events.schemas.js';
import type { EventsService } from './events.service.js';

export function registerEventRoutes(
  app: FastifyInstance,
  deps: { events: EventsService; publicUrl: string },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/events',
    {
      schema: {
        tags: ['events'],
        summary: 'List events',
        description: "The workspace's events (kept 30 days), newest first.",
        querystring: EventListQuerySchema,
        response: { 200: EventListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const page = await deps.events.listEvents(auth.workspaceId, request.query);
      return listPage(reply, `${deps.publicUrl}/v1/events`, request.query, page, presentEvent);
    },
  );
}
