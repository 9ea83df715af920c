// SQL for API keys. Lookups for authentication join the workspace to read its plan in one query.

import type { Db } from '../../../platform/database/create-database.js';
import type { Plan } from '../../../platform/http/auth-context.js';
import { applyKeyset, type KeysetPosition, type KeysetRange } from '../../../platform/shared/keyset-page.js';
import type { ApiKeyRow, ApiKeyTable } from './api-key.table.js';

/** How many live (not revoked) keys the workspace holds. */
export async function countLiveApiKeys(db: Db, workspaceId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertApiKey(db: Db, key: ApiKeyTable): Promise<void> {
  await db.insertInto('api_key').values(key).execute();
}

export function findActiveApiKey(db: Db, id: string): Promise<(ApiKeyRow & { plan: Plan }) | undefined> {
  return db
    .selectFrom('api_key')
    .innerJoin('workspace', 'workspace.id', 'api_key.workspace_id')
    .selectAll('api_key')
    .select('workspace.plan')
    .where('api_key.id', '=', id)
    .where('api_key.revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Db, workspaceId: string, range: KeysetRange): Promise<ApiKeyRow[]> {
  const query = db
    .selectFrom('api_key')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null);
  return applyKeyset(query, range).execute();
}

export function findApiKeyPosition(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<KeysetPosition | undefined> {
  return db
    .selectFrom('api_key')
    .select(['created_at', 'id'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A live (not revoked) key of the workspace. */
export function findLiveWorkspaceApiKey(
  db: Db,
  workspaceId: string,
  id: string,
): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_key')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Revokes a live key of the workspace; false when there is none. */
export async function revokeApiKey(db: Db, workspaceId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_key')
    .set({ revoked_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchApiKey(db: Db, id: string, usedAt: Date): Promise<void> {
  await db.updateTable('api_key').set({ last_used_at: usedAt }).where('id', '=', id).execute();
}
