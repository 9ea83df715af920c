// The composition root's recipes: the only place (with app.ts, which assembles the HTTP app, and
// the cli/ entries that call these) where one feature's services are built and handed to another.
// Features receive what they need; none builds another's (a dependency rule in
// .dependency-cruiser.cjs holds it). buildApp, `serve`, `worker` and the tests share these recipes.

import type { Config } from './config.js';
import { createAccountService } from './features/accounts/account.service.js';
import { createAccessTokens } from './features/accounts/auth/access-token.js';
import { createAuthContextCache } from './features/accounts/auth/auth-context-cache.js';
import { createAuthRateLimiter } from './features/accounts/auth/auth-rate-limit.js';
import type { AuthServices, CreditBalanceReader } from './features/accounts/auth/auth-services.js';
import { resolveJwtSecret } from './features/accounts/auth/jwt-secret.js';
import { createMagicLinkService } from './features/accounts/auth/magic-link.service.js';
import { createSessionService } from './features/accounts/auth/session.service.js';
import { createApiKeyService } from './features/accounts/keys/api-key.service.js';
import { WORKSPACE_CAPS } from './features/billing/billing-catalogue.js';
import { createCreditsService } from './features/billing/credits/credit.service.js';
import { createEventHub } from './features/events/event-hub.js';
import { createEventLog, type EventLog } from './features/events/event-log.service.js';
import { createEventsService } from './features/events/events.service.js';
import { createSigningSecretService } from './features/events/signing-secret.service.js';
import { enqueueWebhookDeliveries } from './features/events/webhooks/webhook-deliveries.service.js';
import { createWebhookDispatcher } from './features/events/webhooks/webhook-dispatcher.js';
import { createWebhookEndpointsService } from './features/events/webhooks/webhook-endpoints.service.js';
import { createWebhookSender, type SendWebhook } from './features/events/webhooks/webhook-sender.js';
import type { Generate } from './features/tracks/generation/generation-pool.js';
import {
  type GenerationWorkers,
  startGenerationWorkers,
} from './features/tracks/generation/start-generation-workers.js';
import { createTrackStates } from './features/tracks/track-states.service.js';
import { incrementVoiceUsage } from './features/voices/voice.service.js';
import type { DatabaseHandle, Db, Tx } from './platform/database/create-database.js';
import type { IdempotencyService } from './platform/idempotency/idempotency.service.js';
import { createDevMailbox } from './platform/mail/dev-mailbox.js';
import { createMailOutbox, DEFAULT_RETRY_DELAYS_MS } from './platform/mail/mail-outbox.js';
import { createSmtpMailer } from './platform/mail/mailer.js';
import type { Clock } from './platform/shared/clock.js';
import type { Storage } from './platform/storage/storage.js';

/** The event outbox every feature appends to: each event fans out to its webhook deliveries. */
export function composeEventLog(clock: Clock): EventLog {
  return createEventLog({ clock, fanOut: enqueueWebhookDeliveries });
}

const zeroCreditBalance: CreditBalanceReader = async () => ({ balance: 0, held: 0 });

