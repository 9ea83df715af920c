// /v1/api-keys: managed by signed-in users only (session or access token): a key cannot mint keys.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../../platform/http/auth-context.js';
import { listPage } from '../../../platform/http/list-page.js';
import { PageQuerySchema } from '../../../platform/shared/keyset-page.js';
import { describePlanCaps } from '../../../platform/shared/plan-caps.js';
import {
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
  toApiKeyJson,
} from './api-key.schemas.js';
import type { ApiKeyService } from './api-key.service.js';

export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { apiKeys: ApiKeyService; publicUrl: string },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { apiKeys } = deps;

  routes.post(
    '/api-keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Create an API key',
        description:
          `Create an API key (Studio and Enterprise); the secret is shown once. A workspace holds at most its plan's number of live keys (${describePlanCaps(apiKeys.liveKeysPerWorkspace)}); ` +
          'past it the answer is 409 `plan_limit_reached`: revoke a key you no longer use (`DELETE /v1/api-keys/{id}`) ' +
          "or upgrade the plan. All of a workspace's keys share one request budget (see the `RateLimit` headers).",
        body: CreateApiKeyBodySchema,
        response: { 201: CreatedApiKeySchema },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { key, secret } = await apiKeys.createApiKey(auth, request.body);
      return reply.code(201).send({ ...toApiKeyJson(key), secret });
    },
  );

  routes.get(
    '/api-keys',
    {
      schema: {
        tags: ['api keys'],
        summary: 'List API keys',
        description: 'List the workspace’s live API keys, newest first (never their secrets).',
        querystring: PageQuerySchema,
        response: { 200: ApiKeyListSchema },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const page = await apiKeys.listApiKeys(auth.workspaceId, request.query);
      return listPage(reply, `${deps.publicUrl}/v1/api-keys`, request.query, page, toApiKeyJson);
    },
  );

  routes.get(
    '/api-keys/:id',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Get an API key',
        description: 'One live API key of the workspace (never its secret; revoked keys are 404).',
        params: ApiKeyParamsSchema,
        response: { 200: ApiKeySchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return toApiKeyJson(await apiKeys.getApiKey(auth.workspaceId, request.params.id));
    },
  );

  routes.delete(
    '/api-keys/:id',
    {
      schema: {
        tags: ['api keys'],
        summary: 'Revoke an API key',
        description: 'Revoke an API key; it stops working at once.',
        params: ApiKeyParamsSchema,
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      await apiKeys.revokeApiKey(auth.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
