// The composition root: the one place where services are built. composeServices builds the whole
// graph once, from the config and what the caller hands in (the database, the clock, a log and, in
// tests, stand-ins); buildApp (app.ts) registers each feature's plugin with it; the process entries
// in cli/ and the test helpers only choose what to start. Features receive what they need and
// never build one another (.dependency-cruiser.cjs holds that).
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Config } from './config.js';
import { createAccountService } from './features/accounts/account.service.js';
import { createAccessTokens } from './features/accounts/auth/access-token.js';
import { createAuthContextCache, listenForRevocations } from './features/accounts/auth/auth-context-cache.js';
import { createAuthRateLimiter } from './features/accounts/auth/auth-rate-limit.js';
import type { AuthServices, CreditBalanceReader } from './features/accounts/auth/auth-services.js';
import { resolveJwtSecret } from './features/accounts/auth/jwt-secret.js';
import { createMagicLinkService } from './features/accounts/auth/magic-link.service.js';
import { createSessionService } from './features/accounts/auth/session.service.js';
import { createApiKeyService } from './features/accounts/keys/api-key.service.js';
import { createBillingService } from './features/billing/billing.service.js';
import { WORKSPACE_CAPS } from './features/billing/billing-catalogue.js';
import { createCreditsService, grantSignupCredits } from './features/billing/credits/credit.service.js';
import { createStripeClient } from './features/billing/stripe-client.js';
import { createStripeWebhookService } from './features/billing/stripe-webhook.service.js';
import { createEventHub } from './features/events/event-hub.js';
import { createEventLog, type EventLog } from './features/events/event-log.service.js';
import { createEventsService } from './features/events/events.service.js';
import { createOpenSocketCount } from './features/events/job-socket.js';
import { createSigningSecretService } from './features/events/signing-secret.service.js';
import { createWebhookUrlCheck, resolveHost } from './features/events/webhooks/webhook-address.js';
import { enqueueWebhookDeliveries } from './features/events/webhooks/webhook-deliveries.service.js';
import { createWebhookDispatcher } from './features/events/webhooks/webhook-dispatcher.js';
import { createWebhookEndpointsService } from './features/events/webhooks/webhook-endpoints.service.js';
import { createWebhookSender, type SendWebhook } from './features/events/webhooks/webhook-sender.js';
import { createFinishedTrackCache, listenForTrackChanges } from './features/tracks/finished-track-cache.js';
import type { Generate, Transcode } from './features/tracks/generation/generation-pool.js';
import { generationQueue } from './features/tracks/generation/generation-queue.js';
import { createOnDemandGeneration } from './features/tracks/generation/on-demand-generation.js';
import {
  type GenerationWorkers,
  startGenerationWorkers,
} from './features/tracks/generation/start-generation-workers.js';
import { createDerivedFiles } from './features/tracks/generation/track-derived-files.js';
import { createShareImages, shippedShareFontFiles } from './features/tracks/share/share-image.js';
import { createTracksService } from './features/tracks/track.service.js';
import { createTrackInputsThread } from './features/tracks/track-inputs-thread.js';
import { createTrackRemix } from './features/tracks/track-remix.service.js';
import { createTrackStates } from './features/tracks/track-states.service.js';
import { createStoragePreviewStore } from './features/voices/preview-store.js';
import { createVoiceService, incrementVoiceUsage } from './features/voices/voice.service.js';
import { createPreviewRenderer, renderPreviewWith } from './features/voices/voice-preview.js';
import type { DatabaseHandle, Tx } from './platform/database/create-database.js';
import { createPurger } from './platform/edge/create-purger.js';
import { type Purger, trackPurge } from './platform/edge/edge-purge.js';
import { createEdgePurgeQueue } from './platform/edge/edge-purge-queue.js';
import { createEdgeCachePolicy } from './platform/http/edge-cache.js';
import {
  createIdempotencyService,
  IDEMPOTENCY_SEALING_PURPOSE,
} from './platform/idempotency/idempotency.service.js';
import { createDevMailbox } from './platform/mail/dev-mailbox.js';
import { createMailOutbox, DEFAULT_RETRY_DELAYS_MS } from './platform/mail/mail-outbox.js';
import { createSmtpMailer } from './platform/mail/mailer.js';
import { type Clock, systemClock } from './platform/shared/clock.js';
import { createSecretSealer } from './platform/shared/secret-sealing.js';
import { createStorage } from './platform/storage/create-storage.js';
import type { Storage } from './platform/storage/storage.js';

