// OpenAPI 3.1 generated from the zod route schemas, served at /openapi.json, with the Scalar
// reference at /docs. scripts/write-openapi.ts writes the same document to the repo root.
// openapi-document.ts adds what the route schemas do not carry (errors, security, headers, examples)
// from the contract rows each feature registers (openapi-contract.ts).
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { createContractRegistry } from './openapi-contract.js';
import { completeDocument, SECURITY_SCHEMES } from './openapi-document.js';
import { DOCS_CONTENT_SECURITY_POLICY } from './security-headers.js';

export const API_VERSION = '2026-11-01';

/**
 * The reference's sections in the order someone meets them: make and hear tracks, follow them,
 * then the account around them; health checks are for operators and come last.
 */
export const TAGS: { name: string; description: string }[] = [
  {
    name: 'tracks',
    description: 'Create tracks, follow them to ready, download, publish, vary and extend them.',
  },
  { name: 'voices', description: 'The voice marketplace: voices a track can be performed with.' },
  { name: 'events', description: 'Job events: the log and the live WebSocket.' },
  { name: 'webhooks', description: 'Endpoints that receive signed event POSTs.' },
  { name: 'credits', description: 'The credit balance and its ledger.' },
  { name: 'account', description: 'Who is calling.' },
  { name: 'workspace', description: 'The workspace and the secret that signs its events.' },
  { name: 'api keys', description: 'Keys for servers and scripts (Studio and Enterprise plans).' },
  { name: 'auth', description: 'Sign up and sign in by magic link; sign out.' },
  { name: 'billing', description: 'Plans and credit packs through Stripe.' },
  { name: 'health', description: 'Liveness and readiness for operators and load balancers.' },
];

/**
 * Registers the document generator and the registry the features add their contract rows to
 * (app.operationContracts); call before any route.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const contracts = createContractRegistry();
  app.decorate('operationContracts', contracts);
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
      tags: TAGS,
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'draft-2020-12' } }),
    transformObject: (input) =>
      completeDocument(jsonSchemaTransformObject(input) as Record<string, unknown>, contracts),
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** The routes Scalar's plugin answers (with `url` set it serves no copy of the document itself). */
const DOCS_ROUTES = ['/docs', '/docs/', '/docs/js/scalar.js'];
/** Headers of Scalar's answers that Fastify sets again for the real reply. */
const HOP_HEADERS = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Serves the interactive reference at /docs. Scalar's plugin is a 4 MB module holding its 4 MB page
 * script as a string: loaded at start it costs every API process about 25 MB of RSS for a page few
 * open. So it loads on the first /docs request, into an app of its own that the routes here hand
 * the request to (the answers are the plugin's; this app's hooks add the security headers as before).
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  let docsApp: Promise<FastifyInstance> | undefined;
  const loadDocsApp = async (): Promise<FastifyInstance> => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    const docs = Fastify();
    await docs.register(scalar, {
      routePrefix: '/docs',
      // Scalar's default fonts come from fonts.scalar.com, which the CSP's font-src ('self') blocks
      // and an offline machine cannot reach: the page uses the system fonts instead.
      // The vendor's "Ask AI" agent sends the document to its hosted service (and turns on by itself
      // on localhost); its developer toolbar likewise: both stay off. The version we pin (the newest
      // whose dependencies install on Node 20) has no MCP button to turn off.
      configuration: {
        url: '/openapi.json',
        title: 'Trackforge API reference',
        withDefaultFonts: false,
        agent: { disabled: true },
        showDeveloperTools: 'never',
      },
    });
    await docs.ready();
    return docs;
  };
  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    docsApp ??= loadDocsApp().catch((error: unknown) => {
      docsApp = undefined; // the next request tries again
      throw error;
    });
    const response = await (await docsApp).inject({ method: 'GET', url: request.url });
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
    return reply.code(response.statusCode).send(response.rawPayload);
  };
  for (const url of DOCS_ROUTES) app.get(url, { schema: { hide: true } }, answer);
  app.addHook('onClose', async () => {
    if (docsApp) await (await docsApp).close();
  });
}
