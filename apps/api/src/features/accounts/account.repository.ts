// SQL for users, workspaces and memberships. One operation per function; no HTTP errors here.

import type { Db, Tx } from '../../platform/database/create-database.js';
import type { Plan } from '../../platform/http/auth-context.js';
import type { MembershipRole, UserRow, WorkspaceRow } from './account.table.js';

type Executor = Db | Tx;

export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the user unless the email exists; returns undefined when another request won the race. */
export function insertUser(
  db: Executor,
  user: { id: string; email: string; name: string | null; created_at: Date },
): Promise<UserRow | undefined> {
  return db
    .insertInto('app_user')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function insertWorkspace(
  db: Executor,
  workspace: { id: string; name: string; plan: Plan; created_at: Date },
): Promise<WorkspaceRow> {
  return db.insertInto('workspace').values(workspace).returningAll().executeTakeFirstOrThrow();
}

export async function insertMembership(
  db: Executor,
  membership: { id: string; workspace_id: string; user_id: string; role: MembershipRole; created_at: Date },
): Promise<void> {
  await db.insertInto('membership').values(membership).execute();
}

export function findWorkspaceById(db: Executor, id: string): Promise<WorkspaceRow | undefined> {
  return db.selectFrom('workspace').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's first workspace, owner memberships first (the personal workspace). */
export function findDefaultWorkspaceForUser(db: Executor, userId: string): Promise<WorkspaceRow | undefined> {
  return db
    .selectFrom('membership')
    .innerJoin('workspace', 'workspace.id', 'membership.workspace_id')
    .selectAll('workspace')
    .where('membership.user_id', '=', userId)
    .orderBy((eb) => eb.case().when('membership.role', '=', 'owner').then(0).else(1).end())
    .orderBy('membership.created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function updateWorkspacePlan(db: Executor, id: string, plan: Plan): Promise<boolean> {
  const result = await db.updateTable('workspace').set({ plan }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findWorkspaceOwnerRow(
  db: Executor,
  workspaceId: string,
): Promise<{ userId: string; email: string; name: string | null } | undefined> {
  return db
    .selectFrom('membership')
    .innerJoin('app_user', 'app_user.id', 'membership.user_id')
    .select(['app_user.id as userId', 'app_user.email as email', 'app_user.name as name'])
    .where('membership.workspace_id', '=', workspaceId)
    .where('membership.role', '=', 'owner')
    .orderBy('membership.created_at')
    .limit(1)
    .executeTakeFirst();
}

export async function isMember(db: Executor, workspaceId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('membership')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
