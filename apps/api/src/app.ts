// buildApp registers every plugin and feature explicitly (no autoload) with the services the
// composition root built (compose.ts); it builds no service and starts nothing. The process
// entries (cli/) and the test helpers compose, build, choose what to start and listen.
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Services } from './compose.js';
import { accountsPlugin } from './features/accounts/accounts.plugin.js';
import { registerAuthentication } from './features/accounts/auth/authenticate.js';
import { billingPlugin } from './features/billing/billing.plugin.js';
import { creditsPlugin } from './features/billing/credits/credits.plugin.js';
import { eventsPlugin } from './features/events/events.plugin.js';
import { registerGuideRoutes } from './features/guides/guides.routes.js';
import { registerStudioRoutes } from './features/studio/studio.routes.js';
import { registerSharePages } from './features/tracks/share/share-pages.routes.js';
import { registerMultipartParser } from './features/tracks/track.routes.js';
import { registerTrackSharePage } from './features/tracks/track-share-page.js';
import { tracksPlugin } from './features/tracks/tracks.plugin.js';
import { voicesPlugin } from './features/voices/voices.plugin.js';
import { closeSocketsForRestart, type Drain } from './platform/health/drain.js';
import { registerHealthRoutes } from './platform/health/health.routes.js';
import { canonicalRequestTarget } from './platform/http/canonical-url.js';
import { registerNoStoreByDefault } from './platform/http/edge-cache.js';
import {
  createClientErrorAnswer,
  createFrameworkErrorAnswer,
  installErrorHandlers,
} from './platform/http/error-handler.js';
import { createMetrics, type Metrics, registerMetrics } from './platform/http/metrics.js';
import { registerDocs, registerOpenApi } from './platform/http/openapi.js';
import { rateLimitSettingsFrom, registerRateLimit } from './platform/http/rate-limit.js';
import { requestIdFor } from './platform/http/request-id.js';
import { registerRequestLog } from './platform/http/request-log.js';
import { registerRouteAccess } from './platform/http/route-access.js';
import { registerSecurityHeaders, STUDIO_CONTENT_SECURITY_POLICY } from './platform/http/security-headers.js';
import { registerTextValidation } from './platform/http/text-validation.js';
import { trustProxyOption } from './platform/http/trusted-proxies.js';
import { validatorCompiler } from './platform/http/validation.js';
import { registerVersionHeader } from './platform/http/version.js';
import { registerIdempotency } from './platform/idempotency/idempotency.plugin.js';
import { registerDevMailRoutes } from './platform/mail/dev-mail.routes.js';

// The studio's build (`npm ci` runs it) ships with the repository; a deployment may point elsewhere.
const DEFAULT_STUDIO_DIR = fileURLToPath(new URL('../../studio/dist/', import.meta.url));
// The guides' markdown (docs/ at the repository root; the image copies it to the same place).
const DEFAULT_DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

