// SQL for outgoing webhook endpoints and their delivery queue.
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../../platform/database/create-database.js';
import { applyKeyset, type KeysetRange } from '../../../platform/shared/keyset-page.js';
import type { EventType } from '../event.table.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './webhook.table.js';

export type EndpointRow = Selectable<WebhookEndpointTable>;

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

/** How many endpoints the workspace holds, enabled or not. */
export async function countEndpoints(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoint')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(
  db: Db,
  row: {
    id: string;
    workspace_id: string;
    url: string;
    description?: string | null;
    event_types: EventType[];
    secret: string;
    created_at: Date;
  },
): Promise<EndpointRow> {
  return db
    .insertInto('webhook_endpoint')
    .values({ ...row, event_types: JSON.stringify(row.event_types), updated_at: row.created_at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findEndpoint(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoint')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhook_endpoint')
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Changes what PATCH may change; undefined when the workspace has no such endpoint. */
export async function updateEndpointSettings(
  tx: Tx,
  workspaceId: string,
  id: string,
  changes: { url?: string; description?: string | null; event_types?: EventType[] },
  now: Date,
): Promise<EndpointRow | undefined> {
  const { event_types: eventTypes, ...plain } = changes;
  return tx
    .updateTable('webhook_endpoint')
    .set({
      ...plain,
      ...(eventTypes ? { event_types: JSON.stringify(eventTypes) } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .returningAll()
    .executeTakeFirst();
}

/** Enables a disabled endpoint with a clean slate: no reason, and failures counted from now on. */
export async function enableEndpoint(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .updateTable('webhook_endpoint')
    .set({ status: 'enabled', disabled_reason: null, failing_since: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'disabled')
    .execute();
}

/** Keyset read (see shared/keyset-page.ts): newest first, or oldest first with newerThan. */
export async function listEndpointRows(
  db: Db,
  query: KeysetRange & { workspaceId: string },
): Promise<EndpointRow[]> {
  const q = db.selectFrom('webhook_endpoint').selectAll().where('workspace_id', '=', query.workspaceId);
  return applyKeyset(q, query).execute();
}

export async function listEnabledEndpoints(tx: Tx, workspaceId: string): Promise<EndpointRow[]> {
  return tx
    .selectFrom('webhook_endpoint')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'enabled')
    .execute();
}

export async function insertDeliveries(
  tx: Tx,
  rows: {
    id: string;
    event_id: string;
    workspace_id: string;
    endpoint_id: string | null;
    url: string;
    next_attempt_at: Date;
    created_at: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insertInto('webhook_delivery').values(rows).execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('webhook_delivery').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records one attempt's outcome; only a delivery still pending changes. */
export async function recordDeliveryOutcome(
  db: Db | Tx,
  id: string,
  outcome: {
    status: DeliveryRow['status'];
    attempts?: number;
    next_attempt_at?: Date;
    last_attempt_at?: Date;
    last_status_code?: number | null;
    last_error: string | null;
  },
): Promise<void> {
  await db
    .updateTable('webhook_delivery')
    .set(outcome)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A delivery succeeded: the endpoint is healthy again. */
export async function clearEndpointFailing(db: Db, id: string): Promise<void> {
  await db
    .updateTable('webhook_endpoint')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** An attempt failed: returns since when every attempt to the endpoint has failed. */
export async function noteEndpointFailing(db: Db, id: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .updateTable('webhook_endpoint')
    .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})` })
    .where('id', '=', id)
    .returning('failing_since')
    .executeTakeFirst();
  return row?.failing_since ?? undefined;
}

/**
 * Disables an enabled endpoint and cancels what it still had queued (their jobs find the delivery
 * no longer pending and end). Returns the endpoint when this call disabled it, else undefined.
 */
export async function disableEndpoint(
  tx: Tx,
  id: string,
  reason: string,
  now: Date,
): Promise<EndpointRow | undefined> {
  const row = await tx
    .updateTable('webhook_endpoint')
    .set({ status: 'disabled', disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'enabled')
    .returningAll()
    .executeTakeFirst();
  if (!row) return undefined;
  await tx
    .updateTable('webhook_delivery')
    .set({ status: 'cancelled', last_error: reason })
    .where('endpoint_id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return row;
}

export async function findDeliverySecretSource(
  db: Db,
  delivery: DeliveryRow,
): Promise<{ payload: string; endpointSecret: string | null; endpointEnabled: boolean } | undefined> {
  const event = await db
    .selectFrom('event')
    .select('payload')
    .where('id', '=', delivery.event_id)
    .executeTakeFirst();
  if (!event) return undefined;
  if (delivery.endpoint_id === null)
    return { payload: event.payload, endpointSecret: null, endpointEnabled: true };
  const endpoint = await db
    .selectFrom('webhook_endpoint')
    .select(['secret', 'status'])
    .where('id', '=', delivery.endpoint_id)
    .executeTakeFirst();
  return endpoint
    ? {
        payload: event.payload,
        endpointSecret: endpoint.secret,
        endpointEnabled: endpoint.status === 'enabled',
      }
    : undefined;
}
