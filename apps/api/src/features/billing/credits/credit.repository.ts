// SQL for the credits ledger: one statement per function. Balance changes are conditional UPDATEs
// so concurrent requests can never overdraw (the CHECK constraint is the last line of defence).
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../../platform/database/create-database.js';
import { applyKeyset, type KeysetRange } from '../../../platform/shared/keyset-page.js';
import type { CreditEntryKind, CreditEntryTable } from './credit.table.js';

type Executor = Db | Tx;

export type CreditEntryRow = Selectable<CreditEntryTable>;

export async function ensureCreditAccount(db: Executor, workspaceId: string): Promise<void> {
  await db
    .insertInto('credit_account')
    .values({ workspace_id: workspaceId })
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
}

export async function findCreditAccount(db: Executor, workspaceId: string) {
  return db
    .selectFrom('credit_account')
    .select(['balance', 'held'])
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** Moves `amount` (may be negative) into the spendable balance; undefined when it would go below zero. */
export async function changeBalance(db: Executor, workspaceId: string, amount: number, now: Date) {
  return db
    .updateTable('credit_account')
    .set({ balance: sql`balance + ${amount}`, updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where(sql<boolean>`balance + ${amount} >= 0`)
    .returning(['balance', 'held'])
    .executeTakeFirst();
}

/**
 * Holds one credit for a track and records the hold, in one statement: the credit moves from
 * balance to held, and the entry is inserted with the totals after it. The workspace's credit row
 * is locked from this statement until the transaction commits, so the create's last statement is
 * this one. Undefined (nothing changed, no entry) when the balance is 0.
 */
export async function holdOneCreditForTrack(
  db: Executor,
  hold: { entryId: string; workspaceId: string; trackId: string; description: string; now: Date },
): Promise<CreditEntryRow | undefined> {
  const { rows } = await sql<CreditEntryRow>`
    WITH hold AS (
      UPDATE credit_account SET balance = balance - 1, held = held + 1, updated_at = ${hold.now}
      WHERE workspace_id = ${hold.workspaceId} AND balance >= 1
      RETURNING balance, held
    )
    INSERT INTO credit_entry
      (id, workspace_id, kind, amount, balance_after, held_after, source_key, track_id, description, created_at)
    SELECT ${hold.entryId}, ${hold.workspaceId}, 'hold', -1, hold.balance, hold.held, ${hold.trackId},
      ${hold.trackId}, ${hold.description}, ${hold.now}::timestamptz
    FROM hold
    RETURNING *`.execute(db);
  return rows[0];
}

/** Settles one held credit: spent (capture) or given back to the balance (refund). */
export async function settleOneHeldCredit(
  db: Executor,
  workspaceId: string,
  outcome: 'capture' | 'refund',
  now: Date,
) {
  return db
    .updateTable('credit_account')
    .set({
      held: sql`held - 1`,
      balance: outcome === 'refund' ? sql`balance + 1` : sql`balance`,
      updated_at: now,
    })
    .where('workspace_id', '=', workspaceId)
    .where('held', '>=', 1)
    .returning(['balance', 'held'])
    .executeTakeFirst();
}

/** Inserts an entry unless one with the same (source_key, kind) exists; undefined in that case. */
export async function insertCreditEntry(db: Executor, entry: CreditEntryRow) {
  return db
    .insertInto('credit_entry')
    .values(entry)
    .onConflict((oc) => oc.columns(['source_key', 'kind']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function setEntryTotals(db: Executor, id: string, totals: { balance: number; held: number }) {
  return db
    .updateTable('credit_entry')
    .set({ balance_after: totals.balance, held_after: totals.held })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findCreditEntryBySource(db: Executor, sourceKey: string, kind: CreditEntryKind) {
  return db
    .selectFrom('credit_entry')
    .selectAll()
    .where('source_key', '=', sourceKey)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function findCreditEntryPosition(db: Executor, workspaceId: string, id: string) {
  return db
    .selectFrom('credit_entry')
    .select(['created_at', 'id'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The entries a workspace sees: those that change its balance. A capture (amount 0: the hold's −1
 * was the charge) stays in the table as the settlement's once-only record, but a "0" row only
 * puzzles a reader of the ledger.
 */
export async function listCreditEntries(db: Executor, workspaceId: string, range: KeysetRange) {
  const query = db
    .selectFrom('credit_entry')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('amount', '<>', 0);
  return applyKeyset(query, range).execute();
}