/** Where background failures are written: the entry's pino logger (serve), or nothing (tests). */
export interface ServiceLog {
  info(message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const silentLog: ServiceLog = { info() {}, warn() {}, error() {} };

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

/** What a caller may hand in instead of what the config describes (tests, benchmarks). */
export interface ServiceOverrides {
  /** Generated files; default from STORAGE_URL / DATA_DIR. */
  storage?: Storage;
  /** Stripe SDK client; default built from STRIPE_* config (none when STRIPE_SECRET_KEY is unset). */
  stripe?: Stripe;
  /** Credits shown by /v1/me and /v1/auth/verify; defaults to the credits service. */
  getCreditBalance?: CreditBalanceReader;
  /** Events/webhooks tuning: WebSocket ping interval, background loops, webhook sender. */
  events?: EventRuntimeOptions;
  /**
   * The engine renders this node makes on request (voice previews, a track's stems on first
   * download); default one generation thread started on first use (on-demand-generation.ts).
   */
  render?: Generate;
  /** Makes a stored track's WAV and OGG from its FLAC master; default the same thread as render's. */
  transcode?: Transcode;
  /** DNS for the creation-time webhook URL check; default the system resolver (tests inject one). */
  resolveHost?: (host: string) => Promise<string[]>;
  /** Where edge purges go; default the one EDGE_PURGE configures (none when off). */
  purger?: Purger;
  /** Purge retry waits (tests shorten them). */
  purgeRetryDelaysMs?: readonly number[];
  /** Mail retry waits (tests shorten them). */
  mailRetryDelaysMs?: readonly number[];
  /** Called after a generation job commits, besides waking this process's own generation workers. */
  onJobEnqueued?: () => void;
}

/** How the generation part runs when an entry starts it (serve with WORKERS > 0, worker, tests). */
export interface GenerationStart {
  /** Generation threads; default WORKERS (at least one). */
  threads?: number;
  /** Replaces the engine threads (tests inject failures or fakes). */
  generate?: Generate;
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** The parts of the graph an entry can start: the API's background loops, generation workers. */
export interface StartParts {
  api?: boolean;
  generation?: GenerationStart | boolean;
}

export interface StopOptions {
  api?: boolean;
  generation?: boolean;
  /** How long generation jobs in flight may run on before they go back to the queue (draining). */
  finishWithinMs?: number;
}

const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/** The event outbox every feature appends to: each event fans out to its webhook deliveries. */
export function composeEventLog(clock: Clock): EventLog {
  return createEventLog({ clock, fanOut: enqueueWebhookDeliveries });
}

/** Builds every service of the API once; nothing runs until start(). */
export async function composeServices(
  config: Config,
  deps: { db: DatabaseHandle; clock?: Clock; log?: ServiceLog; overrides?: ServiceOverrides },
) {
  const database = deps.db;
  const db = database.db;
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? silentLog;
  const overrides = deps.overrides ?? {};
  const eventOptions = overrides.events ?? {};
  const jwtSecret = resolveJwtSecret(config);

  // Platform: one store for tracks and voice previews (one S3 client when STORAGE_URL is s3://).
  const storage = overrides.storage ?? createStorage(config);
  const idempotency = createIdempotencyService({
    db,
    clock,
    sealer: createSecretSealer(jwtSecret, IDEMPOTENCY_SEALING_PURPOSE),
  });
  const eventLog = composeEventLog(clock);
  // One creation-time check for webhook URLs: POST /v1/tracks' webhook_url and webhook endpoints.
  const checkWebhookUrl = createWebhookUrlCheck({
    allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS,
    resolve: overrides.resolveHost ?? resolveHost,
  });
  // Engine renders this node needs now and then (voice previews, derived track formats) share one
  // thread started on first use and stopped when idle: an API-only node holds no bank at rest.
  const onDemand =
    overrides.render && overrides.transcode
      ? undefined
      : createOnDemandGeneration({ bank: config.ENGINE_BANK });
  const render = overrides.render ?? onDemand!.generate;
  const transcode = overrides.transcode ?? onDemand!.transcode;

  // Billing: credits first, every other feature reads or holds them.
  const credits = createCreditsService({ db, clock });

  // Accounts: users, sessions, access tokens, magic links, API keys and the mail that carries sign-in links.
  const contextCache = createAuthContextCache({ clock });
  const accounts = createAccountService({ db, clock });
  const sessions = createSessionService({ db, clock, onRevoked: contextCache.forget });
  const accessTokens = createAccessTokens({ secret: jwtSecret, clock });
  const apiKeys = createApiKeyService({
    db,
    clock,
    liveKeysPerWorkspace: WORKSPACE_CAPS.apiKeys,
    onBackgroundError: (error) => log.error({ err: error }, 'could not record API key use'),
    onRevoked: contextCache.forget,
  });
  const smtp = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null;
  const mailbox = smtp ? null : createDevMailbox({ clock, log: (line) => log.info(line) });
  // Mail goes out from the durable queue, including mail an earlier process could not send.
  const outbox = createMailOutbox({
    db,
    clock,
    mailer: smtp ?? mailbox!,
    retryDelaysMs: overrides.mailRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
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
    // The trial credits are granted in the transaction that creates the workspace on sign-up.
    onWorkspaceCreated: (tx: Tx, workspaceId: string) =>
      grantSignupCredits(credits, config.CREDITS_SIGNUP, tx, workspaceId),
  });
  const auth: AuthServices = {
    accounts,
    sessions,
    accessTokens,
    magicLinks,
    apiKeys,
    contextCache,
    outbox,
    mailbox,
    getCreditBalance: overrides.getCreditBalance ?? ((workspaceId) => credits.getCreditBalance(workspaceId)),
    async close() {
      await Promise.all([outbox.stop(), apiKeys.flush()]);
      smtp?.close();
    },
  };

  // Events and webhooks: the services, the LISTEN hub, the webhook dispatcher.
  const onEventsError = (error: unknown) => log.error({ err: error }, 'events: background failure');
  const events = createEventsService({ db, clock });
  const signingSecrets = createSigningSecretService({ db, clock });
  const hub = createEventHub({ database, signingSecrets, clock, onError: onEventsError });
  const webhookEndpoints = createWebhookEndpointsService({
    db,
    clock,
    idempotency,
    checkWebhookUrl,
    endpointsPerWorkspace: WORKSPACE_CAPS.webhookEndpoints,
  });
  const dispatcher = createWebhookDispatcher({
    db,
    clock,
    signingSecrets,
    events: eventLog,
    send:
      eventOptions.sendWebhook ??
      createWebhookSender({
        allowPrivate: config.ALLOW_PRIVATE_WEBHOOKS,
        timeoutMs: eventOptions.webhookTimeoutMs,
      }),
    pollMs: eventOptions.webhookPollMs,
    onError: onEventsError,
  });
  const openSockets = createOpenSocketCount(config.WEBSOCKETS_PER_WORKSPACE);

  const billing = createBillingService({
    db,
    clock,
    config,
    stripe: overrides.stripe ?? (await createStripeClient(config)),
    accounts,
  });
  const stripeWebhooks = createStripeWebhookService({
    db,
    clock,
    config,
    accounts,
    credits,
    mailer: outbox,
    publicUrl: config.PUBLIC_URL,
    log,
  });

  const voices = createVoiceService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    previews: createPreviewRenderer({
      store: createStoragePreviewStore(storage),
      render: renderPreviewWith(render),
    }),
  });

  // Edge purges leave from the durable queue once the change that needs them has committed.
  const purger = overrides.purger ?? createPurger(config);
  const edgePurges = purger
    ? createEdgePurgeQueue({
        db,
        clock,
        purger,
        retryDelaysMs: overrides.purgeRetryDelaysMs,
        onError: (error, purge, willRetry) =>
          log.error(
            { err: error },
            purge
              ? `edge purge of ${purge.keys.join(' ')} failed${willRetry ? '; retrying' : '; giving up'}`
              : 'edge purge queue failure',
          ),
      })
    : undefined;
  const edgeCache = createEdgeCachePolicy({ purging: purger !== undefined });

  // Tracks: finished tracks are remembered between reads (a trigger announces their changes to
  // every process); musical inputs are read on their own thread, never on the HTTP event loop.
  const finishedTracks = createFinishedTrackCache({ clock });
  const trackInputs = createTrackInputsThread();
  let workers: GenerationWorkers | undefined;
  const tracks = createTracksService({
    db,
    clock,
    credits,
    idempotency,
    storage,
    publicUrl: config.PUBLIC_URL,
    events: eventLog,
    generationQueue,
    // Prefer: wait wakes on the track's own committed events (the process's LISTEN hub), and reads
    // the row again when the LISTEN is back after a loss, since its ready event may have been missed.
    watchTrack: (workspaceId, trackId, onEvent) => {
      const unsubscribe = hub.subscribe(workspaceId, ({ event }) => {
        if (event.track_id === trackId) onEvent(event.type);
      });
      const unwatchRestored = hub.onRestored(() => onEvent(undefined));
      return () => {
        unsubscribe();
        unwatchRestored();
      };
    },
    derivedFiles: createDerivedFiles({ storage, render, transcode }),
    resolveVoice: (voiceId, plan) => voices.resolveVoiceForTrack(voiceId, plan),
    // A job committed here wakes this process's own generation workers at once.
    onJobEnqueued: () => {
      workers?.wake();
      overrides.onJobEnqueued?.();
    },
    checkWebhookUrl,
    finishedTracks,
    resolveInputs: trackInputs.resolve,
    edgePurge: edgePurges && {
      enqueue: (tx, trackId, { publicFeed, delayMs }) =>
        edgePurges.enqueue(tx, trackPurge(trackId, { publicFeed }), delayMs),
      wake: edgePurges.wake,
    },
  });
  const trackRemix = createTrackRemix({ tracks, extensionLength: trackInputs.extensionLength });
  // Share images (the og:image of /t/{id}) are drawn once per track version and kept in memory.
  const shareImages = createShareImages({ fonts: shippedShareFontFiles(), clock });
  // The track's state transitions as generation drives them, with their credit, event and voice effects.
  const trackStates = createTrackStates({
    db,
    clock,
    credits,
    events: eventLog,
    publicUrl: config.PUBLIC_URL,
    countVoiceUse: incrementVoiceUsage,
  });

  // What start() started, to stop in the reverse order.
  let apiStarted = false;
  let unlistenRevocations: (() => Promise<void>) | undefined;
  let unlistenTracks: (() => Promise<void>) | undefined;
  let stopWaking: (() => void) | undefined;
  let retentionTimer: NodeJS.Timeout | undefined;
  const backgroundEvents = eventOptions.backgroundJobs ?? config.NODE_ENV !== 'test';

  async function startApi(): Promise<void> {
    if (apiStarted) return;
    apiStarted = true;
    // Voices: the catalogue seed runs after migrations at every start (upsert by stable id).
    await voices.seedCatalogue();
    outbox.start();
    // Revocations announced by any process (this one included) clear the auth-context cache.
    unlistenRevocations = await listenForRevocations(database, contextCache);
    await hub.start();
    if (backgroundEvents) {
      stopWaking = hub.onEvent(() => dispatcher.wake());
      dispatcher.start();
      retentionTimer = setInterval(() => {
        events.deleteExpiredEvents().catch(onEventsError);
      }, RETENTION_INTERVAL_MS);
      retentionTimer.unref();
    }
    edgePurges?.start();
    unlistenTracks = await listenForTrackChanges(database, finishedTracks);
  }

  /** Ends a LISTEN; the database may be closed first, and its LISTEN ended with it. */
  async function unlisten(stop: (() => Promise<void>) | undefined): Promise<void> {
    try {
      await stop?.();
    } catch {}
  }

  async function stopApi(): Promise<void> {
    if (!apiStarted) {
      // Never started (admin, a script), yet a caller may have used a thread that starts on demand.
      await Promise.all([apiKeys.flush(), onDemand?.close(), trackInputs.close()]);
      return;
    }
    apiStarted = false;
    // Webhook requests in flight are aborted and their deliveries handed back to the durable
    // queue, so shutdown never waits on a slow receiver; unsent mail and purges stay queued.
    await auth.close();
    await unlisten(unlistenRevocations);
    stopWaking?.();
    if (retentionTimer) clearInterval(retentionTimer);
    await dispatcher.stop();
    await hub.stop();
    await onDemand?.close();
    await edgePurges?.stop();
    await trackInputs.close();
    await unlisten(unlistenTracks);
  }

  return {
    config,
    database,
    clock,
    log,
    storage,
    idempotency,
    eventLog,
    checkWebhookUrl,
    render,
    credits,
    auth,
    events: { events, signingSecrets, hub, webhookEndpoints, dispatcher, openSockets },
    pingIntervalMs: eventOptions.pingIntervalMs ?? 30_000,
    billing,
    stripeWebhooks,
    voices,
    edgePurges,
    edgeCache,
    finishedTracks,
    trackInputs,
    tracks,
    trackRemix,
    shareImages,
    trackStates,
    /** The generation workers this process runs, once started. */
    get generationWorkers(): GenerationWorkers | undefined {
      return workers;
    },

    /** Starts the chosen parts: the API's background loops and LISTENs, and/or generation workers. */
    async start(parts: StartParts): Promise<void> {
      if (parts.api) await startApi();
      if (parts.generation && !workers) {
        const options = parts.generation === true ? {} : parts.generation;
        workers = startGenerationWorkers({
          db,
          storage,
          clock,
          config: { ...config, WORKERS: options.threads ?? config.WORKERS },
          trackStates,
          generate: options.generate,
          leaseMs: options.leaseMs,
          pollMs: options.pollMs,
          onError: options.onError ?? ((error) => log.error({ err: error }, 'generation worker error')),
        });
      }
    },

    /**
     * Stops what start() started (both parts unless named). Generation jobs in flight go back to
     * the queue (after finishWithinMs); the API's loops stop last to first.
     */
    async stop(options: StopOptions = {}): Promise<void> {
      const all = options.api === undefined && options.generation === undefined;
      const stopping: Promise<void>[] = [];
      if ((all || options.generation) && workers) {
        const running = workers;
        workers = undefined;
        stopping.push(running.stop({ finishWithinMs: options.finishWithinMs }));
      }
      if (all || options.api) stopping.push(stopApi());
      await Promise.all(stopping);
    },
  };
}

export type Services = Awaited<ReturnType<typeof composeServices>>;

/** Ties the API part of the graph to an HTTP app's life: started when it is ready, stopped when it closes. */
export function runApiWithApp(app: FastifyInstance, services: Services): void {
  app.addHook('onReady', () => services.start({ api: true }));
  app.addHook('onClose', () => services.stop({ api: true }));
}
