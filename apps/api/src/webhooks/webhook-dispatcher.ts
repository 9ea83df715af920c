// Delivers queued webhook deliveries (Standard Webhooks headers) and reschedules failures with
// exponential backoff spanning more than 24 h. Any number of dispatchers may run at once: claims use
// FOR UPDATE SKIP LOCKED plus a lease, so each attempt goes out from one process only.
import { type Db, transaction } from '../database/create-database.js';
import { signPayload } from '../events/event-signing.js';
import type { SigningSecretService } from '../events/signing-secret.service.js';
import type { Clock } from '../shared/clock.js';
import type { SendWebhook } from './webhook-sender.js';
import {
  claimDueDeliveries,
  type DeliveryRow,
  disableEndpoint,
  findDeliverySecretSource,
  recordDeliveryOutcome,
} from './webhooks.repository.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** Wait after the n-th failed attempt (the Standard Webhooks schedule): 8 attempts over ~27.6 h. */
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export interface WebhookDispatcherDeps {
  db: Db;
  clock: Clock;
  signingSecrets: SigningSecretService;
  send: SendWebhook;
  batchSize?: number;
  /** How long a claimed delivery stays hidden from other dispatchers while its request runs. */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const { db, clock } = deps;
  const batchSize = deps.batchSize ?? 20;
  const leaseMs = deps.leaseMs ?? 2 * MINUTE;

  async function attempt(delivery: DeliveryRow): Promise<void> {
    const source = await findDeliverySecretSource(db, delivery);
    const now = clock.now();
    if (!source) {
      await recordDeliveryOutcome(db, delivery.id, {
        status: 'cancelled',
        last_attempt_at: now,
        last_status_code: null,
        last_error: 'event or endpoint no longer exists',
      });
      return;
    }
    const secret =
      source.endpointSecret ?? (await deps.signingSecrets.getSigningSecret(delivery.workspace_id));
    const { timestamp, signature } = signPayload(secret, delivery.event_id, source.payload, now);
    const response = await deps.send({
      url: delivery.url,
      body: source.payload,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Trackforge-Webhooks/1',
        'webhook-id': delivery.event_id,
        'webhook-timestamp': timestamp,
        'webhook-signature': signature,
      },
    });
    const attemptedAt = clock.now();
    const outcome = { last_attempt_at: attemptedAt, last_status_code: response.status };
    if (response.ok) {
      await recordDeliveryOutcome(db, delivery.id, { ...outcome, status: 'succeeded', last_error: null });
      return;
    }
    // 410 Gone is the receiver saying "stop": the endpoint is disabled with everything it had queued.
    if (response.status === 410) {
      await recordDeliveryOutcome(db, delivery.id, {
        ...outcome,
        status: 'failed',
        last_error: response.error,
      });
      if (delivery.endpoint_id)
        await disableEndpoint(db, delivery.endpoint_id, 'the URL answered 410 Gone', attemptedAt);
      return;
    }
    const delayMs = RETRY_DELAYS_MS[delivery.attempts - 1];
    await recordDeliveryOutcome(db, delivery.id, {
      ...outcome,
      last_error: response.error,
      ...(delayMs === undefined
        ? { status: 'failed' as const }
        : { status: 'pending' as const, next_attempt_at: new Date(attemptedAt.getTime() + delayMs) }),
    });
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  /** Claims and attempts every due delivery once; resolves with how many were attempted. */
  async function tick(): Promise<number> {
    const now = clock.now();
    const claimed = await transaction(db, (tx) =>
      claimDueDeliveries(tx, now, new Date(now.getTime() + leaseMs), batchSize),
    );
    await Promise.all(claimed.map((delivery) => attempt(delivery).catch((error) => deps.onError?.(error))));
    return claimed.length;
  }

  /** Runs ticks back to back while full batches come back, one run at a time per process. */
  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        const count = await tick();
        total += count;
        if (count === batchSize) again = true;
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    tick,
    /** Starts a drain now (e.g. when an event was committed) without waiting for the interval. */
    wake(): void {
      drain().catch((error) => deps.onError?.(error));
    },
    start(intervalMs: number): void {
      if (timer) return;
      timer = setInterval(() => drain().catch((error) => deps.onError?.(error)), intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
