import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
// Importing the table's file also adds idempotency_record to Database (declaration merging) in
// every program that reaches this repository, as each repository does with its own tables.
import type { IdempotencyRecordTable } from './idempotency.table.js';

type Executor = Db | Tx;

/**
 * Claims the key for a new request: inserts it, or takes over a record that expired or whose
 * request died mid-way (in progress for longer than staleBefore). False when someone holds it.
 */
export async function claimIdempotencyKey(
  db: Executor,
  record: {
    workspaceId: string;
    principal: string;
    key: string;
    requestHash: string;
    now: Date;
    expiresAt: Date;
    staleBefore: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_record')
    .values({
      workspace_id: record.workspaceId,
      key: record.key,
      request_hash: record.requestHash,
      principal: record.principal,
      response_status: null,
      response_sealed: null,
      created_at: record.now,
      expires_at: record.expiresAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'key'])
        .doUpdateSet({
          request_hash: record.requestHash,
          principal: record.principal,
          response_status: null,
          response_sealed: null,
          created_at: record.now,
          expires_at: record.expiresAt,
        })
        .where(
          sql<boolean>`idempotency_record.expires_at <= ${record.now} or (idempotency_record.response_status is null and idempotency_record.created_at < ${record.staleBefore})`,
        ),
    )
    .returning('key')
    .executeTakeFirst();
  return result !== undefined;
}

export async function findIdempotencyRecord(
  db: Executor,
  workspaceId: string,
  key: string,
): Promise<Selectable<IdempotencyRecordTable> | undefined> {
  return db
    .selectFrom('idempotency_record')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The record one request claimed: its workspace, key and the principal that claimed it. */
export interface ClaimedRecord {
  workspaceId: string;
  principal: string;
  key: string;
}

export async function storeIdempotentResponse(
  db: Executor,
  record: ClaimedRecord,
  response: { status: number; sealedBody: string },
): Promise<void> {
  await db
    .updateTable('idempotency_record')
    .set({ response_status: response.status, response_sealed: response.sealedBody })
    .where('workspace_id', '=', record.workspaceId)
    .where('key', '=', record.key)
    .where('principal', '=', record.principal)
    .execute();
}

export async function deleteIdempotencyRecord(db: Executor, record: ClaimedRecord): Promise<void> {
  await db
    .deleteFrom('idempotency_record')
    .where('workspace_id', '=', record.workspaceId)
    .where('key', '=', record.key)
    .where('principal', '=', record.principal)
    .where('response_status', 'is', null)
    .execute();
}
