// The job handler for queue `webhook.deliver`: one attempt of one delivery. It signs the stored
// event JSON (Standard Webhooks headers), POSTs it with the per-attempt deadline and records the
// outcome on the delivery row; throwing hands the retry to the queue's schedule. A receiver stops
// retries of one message with `webhook-delivery: abort-message`, or of everything with 410 Gone,
// and an endpoint whose every attempt has failed for five days is disabled — both disablings
// append a `webhook_endpoint.disabled` event the owner sees in GET /v1/events and on the WebSocket.
import { type Db, transaction } from '../../../platform/database/create-database.js';
import { type JobHandler, PermanentJobError } from '../../../platform/jobs/job-runner.js';
import type { Clock } from '../../../platform/shared/clock.js';
import type { EventLog } from '../event-log.service.js';
import { signPayload } from '../event-signing.js';
import type { SigningSecretService } from '../signing-secret.service.js';
import { presentWebhookEndpoint } from './webhook-endpoints.schemas.js';
import { DISABLE_AFTER_FAILING_MS, retryDelayMs } from './webhook-retry-schedule.js';
import type { SendWebhook } from './webhook-sender.js';
import {
  clearEndpointFailing,
  disableEndpoint,
  findDelivery,
  findDeliverySecretSource,
  noteEndpointFailing,
  recordDeliveryOutcome,
} from './webhooks.repository.js';

/** Interrupted by shutdown: not an attempt; the runner hands the job back. */
class DeliveryInterrupted extends Error {
  override name = 'DeliveryInterrupted';
}

export function createWebhookDeliveryHandler(deps: {
  db: Db;
  clock: Clock;
  signingSecrets: SigningSecretService;
  send: SendWebhook;
  events: EventLog;
}): JobHandler {
  const { db, clock } = deps;

  async function disable(endpointId: string, reason: string): Promise<void> {
    const now = clock.now();
    await transaction(db, async (tx) => {
      const endpoint = await disableEndpoint(tx, endpointId, reason, now);
      if (!endpoint) return;
      const { secret: _secret, ...shown } = presentWebhookEndpoint(endpoint);
      await deps.events.append(tx, {
        workspaceId: endpoint.workspace_id,
        type: 'webhook_endpoint.disabled',
        data: { webhook_endpoint: shown },
        createdAt: now,
      });
    });
  }

  return {
    async run(job, context) {
      const delivery = await findDelivery(db, String(job.payload.delivery_id));
      if (delivery?.status !== 'pending') return;
      const source = await findDeliverySecretSource(db, delivery);
      if (!source?.endpointEnabled) {
        await recordDeliveryOutcome(db, delivery.id, {
          status: 'cancelled',
          last_error: source ? 'the endpoint is disabled' : 'event or endpoint no longer exists',
        });
        return;
      }
      const secret =
        source.endpointSecret ?? (await deps.signingSecrets.getSigningSecret(delivery.workspace_id));
      const { timestamp, signature } = signPayload(secret, delivery.event_id, source.payload, clock.now());
      const response = await deps.send({
        url: delivery.url,
        body: source.payload,
        signal: context.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Trackforge-Webhooks/1',
          'webhook-id': delivery.event_id,
          'webhook-timestamp': timestamp,
          'webhook-signature': signature,
        },
      });
      if (!response.ok && response.aborted) throw new DeliveryInterrupted(response.error);
      const attemptedAt = clock.now();
      const outcome = {
        attempts: delivery.attempts + 1,
        last_attempt_at: attemptedAt,
        last_status_code: response.status,
      };
      if (response.ok) {
        await recordDeliveryOutcome(db, delivery.id, { ...outcome, status: 'succeeded', last_error: null });
        if (delivery.endpoint_id) await clearEndpointFailing(db, delivery.endpoint_id);
        return;
      }
      if (response.abortMessage) {
        await recordDeliveryOutcome(db, delivery.id, {
          ...outcome,
          status: 'cancelled',
          last_error: `${response.error}; the receiver answered webhook-delivery: abort-message`,
        });
        return;
      }
      // 410 Gone is the receiver saying "stop": the endpoint is disabled with everything it had queued.
      if (response.status === 410 && delivery.endpoint_id) {
        await recordDeliveryOutcome(db, delivery.id, {
          ...outcome,
          status: 'failed',
          last_error: response.error,
        });
        await disable(delivery.endpoint_id, 'the URL answered 410 Gone');
        return;
      }
      const final = job.attempts >= job.max_attempts;
      await recordDeliveryOutcome(db, delivery.id, {
        ...outcome,
        status: final ? 'failed' : 'pending',
        last_error: response.error,
        ...(final ? {} : { next_attempt_at: new Date(attemptedAt.getTime() + retryDelayMs(job.attempts)) }),
      });
      if (delivery.endpoint_id) {
        const failingSince = await noteEndpointFailing(db, delivery.endpoint_id, attemptedAt);
        if (failingSince && attemptedAt.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS) {
          await disable(
            delivery.endpoint_id,
            `every delivery attempt failed for 5 days (since ${failingSince.toISOString()}; last: ${response.error})`,
          );
          return;
        }
      }
      if (response.status === 410) throw new PermanentJobError(response.error);
      throw new Error(response.error);
    },

    async onFinalFailure(job, error) {
      await recordDeliveryOutcome(db, String(job.payload.delivery_id), {
        status: 'failed',
        last_error: error.message,
      });
    },
  };
}
