// One workspace's creations under its plan's caps (API keys, webhook endpoints) run one at a time:
// each locks the workspace row, then counts and inserts. The count must be a statement of its own
// after the lock: under READ COMMITTED a statement keeps the snapshot it started with, so a count
// inside the locking statement would miss the row the previous holder committed while we waited.
import type { Plan } from '../shared/plan.js';
import type { Tx } from './create-database.js';

/**
 * Locks the workspace row until the transaction ends and returns its plan as stored now, or
 * undefined for an unknown workspace. NO KEY UPDATE leaves the foreign-key share locks that
 * inserts elsewhere in the workspace (tracks, events…) take on the row unblocked.
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<{ plan: Plan } | undefined> {
  return tx
    .selectFrom('workspace')
    .select('plan')
    .where('id', '=', workspaceId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}
