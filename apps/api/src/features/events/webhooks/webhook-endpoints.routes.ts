// /v1/webhook-endpoints: outgoing webhook endpoints, managed by signed-in members and by the
// workspace's API keys (automating webhook setup is what keys are for).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../../platform/http/auth-context.js';
import { listPage } from '../../../platform/http/list-page.js';
import { PageQuerySchema } from '../../../platform/shared/keyset-page.js';
import { describePlanCaps } from '../../../platform/shared/plan-caps.js';
import {
  CreateWebhookEndpointSchema,
  presentWebhookEndpoint,
  UpdateWebhookEndpointSchema,
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
        summary: 'Create a webhook endpoint',
        description:
          `Create an endpoint that receives signed event POSTs (its secret is in the answer). A workspace holds at most its plan's number of endpoints, enabled or disabled (${describePlanCaps(deps.endpoints.endpointsPerWorkspace)}); ` +
          'past it the answer is 409 `plan_limit_reached`: delete an endpoint you no longer use ' +
          '(`DELETE /v1/webhook-endpoints/{id}`) or upgrade the plan.',
        body: CreateWebhookEndpointSchema,
        response: { 201: WebhookEndpointSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      // The claimed Idempotency-Key (idempotency.plugin.ts) is stored in the create's transaction.
      const endpoint = await deps.endpoints.createEndpoint(
        auth.workspaceId,
        request.body,
        request.idempotency ?? undefined,
      );
      return reply.code(201).send(endpoint);
    },
  );

  routes.get(
    '/webhook-endpoints',
    {
      schema: {
        tags,
        summary: 'List webhook endpoints',
        description: "The workspace's webhook endpoints, newest first.",
        querystring: PageQuerySchema,
        response: { 200: WebhookEndpointListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const page = await deps.endpoints.listEndpoints(auth.workspaceId, request.query);
      return listPage(
        reply,
        `${deps.publicUrl}/v1/webhook-endpoints`,
        request.query,
        page,
        presentWebhookEndpoint,
      );
    },
  );

  routes.get(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Get a webhook endpoint',
        description: 'One webhook endpoint.',
        params: WebhookEndpointParamsSchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentWebhookEndpoint(await deps.endpoints.getEndpoint(auth.workspaceId, request.params.id));
    },
  );

  routes.patch(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Update a webhook endpoint',
        description:
          'Change an endpoint: url, description, event_types, or enabled (re-enable after it was disabled).',
        params: WebhookEndpointParamsSchema,
        body: UpdateWebhookEndpointSchema,
        response: { 200: WebhookEndpointSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return presentWebhookEndpoint(
        await deps.endpoints.updateEndpoint(auth.workspaceId, request.params.id, request.body),
      );
    },
  );

  routes.delete(
    '/webhook-endpoints/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint',
        description: 'Delete a webhook endpoint; its queued deliveries are dropped.',
        params: WebhookEndpointParamsSchema,
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      await deps.endpoints.deleteEndpoint(auth.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
