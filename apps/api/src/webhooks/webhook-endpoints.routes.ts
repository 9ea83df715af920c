// /v1/webhook-endpoints: outgoing webhook endpoints, managed by signed-in members only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/auth-context.js';
import { nextPageLink, PageQuerySchema } from '../shared/keyset-page.js';
import {
  CreateWebhookEndpointHeadersSchema,
  CreateWebhookEndpointSchema,
  presentWebhookEndpoint,
  type WebhookEndpointJson,
  WebhookEndpointListSchema,
  WebhookEndpointParamsSchema,
  WebhookEndpointSchema,
} from './webhook-endpoints.schemas.js';
import type { WebhookEndpointsService } from './webhook-endpoints.service.js';

export function registerWebhookEndpointRoutes(
  app: FastifyInstance,
  deps: { endpoints: WebhookEndpointsService; publicUrl: string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];

  routes.post(
    '/webhook-endpoints',
    {
      schema: {
        tags,
        summary: 'Create an endpoint that receives signed event POSTs (its secret is in the answer)',
        headers: CreateWebhookEndpointHeadersSchema,
        body: CreateWebhookEndpointSchema,
        response: { 201: WebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const key = request.headers['idempotency-key'];
      const scope = key ? { workspaceId: auth.workspaceId, key } : undefined;
      if (scope) {
        const start = await deps.endpoints.beginIdempotentCreate(scope, request.body);
        if (start.kind === 'replay') {
          reply.header('idempotent-replayed', 'true');
          return reply.code(start.status as 201).send(start.body as WebhookEndpointJson);
        }
      }
      try {
        return reply
          .code(201)
          .send(await deps.endpoints.createEndpoint(auth.workspaceId, request.body, scope));
      } catch (error) {
        if (scope) await deps.endpoints.abandonIdempotentCreate(scope);
        throw error;
      }
    },
  );

  routes.get(
    '/webhook-endpoints',
    {
      schema: {
        tags,
        summary: "The workspace's webhook endpoints, newest first",
        querystring: PageQuerySchema,
        response: { 200: WebhookEndpointListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const page = await deps.endpoints.listEndpoints(auth.workspaceId, request.query);
      const link = nextPageLink(`${deps.publicUrl}/v1/webhook-endpoints`, request.query, page);
      if (link) reply.header('link', link);
      return { object: 'list' as const, ...page, data: page.data.map(presentWebhookEndpoint) };
    },
  );

  routes.get(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'One webhook endpoint',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return presentWebhookEndpoint(await deps.endpoints.getEndpoint(auth.workspaceId, request.params.id));
    },
  );

  routes.delete(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint; its queued deliveries are dropped',
        params: WebhookEndpointParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      await deps.endpoints.deleteEndpoint(auth.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
