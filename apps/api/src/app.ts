// buildApp wires every plugin and feature explicitly (no autoload) from the dependencies it is
// given; main.ts owns listening and shutdown, tests call app.inject.
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { composeAccounts, composeEventLog, composeEvents, type EventRuntimeOptions } from './compose.js';
import type { Config } from './config.js';
import { registerAuthRoutes } from './features/accounts/auth/auth.routes.js';
import { listenForRevocations } from './features/accounts/auth/auth-context-cache.js';
import type { CreditBalanceReader } from './features/accounts/auth/auth-services.js';
import { registerAuthentication } from './features/accounts/auth/authenticate.js';
import { resolveJwtSecret } from './features/accounts/auth/jwt-secret.js';
import { registerApiKeyRoutes } from './features/accounts/keys/api-key.routes.js';
import { registerMeRoutes } from './features/accounts/me/me.routes.js';
import { registerBillingRoutes } from './features/billing/billing.routes.js';
import { createBillingService } from './features/billing/billing.service.js';
import { registerCreditRoutes } from './features/billing/credits/credit.routes.js';
import { createCreditsService, grantSignupCredits } from './features/billing/credits/credit.service.js';
import { createStripeClient } from './features/billing/stripe-client.js';
import { createStripeWebhookService } from './features/billing/stripe-webhook.service.js';
import { registerEventRoutes } from './features/events/events.routes.js';
import { createOpenSocketCount } from './features/events/job-socket.js';
import { registerJobSocketRoutes } from './features/events/job-socket.routes.js';
import { createWebhookUrlCheck, resolveHost } from './features/events/webhooks/webhook-address.js';
import { registerWebhookEndpointRoutes } from './features/events/webhooks/webhook-endpoints.routes.js';
import { registerWorkspaceSecretRoutes } from './features/events/workspace-secret.routes.js';
import { registerGuideRoutes } from './features/guides/guides.routes.js';
import { registerStudioRoutes } from './features/studio/studio.routes.js';
import { createFinishedTrackCache, listenForTrackChanges } from './features/tracks/finished-track-cache.js';
import type { Generate } from './features/tracks/generation/generation-pool.js';
import { generationQueue } from './features/tracks/generation/generation-queue.js';
import { createOnDemandGeneration } from './features/tracks/generation/on-demand-generation.js';
import { createDerivedFiles } from './features/tracks/generation/track-derived-files.js';
import { createShareImages, shippedShareFontFiles } from './features/tracks/share/share-image.js';
import { registerSharePages } from './features/tracks/share/share-pages.routes.js';
import { registerTrackRoutes } from './features/tracks/track.routes.js';
import { createTracksService } from './features/tracks/track.service.js';
import { createTrackInputsThread } from './features/tracks/track-inputs-thread.js';
import { registerTrackRemixRoutes } from './features/tracks/track-remix.routes.js';
import { createTrackRemix } from './features/tracks/track-remix.service.js';
import { registerTrackSharePage } from './features/tracks/track-share-page.js';
import { createStoragePreviewStore } from './features/voices/preview-store.js';
import { registerVoiceRoutes } from './features/voices/voice.routes.js';
import { createVoiceService } from './features/voices/voice.service.js';
import { createPreviewRenderer, renderPreviewWith } from './features/voices/voice-preview.js';
import type { DatabaseHandle } from './platform/database/create-database.js';
import { createPurger } from './platform/edge/create-purger.js';
import type { Purger } from './platform/edge/edge-purge.js';
import { trackPurge } from './platform/edge/edge-purge.js';
import { createEdgePurgeQueue } from './platform/edge/edge-purge-queue.js';
import { closeSocketsForRestart, type Drain } from './platform/health/drain.js';
import { registerHealthRoutes } from './platform/health/health.routes.js';
import { canonicalRequestTarget } from './platform/http/canonical-url.js';
import { createEdgeCachePolicy, registerNoStoreByDefault } from './platform/http/edge-cache.js';
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
import {
  createIdempotencyService,
  IDEMPOTENCY_SEALING_PURPOSE,
} from './platform/idempotency/idempotency.service.js';
import { registerDevMailRoutes } from './platform/mail/dev-mail.routes.js';
import { type Clock, systemClock } from './platform/shared/clock.js';
import { createSecretSealer } from './platform/shared/secret-sealing.js';
import { createStorage } from './platform/storage/create-storage.js';
import type { Storage } from './platform/storage/storage.js';

