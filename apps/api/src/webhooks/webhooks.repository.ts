// SQL for outgoing webhook endpoints and their delivery queue.
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
import type { EventType } from '../events/event.table.js';
import { applyKeyset, type KeysetRange } from '../shared/keyset-page.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from './webhook.table.js';

export type EndpointRow = Selectable<WebhookEndpointTable>;

export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export async function insertEndpoint(
  db: Db,
  row: {
    id: string;
    workspace_id: string;
    url: string;
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

/**
 * Claims due deliveries so that no other dispatcher takes them: SKIP LOCKED lets concurrent
 * dispatchers pass over rows another one is claiming, and moving next_attempt_at forward by the
 * lease keeps a claimed row hidden while its HTTP request runs (a crashed dispatcher's row comes
 * back when the lease ends). A never-tried delivery is due at once, whatever the clocks say.
 */
export async function claimDueDeliveries(
  tx: Tx,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<DeliveryRow[]> {
  const due = await tx
    .selectFrom('webhook_delivery')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', '<=', now), eb('attempts', '=', 0)]))
    .orderBy('next_attempt_at', 'asc')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return [];
  return tx
    .updateTable('webhook_delivery')
    .set({ next_attempt_at: leaseUntil, attempts: sql`attempts + 1` })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .returningAll()
    .execute();
}

export async function recordDeliveryOutcome(
  db: Db,
  id: string,
  outcome: {
    status: DeliveryRow['status'];
    next_attempt_at?: Date;
    last_attempt_at: Date;
    last_status_code: number | null;
    last_error: string | null;
  },
): Promise<void> {
  await db.updateTable('webhook_delivery').set(outcome).where('id', '=', id).execute();
}

/** Disables an endpoint (its URL answered 410) and cancels what it still had queued. */
export async function disableEndpoint(db: Db, id: string, reason: string, now: Date): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('webhook_endpoint')
      .set({ status: 'disabled', disabled_reason: reason, updated_at: now })
      .where('id', '=', id)
      .execute();
    await tx
      .updateTable('webhook_delivery')
      .set({ status: 'cancelled' })
      .where('endpoint_id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  });
}

export async function findDeliverySecretSource(
  db: Db,
  delivery: DeliveryRow,
): Promise<{ payload: string; endpointSecret: string | null } | undefined> {
  const event = await db
    .selectFrom('event')
    .select('payload')
    .where('id', '=', delivery.event_id)
    .executeTakeFirst();
  if (!event) return undefined;
  if (delivery.endpoint_id === null) return { payload: event.payload, endpointSecret: null };
  const endpoint = await db
    .selectFrom('webhook_endpoint')
    .select('secret')
    .where('id', '=', delivery.endpoint_id)
    .executeTakeFirst();
  return endpoint ? { payload: event.payload, endpointSecret: endpoint.secret } : undefined;
}
