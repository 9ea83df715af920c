// Sends webhook deliveries from the durable job queue: each attempt is a job of queue
// `webhook.deliver`, keyed by endpoint, so deliveries to one endpoint go one at a time and in
// order while other endpoints proceed beside them (a receiver that never answers only delays
// itself, by at most the per-attempt timeout). `concurrency` caps requests in flight per process.
// Workspaces share the slots fairly: the claim serves the workspace with the fewest deliveries in
// flight first and never lets one workspace have more than `maxInFlightPerWorkspace` in flight
// across every process (issue 29: 24 silent endpoints of one workspace held all 16 slots and
// another workspace's event waited 57 s). Any number of processes may dispatch at once: claims use
// FOR UPDATE SKIP LOCKED plus a lease, and count in-flight deliveries in the database.
import type { Db } from '../../../platform/database/create-database.js';
import { createJobRunner } from '../../../platform/jobs/job-runner.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import type { EventLog } from '../event-log.service.js';
import type { SigningSecretService } from '../signing-secret.service.js';
import { createWebhookDeliveryHandler } from './webhook-delivery.handler.js';
import { retryDelayMs, WEBHOOK_QUEUE } from './webhook-retry-schedule.js';
import type { SendWebhook } from './webhook-sender.js';

export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from './webhook-retry-schedule.js';

export interface WebhookDispatcherDeps {
  db: Db;
  clock: Clock;
  signingSecrets: SigningSecretService;
  send: SendWebhook;
  /** Where a disabled endpoint's `webhook_endpoint.disabled` event is appended. */
  events: EventLog;
  /** Requests in flight at once from this process, across all endpoints. */
  concurrency?: number;
  /** Requests in flight at once for one workspace, all processes together. */
  maxInFlightPerWorkspace?: number;
  /** How long a claimed attempt stays with this process without a heartbeat (above the timeout). */
  leaseMs?: number;
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** Slots per process: an HTTP request in flight costs a socket and little memory. */
export const DEFAULT_DELIVERY_CONCURRENCY = 16;
/**
 * A quarter of one process's slots: a workspace whose receivers never answer holds at most 4, so
 * one process still has 12 for everyone else; four such workspaces at once are needed to fill it.
 * Healthy receivers are not slowed much: deliveries to one endpoint go one at a time anyway.
 */
export const DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE = 4;

export function createWebhookDispatcher(deps: WebhookDispatcherDeps) {
  const runner = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    queue: WEBHOOK_QUEUE,
    workerId: `webhooks:${newId('job').slice(4)}`,
    concurrency: deps.concurrency ?? DEFAULT_DELIVERY_CONCURRENCY,
    maxRunningPerFairnessKey: deps.maxInFlightPerWorkspace ?? DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE,
    leaseMs: deps.leaseMs ?? 60_000,
    pollMs: deps.pollMs ?? 1_000,
    retryDelayMs,
    // The delivery row is the record the owner sees; its job is only the schedule.
    deleteFinished: true,
    onError: deps.onError,
    handler: createWebhookDeliveryHandler(deps),
  });
  return {
    /** Attempts every due delivery, one after another; resolves with how many were attempted. */
    tick: () => runner.runDue(),
    /** Starts dispatching in the background, up to `concurrency` requests at once. */
    start: () => runner.start(),
    /** Looks for due deliveries now (an event was committed) instead of at the next poll. */
    wake: () => runner.wake(),
    /** Aborts requests in flight and hands their deliveries back to the queue (not counted). */
    stop: (options?: { graceMs?: number }) => runner.stop(options),
  };
}
