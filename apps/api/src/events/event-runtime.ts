// Everything events and webhooks need inside one API process, built once by buildApp: the
// services, the LISTEN hub, the webhook dispatcher and (outside tests) the background loops that
// deliver webhooks and expire old events. stop() aborts webhook requests in flight and hands
// their deliveries back to the durable queue, so shutdown never waits on a slow receiver.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Plan } from '../auth/auth-context.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../database/create-database.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { Clock } from '../shared/clock.js';
import { createWebhookDispatcher } from '../webhooks/webhook-dispatcher.js';
import { registerWebhookEndpointRoutes } from '../webhooks/webhook-endpoints.routes.js';
import { createWebhookEndpointsService } from '../webhooks/webhook-endpoints.service.js';
import { createWebhookSender, type SendWebhook } from '../webhooks/webhook-sender.js';
import { createEventHub } from './event-hub.js';
import { registerEventRoutes } from './events.routes.js';
import { createEventsService } from './events.service.js';
import { createOpenSocketCount } from './job-socket.js';
import { registerJobSocketRoutes } from './job-socket.routes.js';
import { createSigningSecretService } from './signing-secret.service.js';
import { registerWorkspaceSecretRoutes } from './workspace-secret.routes.js';

export interface EventRuntimeOptions {
  /** WebSocket ping interval (API.md: 30 s). */
  pingIntervalMs?: number;
  /** Run the webhook dispatcher and retention loops; off by default in tests, which call tick(). */
  backgroundJobs?: boolean;
  /** Replaces the HTTP sender (tests). */
  sendWebhook?: SendWebhook;
  /** Deadline of one webhook attempt (default 15 s). */
  webhookTimeoutMs?: number;
  /** How often the dispatcher looks for due retries when no event wakes it (default 1 s). */
  webhookPollMs?: number;
}

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

export function createEventRuntime(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  log: FastifyBaseLogger;
  idempotency: IdempotencyService;
  /** The creation-time check of a webhook URL, shared with POST /v1/tracks' webhook_url. */
  checkWebhookUrl: (url: string, param: string) => Promise<void>;
  findWorkspace(id: string): Promise<{ id: string; name: string; plan: Plan } | undefined>;
  options?: EventRuntimeOptions;
}) {
  const { config, database, clock, log } = deps;
  const options = deps.options ?? {};
  const db = database.db;
  const onError = (error: unknown) => log.error({ err: error }, 'events: background failure');
  const events = createEventsService({ db, clock });
  const signingSecrets = createSigningSecretService({ db, clock });
  const hub = createEventHub({ database, signingSecrets, onError });
  const allowPrivate = config.ALLOW_PRIVATE_WEBHOOKS;
  const webhookEndpoints = createWebhookEndpointsService({
    db,
    clock,
    idempotency: deps.idempotency,
    checkWebhookUrl: deps.checkWebhookUrl,
  });
  const dispatcher = createWebhookDispatcher({
    db,
    clock,
    signingSecrets,
    send: options.sendWebhook ?? createWebhookSender({ allowPrivate, timeoutMs: options.webhookTimeoutMs }),
    pollMs: options.webhookPollMs,
    onError,
  });
  const background = options.backgroundJobs ?? config.NODE_ENV !== 'test';
  let retentionTimer: NodeJS.Timeout | undefined;
  let stopWaking: (() => void) | undefined;

  return {
    events,
    signingSecrets,
    hub,
    webhookEndpoints,
    dispatcher,

    registerRoutes(v1: FastifyInstance): void {
      registerEventRoutes(v1, { events, publicUrl: config.PUBLIC_URL });
      registerJobSocketRoutes(v1, {
        hub,
        openSockets: createOpenSocketCount(config.WEBSOCKETS_PER_WORKSPACE),
        events,
        signingSecrets,
        clock,
        pingIntervalMs: options.pingIntervalMs ?? 30_000,
        allowedOrigins: config.ALLOWED_ORIGINS,
        onError,
      });
      registerWorkspaceSecretRoutes(v1, { signingSecrets, findWorkspace: deps.findWorkspace });
      registerWebhookEndpointRoutes(v1, { endpoints: webhookEndpoints, publicUrl: config.PUBLIC_URL });
    },

    async start(): Promise<void> {
      await hub.start();
      if (!background) return;
      stopWaking = hub.onEvent(() => dispatcher.wake());
      dispatcher.start();
      retentionTimer = setInterval(() => {
        events.deleteExpiredEvents().catch(onError);
      }, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
    },

    async stop(): Promise<void> {
      stopWaking?.();
      if (retentionTimer) clearInterval(retentionTimer);
      await dispatcher.stop();
      await hub.stop();
    },
  };
}