export interface AppDeps {
  /** The service graph (compose.ts composeServices); the app registers routes and hooks with it. */
  services: Services;
  studioDir?: string;
  /** The markdown of /docs/guides and /docs/errors; default the repository's docs/. */
  docsDir?: string;
  metrics?: Metrics;
  /** Fastify's logger options (tests); serve passes loggerInstance, the logger the services write to. */
  logger?: FastifyServerOptions['logger'];
  loggerInstance?: FastifyBaseLogger;
  /** Set by serve on SIGTERM: /readyz answers 503 while the node drains. */
  drain?: Drain;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP app; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { services } = deps;
  const { config, clock } = services;
  const app = Fastify({
    ...(deps.loggerInstance ? { loggerInstance: deps.loggerInstance } : { logger: deps.logger ?? false }),
    genReqId: requestIdFor,
    // http/request-log.ts writes one line a request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Before routing: the router, the rate limit, idempotency and the logs see one spelling.
    rewriteUrl: (request) => canonicalRequestTarget(request.url ?? '/'),
    // Off: http/error-handler.ts answers requests during shutdown with a problem+json 503.
    return503OnClosing: false,
    // Router and HTTP-parser failures are problem+json too (http/error-handler.ts).
    frameworkErrors: createFrameworkErrorAnswer(config.PUBLIC_URL),
    clientErrorHandler: createClientErrorAnswer(config.PUBLIC_URL),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted; anything else is 415 (features that need raw bodies,
  // like Stripe webhooks, add their own parser inside their plugin).
  app.removeContentTypeParser('text/plain');
  installErrorHandlers(app, { publicUrl: config.PUBLIC_URL });
  registerRequestLog(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerNoStoreByDefault(app);
  registerTextValidation(app);
  registerVersionHeader(app);
  // Before any route, so that a WebSocket upgrade to a plain HTTP route is refused.
  // On close, sockets get 1012 (service restart): clients reconnect and resume by last_event_id.
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 64 * 1024 },
    preClose: closeSocketsForRestart,
  });

  await registerOpenApi(app, { publicUrl: config.PUBLIC_URL });
  await registerSecurityHeaders(app, config);
  registerMetrics(app, deps.metrics ?? createMetrics({ processMetrics: false }), {
    token: config.METRICS_TOKEN,
  });
  registerHealthRoutes(app, { database: services.database, storage: services.storage, drain: deps.drain });
  registerStudioRoutes(app, {
    studioDir: deps.studioDir ?? DEFAULT_STUDIO_DIR,
    contentSecurityPolicy: STUDIO_CONTENT_SECURITY_POLICY,
  });

  // Accounts: request.auth for every route below.
  await app.register(fastifyCookie);
  registerAuthentication(app, { config, ...services.auth });
  // After authentication (the limit is per principal and plan), before every /v1 route.
  await registerRateLimit(app, { settings: rateLimitSettingsFrom(config), clock });
  // Who may call a route is checked before an Idempotency-Key replays an answer (issue 29).
  registerRouteAccess(app);
  registerIdempotency(app, { idempotency: services.idempotency });
  if (config.NODE_ENV !== 'production') registerDevMailRoutes(app, services.auth);

  registerTrackSharePage(app, {
    tracks: services.tracks,
    edgeCache: services.edgeCache,
    publicUrl: config.PUBLIC_URL,
  });
  registerSharePages(app, {
    tracks: services.tracks,
    images: services.shareImages,
    edgeCache: services.edgeCache,
    publicUrl: config.PUBLIC_URL,
  });
  // One encapsulated plugin per feature, in the order the API reference lists them.
  const publicUrl = config.PUBLIC_URL;
  await app.register(
    async (v1) => {
      registerMultipartParser(v1);
      await v1.register(creditsPlugin, { credits: services.credits, publicUrl });
      await v1.register(tracksPlugin, {
        tracks: services.tracks,
        remix: services.trackRemix,
        publicUrl,
        edgeCache: services.edgeCache,
      });
      await v1.register(voicesPlugin, { voices: services.voices, publicUrl });
      await v1.register(accountsPlugin, {
        config,
        auth: services.auth,
        getBillingSummary: (workspaceId) => services.billing.getBillingSummary(workspaceId),
      });
      await v1.register(eventsPlugin, {
        ...services.events,
        clock,
        publicUrl,
        pingIntervalMs: services.pingIntervalMs,
        allowedOrigins: config.ALLOWED_ORIGINS,
        findWorkspace: (id) => services.auth.accounts.findWorkspaceById(id),
        onError: (error) => app.log.error({ err: error }, 'events: background failure'),
      });
      await v1.register(billingPlugin, {
        billing: services.billing,
        stripeWebhooks: services.stripeWebhooks,
      });
    },
    { prefix: '/v1' },
  );

  await registerDocs(app);
  registerGuideRoutes(app, { docsDir: deps.docsDir ?? DEFAULT_DOCS_DIR });
  return app;
}
