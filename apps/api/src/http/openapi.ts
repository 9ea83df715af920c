// OpenAPI 3.1 generated from the zod route schemas, served at /openapi.json, with the Scalar
// reference at /docs. scripts/openapi.ts writes the same document to the repo root.
import fastifySwagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

export const API_VERSION = '2026-11-01';

/** Registers the document generator; call before any route. */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trackforge API',
        version: API_VERSION,
        description:
          'Turn a text prompt and a duration into a finished, mastered music track. Errors are application/problem+json; see the `code` table in docs/errors.md.',
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (tf_live_…) or an access token (JWT) from /v1/auth/verify.',
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'tf_session' },
        },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'draft-2020-12' } }),
    transformObject: jsonSchemaTransformObject,
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Serves the interactive reference at /docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: '/openapi.json', title: 'Trackforge API reference' },
  });
}
