// Which webhook deliveries an event creates: one per enabled endpoint that wants its type, plus
// one to the track's own webhook_url. Runs inside the event's transaction (outbox): each delivery
// row (the record the owner sees) and its job in the durable queue commit with the event.
import type { Tx } from '../../../platform/database/create-database.js';
import { enqueueJob } from '../../../platform/jobs/job-queue.js';
import { newId } from '../../../platform/shared/ids.js';
import type { EventType } from '../event.table.js';
import { deliveryConcurrencyKey, MAX_ATTEMPTS, WEBHOOK_QUEUE } from './webhook-retry-schedule.js';
import { insertDeliveries, listEnabledEndpoints } from './webhooks.repository.js';

export async function enqueueWebhookDeliveries(
  tx: Tx,
  input: { eventId: string; workspaceId: string; type: EventType; trackWebhookUrl: string | null; now: Date },
): Promise<void> {
  const endpoints = await listEnabledEndpoints(tx, input.workspaceId);
  const targets: { endpoint_id: string | null; url: string }[] = endpoints
    .filter((endpoint) => endpoint.event_types.length === 0 || endpoint.event_types.includes(input.type))
    .map((endpoint) => ({ endpoint_id: endpoint.id, url: endpoint.url }));
  if (input.trackWebhookUrl) targets.push({ endpoint_id: null, url: input.trackWebhookUrl });
  const rows = targets.map((target) => ({
    id: newId('whd'),
    event_id: input.eventId,
    workspace_id: input.workspaceId,
    ...target,
    next_attempt_at: input.now,
    created_at: input.now,
  }));
  await insertDeliveries(tx, rows);
  for (const row of rows) {
    await enqueueJob(tx, {
      queue: WEBHOOK_QUEUE,
      payload: { delivery_id: row.id },
      now: input.now,
      maxAttempts: MAX_ATTEMPTS,
      concurrencyKey: deliveryConcurrencyKey(row),
      // The workspace's deliveries share the dispatchers' slots with other workspaces' (fair shares).
      fairnessKey: row.workspace_id,
    });
  }
}
