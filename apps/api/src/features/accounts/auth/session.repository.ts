// SQL for browser sessions. Lookups join the workspace so one read yields the caller's plan.

import type { Db } from '../../../platform/database/create-database.js';
import type { Plan } from '../../../platform/http/auth-context.js';
import type { SessionRow, SessionTable } from './auth.table.js';

export type ActiveSession = SessionRow & { plan: Plan };

export async function insertSession(db: Db, session: SessionTable): Promise<void> {
  await db.insertInto('session').values(session).execute();
}

function selectActive(db: Db, now: Date) {
  return db
    .selectFrom('session')
    .innerJoin('workspace', 'workspace.id', 'session.workspace_id')
    .selectAll('session')
    .select('workspace.plan')
    .where('session.revoked_at', 'is', null)
    .where('session.expires_at', '>', now);
}

export function findActiveSessionByHash(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<ActiveSession | undefined> {
  return selectActive(db, now).where('session.token_hash', '=', tokenHash).executeTakeFirst();
}

export function findActiveSessionById(db: Db, id: string, now: Date): Promise<ActiveSession | undefined> {
  return selectActive(db, now).where('session.id', '=', id).executeTakeFirst();
}

export async function extendSession(db: Db, id: string, expiresAt: Date): Promise<void> {
  await db.updateTable('session').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('session')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
