// SQL for the credits ledger: one statement per function. Balance changes are conditional UPDATEs
// so concurrent requests can never overdraw (the CHECK constraint is the last line of defence).
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
import { applyKeyset, type KeysetRange } from '../shared/keyset-page.js';
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
 * Moves one credit from balance to held and writes the totals after it into the entry `entryId`
 * (inserted before in the same transaction), in one statement: the workspace's credit row stays
 * locked one round trip less. Undefined (and nothing changed) when the balance is 0.
 */
export async function holdOneCreditIntoEntry(db: Executor, workspaceId: string, entryId: string, now: Date) {
  return db
    .with('hold', (qb) =>
      qb
        .updateTable('credit_account')
        .set({ balance: sql`balance - 1`, held: sql`held + 1`, updated_at: now })
        .where('workspace_id', '=', workspaceId)
        .where('balance', '>=', 1)
        .returning(['balance', 'held']),
    )
    .updateTable('credit_entry')
    .from('hold')
    .set((eb) => ({ balance_after: eb.ref('hold.balance'), held_after: eb.ref('hold.held') }))
    .where('credit_entry.id', '=', entryId)
    .returningAll('credit_entry')
    .executeTakeFirst();
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

export async function listCreditEntries(db: Executor, workspaceId: string, range: KeysetRange) {
  const query = db.selectFrom('credit_entry').selectAll().where('workspace_id', '=', workspaceId);
  return applyKeyset(query, range).execute();
}
