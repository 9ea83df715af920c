// SQL for the event outbox. One operation per function; callers own transactions.
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../platform/database/create-database.js';
import { applyKeyset, type KeysetRange } from '../../platform/shared/keyset-page.js';
import type { EventTable, EventType } from './event.table.js';

export const EVENTS_CHANNEL = 'tf_events';

export type StoredEvent = Selectable<EventTable>;

// The class of the advisory lock that orders a workspace's events (the key is its id's hash).
const EVENT_ORDER_LOCK = 0x7466_6576; // "tfev"

/**
 * Inserts the event and NOTIFYs its id in one statement, after taking the workspace's event lock.
 * NOTIFY is held back until the transaction commits, so listeners never see uncommitted ids.
 *
 * The lock (held until the transaction ends) makes a workspace's events commit in `seq` order. A
 * client resumes after the last event it got, and the replay sends those with a higher `seq`; were
 * two appends to commit in the other order (the later `seq` drawn first, the other transaction
 * still waiting on a credit row), a client could get them live in commit order, resume after the
 * first, and be sent the second again, or resume after the second and never get the first.
 * Callers append after any row lock they take on the workspace's credit row (credits/), never
 * before, so the two locks are always taken in the same order.
 */
export async function insertAndNotifyEvent(
  tx: Tx,
  row: {
    id: string;
    workspace_id: string;
    type: EventType;
    track_id: string | null;
    payload: string;
    created_at: Date;
  },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK}, hashtext(${row.workspace_id}))`.execute(tx);
  await tx
    .with('inserted', (qb) => qb.insertInto('event').values(row).returning('id'))
    .selectFrom('inserted')
    .select(sql<string>`pg_notify(${EVENTS_CHANNEL}, inserted.id)`.as('notified'))
    .execute();
}

/**
 * The event with its workspace's signing secret (null until the workspace has one): what the live
 * hub needs to sign a frame, in one round trip per event.
 */
export async function findEventWithSigningSecret(
  db: Db,
  id: string,
): Promise<(StoredEvent & { secret: string | null }) | undefined> {
  return db
    .selectFrom('event')
    .leftJoin('workspace_signing_secret as s', 's.workspace_id', 'event.workspace_id')
    .selectAll('event')
    .select('s.secret')
    .where('event.id', '=', id)
    .executeTakeFirst();
}

export async function findWorkspaceEvent(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<StoredEvent | undefined> {
  return db
    .selectFrom('event')
    .selectAll()
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Events of the workspace inserted after seq, oldest first. */
export async function listEventsAfterSeq(
  db: Db,
  workspaceId: string,
  afterSeq: number,
  limit: number,
): Promise<StoredEvent[]> {
  return db
    .selectFrom('event')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('seq', '>', afterSeq)
    .orderBy('seq', 'asc')
    .limit(limit)
    .execute();
}

/** Keyset read for GET /v1/events (see shared/keyset-page.ts): newest first, or oldest first with newerThan. */
export async function listEventRows(
  db: Db,
  query: KeysetRange & { workspaceId: string; type?: EventType; trackId?: string },
): Promise<StoredEvent[]> {
  let q = db.selectFrom('event').selectAll().where('workspace_id', '=', query.workspaceId);
  if (query.type) q = q.where('type', '=', query.type);
  if (query.trackId) q = q.where('track_id', '=', query.trackId);
  return applyKeyset(q, query).execute();
}

export async function deleteEventsCreatedBefore(db: Db, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('event').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findTrackWebhookUrl(
  tx: Tx,
  workspaceId: string,
  trackId: string,
): Promise<string | null> {
  const row = await tx
    .selectFrom('track')
    .select('webhook_url')
    .where('id', '=', trackId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.webhook_url ?? null;
}
