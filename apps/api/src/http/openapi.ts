// OpenAPI 3.1 generated from the zod route schemas, served at /openapi.json, with the Scalar
// reference at /docs. scripts/write-openapi.ts writes the same document to the repo root.
// openapi-document.ts adds what the route schemas do not carry (errors, security, headers, examples).
import fastifySwagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { completeDocument, SECURITY_SCHEMES } from './openapi-document.js';

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
          'Turn a text prompt and a duration into a finished, mastered music track. Every error is application/problem+json (the `Problem` schema) with a stable `code`; each operation lists the codes it can return, and docs/errors.md says what to do about each. Lists page with `limit`, `starting_after` and `ending_before` (an id from the same list, such as its `next_cursor`). Every answer carries `X-Request-Id` and `Trackforge-Version`.',
      },
      servers: [{ url: options.publicUrl }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'draft-2020-12' } }),
    transformObject: (input) => completeDocument(jsonSchemaTransformObject(input) as Record<string, unknown>),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Serves the interactive reference at /docs. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(scalar, {
    routePrefix: '/docs',
    // Scalar's default fonts come from fonts.scalar.com, which the CSP's font-src ('self') blocks
    // and an offline machine cannot reach: the page uses the system fonts instead.
    configuration: { url: '/openapi.json', title: 'Trackforge API reference', withDefaultFonts: false },
  });
}