// The studio's build (`npm ci` runs it) ships with the repository; a deployment may point elsewhere.
const DEFAULT_STUDIO_DIR = fileURLToPath(new URL('../../studio/dist/', import.meta.url));
// The guides' markdown (docs/ at the repository root; the image copies it to the same place).
const DEFAULT_DOCS_DIR = fileURLToPath(new URL('../../../docs/', import.meta.url));

export interface AppDeps {
  studioDir?: string;
  /** The markdown of /docs/guides and /docs/errors; default the repository's docs/. */
  docsDir?: string;
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  metrics?: Metrics;
  logger?: FastifyServerOptions['logger'];
  /** Credits shown by /v1/me and /v1/auth/verify; defaults to the credits service. */
  getCreditBalance?: CreditBalanceReader;
  /** Stripe SDK client; default built from STRIPE_* config (none when STRIPE_SECRET_KEY is unset). */
  stripe?: Stripe;
  /** Events/webhooks tuning: WebSocket ping interval, background loops, webhook sender. */
  events?: EventRuntimeOptions;
  /** Generated files; default from STORAGE_URL / DATA_DIR. */
  storage?: Storage;
  /** Called after a generation job commits (serve wakes its in-process workers). */
  onJobEnqueued?: () => void;
  /** Set by serve on SIGTERM: /readyz answers 503 while the node drains. */
  drain?: Drain;
  /**
   * The engine renders this node makes on request (voice previews, a track's WAV/OGG/FLAC/stems on
   * first download); default one generation thread started on first use (on-demand-generation.ts).
   */
  render?: Generate;
  /** DNS for the creation-time webhook URL check; default the system resolver (tests inject one). */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Where edge purges go; default the one EDGE_PURGE configures (none when off). */
  purger?: Purger;
  /** Purge retry waits (tests shorten them). */
  purgeRetryDelaysMs?: readonly number[];
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** LISTENs from when the app is ready until it closes (start returns the unlisten function). */
function listenWhileOpen(app: FastifyInstance, start: () => Promise<() => Promise<void>>): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await start();
  });
  app.addHook('onClose', async () => {
    try {
      await stop?.();
    } catch {} // the database may be closed first; its LISTEN ended with it
  });
}