/** Users, sessions, access tokens, magic links, API keys and the mail that carries sign-in links. */
export function composeAccounts(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  log: { info(message: string): void; error(object: unknown, message: string): void };
  getCreditBalance?: CreditBalanceReader;
  /** Runs in the transaction that creates a workspace on sign-up (the root grants the trial credits). */
  onWorkspaceCreated?: (tx: Tx, workspaceId: string) => Promise<void>;
  mailRetryDelaysMs?: readonly number[];
}): AuthServices {
  const { config, db, clock, log } = deps;
  const accounts = createAccountService({ db, clock });
  const contextCache = createAuthContextCache({ clock });
  const sessions = createSessionService({ db, clock, onRevoked: contextCache.forget });
  const accessTokens = createAccessTokens({ secret: resolveJwtSecret(config), clock });
  const apiKeys = createApiKeyService({
    db,
    clock,
    liveKeysPerWorkspace: WORKSPACE_CAPS.apiKeys,
    onBackgroundError: (error) => log.error({ err: error }, 'could not record API key use'),
    onRevoked: contextCache.forget,
  });
  const smtp = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null;
  const mailbox = smtp ? null : createDevMailbox({ clock, log: (line) => log.info(line) });
  const outbox = createMailOutbox({
    db,
    clock,
    mailer: smtp ?? mailbox!,
    retryDelaysMs: deps.mailRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    onError: (error, message, willRetry) =>
      log.error(
        { err: error },
        message
          ? `mail "${message.subject}" to ${message.to} failed${willRetry ? '; retrying' : '; giving up'}`
          : 'mail queue failure',
      ),
  });
  const magicLinks = createMagicLinkService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    accounts,
    sessions,
    accessTokens,
    rateLimiter: createAuthRateLimiter({ db, clock }),
    outbox,
    onWorkspaceCreated: deps.onWorkspaceCreated,
  });
  return {
    accounts,
    sessions,
    accessTokens,
    magicLinks,
    apiKeys,
    contextCache,
    outbox,
    mailbox,
    getCreditBalance: deps.getCreditBalance ?? zeroCreditBalance,
    async close() {
      await Promise.all([outbox.stop(), apiKeys.flush()]);
      smtp?.close();
    },
  };
}

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

/**
 * Events and webhooks inside one API process: the services, the LISTEN hub, the webhook
 * dispatcher and (outside tests) the background loops that deliver webhooks and expire old
 * events. stop() aborts webhook requests in flight and hands their deliveries back to the
 * durable queue, so shutdown never waits on a slow receiver.
 */
export function composeEvents(deps: {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  eventLog: EventLog;
  idempotency: IdempotencyService;
  /** The creation-time check of a webhook URL, shared with POST /v1/tracks' webhook_url. */
  checkWebhookUrl: (url: string, param: string) => Promise<void>;
  onError: (error: unknown) => void;
  options?: EventRuntimeOptions;
}) {
  const { config, database, clock, onError } = deps;
  const options = deps.options ?? {};
  const db = database.db;
  const events = createEventsService({ db, clock });
  const signingSecrets = createSigningSecretService({ db, clock });
  const hub = createEventHub({ database, signingSecrets, clock, onError });
  const webhookEndpoints = createWebhookEndpointsService({
    db,
    clock,
    idempotency: deps.idempotency,
    checkWebhookUrl: deps.checkWebhookUrl,
    endpointsPerWorkspace: WORKSPACE_CAPS.webhookEndpoints,
  });
  const dispatcher = createWebhookDispatcher({
    db,
    clock,
    signingSecrets,
    events: deps.eventLog,
    send:
      options.sendWebhook ??
      createWebhookSender({
        allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS,
        timeoutMs: options.webhookTimeoutMs,
      }),
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
    pingIntervalMs: options.pingIntervalMs ?? 30_000,

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

/** The tracks feature's state transitions as generation drives them, with their credit, event and voice effects. */
export function composeTrackStates(deps: { db: Db; clock: Clock; publicUrl: string; eventLog?: EventLog }) {
  return createTrackStates({
    db: deps.db,
    clock: deps.clock,
    credits: createCreditsService({ db: deps.db, clock: deps.clock }),
    events: deps.eventLog ?? composeEventLog(deps.clock),
    publicUrl: deps.publicUrl,
    countVoiceUse: incrementVoiceUsage,
  });
}

/** Generation workers for `serve` (WORKERS > 0) and `worker`: the job runner, its engine threads and the track's states. */
export function composeGenerationWorkers(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  config: Pick<Config, 'WORKERS' | 'ENGINE_BANK' | 'PUBLIC_URL' | 'JOB_LEASE_SECONDS'>;
  /** Replaces the engine threads (tests inject failures or fakes). */
  generate?: Generate;
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}): GenerationWorkers {
  return startGenerationWorkers({
    db: deps.db,
    storage: deps.storage,
    clock: deps.clock,
    config: deps.config,
    trackStates: composeTrackStates({ db: deps.db, clock: deps.clock, publicUrl: deps.config.PUBLIC_URL }),
    generate: deps.generate,
    leaseMs: deps.leaseMs,
    pollMs: deps.pollMs,
    onError: deps.onError,
  });
}