/** Builds the HTTP app; it does not listen. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: requestIdFor,
    // http/request-log.ts writes one line a request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    // Before routing: the router, the rate limit, idempotency and the logs see one spelling.
    rewriteUrl: (request) => canonicalRequestTarget(request.url ?? '/'),
    // Off: http/error-handler.ts answers requests during shutdown with a problem+json 503.
    return503OnClosing: false,
    // Router and HTTP-parser failures are problem+json too (http/error-handler.ts).
    frameworkErrors: createFrameworkErrorAnswer(deps.config.PUBLIC_URL),
    clientErrorHandler: createClientErrorAnswer(deps.config.PUBLIC_URL),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON bodies are accepted; anything else is 415 (features that need raw bodies,
  // like Stripe webhooks, add their own parser inside their plugin).
  app.removeContentTypeParser('text/plain');
  installErrorHandlers(app, { publicUrl: deps.config.PUBLIC_URL });
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

  await registerOpenApi(app, { publicUrl: deps.config.PUBLIC_URL });
  await registerSecurityHeaders(app, deps.config);
  registerMetrics(app, deps.metrics ?? createMetrics({ processMetrics: false }), {
    token: deps.config.METRICS_TOKEN,
  });
  // One store for tracks and voice previews (one S3 client when STORAGE_URL is s3://).
  const storage = deps.storage ?? createStorage(deps.config);
  registerHealthRoutes(app, { database: deps.database, storage, drain: deps.drain });
  registerStudioRoutes(app, {
    studioDir: deps.studioDir ?? DEFAULT_STUDIO_DIR,
    contentSecurityPolicy: STUDIO_CONTENT_SECURITY_POLICY,
  });

  const clock = deps.clock ?? systemClock;
  const credits = createCreditsService({ db: deps.database.db, clock });
  // Accounts: request.auth for every route below, then the /auth, /me and /api-keys routes.
  await app.register(fastifyCookie);
  const auth = composeAccounts({
    config: deps.config,
    db: deps.database.db,
    clock,
    log: app.log,
    getCreditBalance: deps.getCreditBalance ?? ((workspaceId) => credits.getCreditBalance(workspaceId)),
    onWorkspaceCreated: (tx, workspaceId) =>
      grantSignupCredits(credits, deps.config.CREDITS_SIGNUP, tx, workspaceId),
  });
  // Mail goes out from the durable queue, including mail an earlier process could not send.
  app.addHook('onReady', async () => auth.outbox.start());
  app.addHook('onClose', () => auth.close());
  // Revocations announced by any process (this one included) clear the auth-context cache.
  listenWhileOpen(app, () => listenForRevocations(deps.database, auth.contextCache));
  registerAuthentication(app, { config: deps.config, ...auth });
  // After authentication (the limit is per principal and plan), before every /v1 route.
  await registerRateLimit(app, { settings: rateLimitSettingsFrom(deps.config), clock });
  // Who may call a route is checked before an Idempotency-Key replays an answer (issue 29).
  registerRouteAccess(app);
  const idempotency = createIdempotencyService({
    db: deps.database.db,
    clock,
    sealer: createSecretSealer(resolveJwtSecret(deps.config), IDEMPOTENCY_SEALING_PURPOSE),
  });
  registerIdempotency(app, { idempotency });
  if (deps.config.NODE_ENV !== 'production') registerDevMailRoutes(app, auth);
  const accounts = auth.accounts;
  // One creation-time check for webhook URLs: POST /v1/tracks' webhook_url and webhook endpoints.
  const checkWebhookUrl = createWebhookUrlCheck({
    allowPrivate: deps.config.ALLOW_PRIVATE_WEBHOOKS,
    resolve: deps.resolveHost ?? resolveHost,
  });
  const eventLog = composeEventLog(clock);
  const onEventsError = (error: unknown) => app.log.error({ err: error }, 'events: background failure');
  const eventRuntime = composeEvents({
    config: deps.config,
    database: deps.database,
    clock,
    eventLog,
    idempotency,
    checkWebhookUrl,
    onError: onEventsError,
    options: deps.events,
  });
  app.addHook('onReady', () => eventRuntime.start());
  app.addHook('onClose', () => eventRuntime.stop());
  const billing = createBillingService({
    db: deps.database.db,
    clock,
    config: deps.config,
    stripe: deps.stripe ?? (await createStripeClient(deps.config)),
    accounts,
  });
  const stripeWebhooks = createStripeWebhookService({
    db: deps.database.db,
    clock,
    config: deps.config,
    accounts,
    credits,
    mailer: auth.outbox,
    publicUrl: deps.config.PUBLIC_URL,
    log: app.log,
  });
  // Voices: the catalogue seed runs after migrations at every start (upsert by stable id).
  // Engine renders this node needs now and then (voice previews, derived track formats) share one
  // thread started on first use and stopped when idle: an API-only node holds no bank at rest.
  let render = deps.render;
  if (!render) {
    const onDemand = createOnDemandGeneration({ bank: deps.config.ENGINE_BANK });
    app.addHook('onClose', () => onDemand.close());
    render = onDemand.generate;
  }
  const voices = createVoiceService({
    db: deps.database.db,
    clock,
    publicUrl: deps.config.PUBLIC_URL,
    previews: createPreviewRenderer({
      store: createStoragePreviewStore(storage),
      render: renderPreviewWith(render),
    }),
  });
  await voices.seedCatalogue();
  // Edge purges leave from the durable queue once the change that needs them has committed.
  const purger = deps.purger ?? createPurger(deps.config);
  const edgePurges = purger
    ? createEdgePurgeQueue({
        db: deps.database.db,
        clock,
        purger,
        retryDelaysMs: deps.purgeRetryDelaysMs,
        onError: (error, purge, willRetry) =>
          app.log.error(
            { err: error },
            purge
              ? `edge purge of ${purge.keys.join(' ')} failed${willRetry ? '; retrying' : '; giving up'}`
              : 'edge purge queue failure',
          ),
      })
    : undefined;
  if (edgePurges) {
    app.addHook('onReady', async () => edgePurges.start());
    app.addHook('onClose', () => edgePurges.stop());
  }
  const edgeCache = createEdgeCachePolicy({ purging: purger !== undefined });
  // Finished tracks are remembered between reads; a trigger announces their changes to every process.
  const finishedTracks = createFinishedTrackCache({ clock });
  // Musical inputs (a create's melody file and plan, an extension's plan) are read on their own
  // thread, never on this event loop.
  const trackInputs = createTrackInputsThread();
  app.addHook('onClose', () => trackInputs.close());
  listenWhileOpen(app, () => listenForTrackChanges(deps.database, finishedTracks));
  const tracks = createTracksService({
    db: deps.database.db,
    clock,
    credits,
    idempotency,
    storage,
    publicUrl: deps.config.PUBLIC_URL,
    events: eventLog,
    generationQueue,
    // Prefer: wait wakes on the track's own committed events (the process's LISTEN hub).
    watchTrack: (workspaceId, trackId, onEvent) =>
      eventRuntime.hub.subscribe(workspaceId, ({ event }) => {
        if (event.track_id === trackId) onEvent(event.type);
      }),
    derivedFiles: createDerivedFiles({ storage, render }),
    resolveVoice: (voiceId, plan) => voices.resolveVoiceForTrack(voiceId, plan),
    onJobEnqueued: deps.onJobEnqueued,
    checkWebhookUrl,
    finishedTracks,
    resolveInputs: trackInputs.resolve,
    edgePurge: edgePurges && {
      enqueue: (tx, trackId, { publicFeed, delayMs }) =>
        edgePurges.enqueue(tx, trackPurge(trackId, { publicFeed }), delayMs),
      wake: edgePurges.wake,
    },
  });
  registerTrackSharePage(app, { tracks, edgeCache, publicUrl: deps.config.PUBLIC_URL });
  registerSharePages(app, {
    tracks,
    images: createShareImages({ fonts: shippedShareFontFiles(), clock }),
    edgeCache,
    publicUrl: deps.config.PUBLIC_URL,
  });
  await app.register(
    async (v1) => {
      registerCreditRoutes(v1, { credits, publicUrl: deps.config.PUBLIC_URL });
      registerTrackRoutes(v1, { tracks, publicUrl: deps.config.PUBLIC_URL, edgeCache });
      registerTrackRemixRoutes(v1, {
        remix: createTrackRemix({ tracks, extensionLength: trackInputs.extensionLength }),
        tracks,
        publicUrl: deps.config.PUBLIC_URL,
      });
      registerVoiceRoutes(v1, { voices, publicUrl: deps.config.PUBLIC_URL });
      registerAuthRoutes(v1, { config: deps.config, auth });
      registerMeRoutes(v1, {
        auth,
        getBillingSummary: (workspaceId) => billing.getBillingSummary(workspaceId),
      });
      registerApiKeyRoutes(v1, { apiKeys: auth.apiKeys, publicUrl: deps.config.PUBLIC_URL });
      registerEventRoutes(v1, { events: eventRuntime.events, publicUrl: deps.config.PUBLIC_URL });
      registerJobSocketRoutes(v1, {
        hub: eventRuntime.hub,
        openSockets: createOpenSocketCount(deps.config.WEBSOCKETS_PER_WORKSPACE),
        events: eventRuntime.events,
        signingSecrets: eventRuntime.signingSecrets,
        clock,
        pingIntervalMs: eventRuntime.pingIntervalMs,
        allowedOrigins: deps.config.ALLOWED_ORIGINS,
        onError: onEventsError,
      });
      registerWorkspaceSecretRoutes(v1, {
        signingSecrets: eventRuntime.signingSecrets,
        findWorkspace: (id) => accounts.findWorkspaceById(id),
      });
      registerWebhookEndpointRoutes(v1, {
        endpoints: eventRuntime.webhookEndpoints,
        publicUrl: deps.config.PUBLIC_URL,
      });
      await registerBillingRoutes(v1, { billing, stripeWebhooks });
    },
    { prefix: '/v1' },
  );

  await registerDocs(app);
  registerGuideRoutes(app, { docsDir: deps.docsDir ?? DEFAULT_DOCS_DIR });
  return app;
}
