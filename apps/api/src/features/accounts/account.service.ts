// Users and workspaces: sign-up creates a user with a personal workspace they own. Billing sets
// plans through setWorkspacePlan and finds who to bill through findWorkspaceOwner.

import { type Db, type Tx, transaction } from '../../platform/database/create-database.js';
import type { Plan } from '../../platform/http/auth-context.js';
import { announceRevocation } from '../../platform/http/auth-revocations.js';
import type { Clock } from '../../platform/shared/clock.js';
import { newId } from '../../platform/shared/ids.js';
import * as repository from './account.repository.js';
import type { UserRow, WorkspaceRow } from './account.table.js';
import { normaliseEmail } from './email-address.js';

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
}

export type AccountService = ReturnType<typeof createAccountService>;

export { normaliseEmail } from './email-address.js';

export function createAccountService({ db, clock }: AccountServiceDeps) {
  /**
   * Finds the user by email or creates them with a personal workspace; idempotent under races.
   * onWorkspaceCreated runs in the creating transaction only, so it happens once per workspace.
   */
  async function findOrCreateUser(
    email: string,
    options: {
      name?: string | null;
      plan?: Plan;
      onWorkspaceCreated?: (tx: Tx, workspace: WorkspaceRow) => Promise<void>;
    } = {},
  ): Promise<{ user: UserRow; workspace: WorkspaceRow; created: boolean }> {
    const normalised = normaliseEmail(email);
    const existing = await repository.findUserByEmail(db, normalised);
    if (existing)
      return { user: existing, workspace: await getDefaultWorkspace(existing.id), created: false };
    const created = await transaction(db, async (tx) => {
      const now = clock.now();
      const user = await repository.insertUser(tx, {
        id: newId('usr'),
        email: normalised,
        name: options.name?.trim() || null,
        created_at: now,
      });
      if (!user) return undefined;
      const workspace = await repository.insertWorkspace(tx, {
        id: newId('wsp'),
        name: workspaceNameFor(user),
        plan: options.plan ?? 'free',
        created_at: now,
      });
      await repository.insertMembership(tx, {
        id: newId('mem'),
        workspace_id: workspace.id,
        user_id: user.id,
        role: 'owner',
        created_at: now,
      });
      await options.onWorkspaceCreated?.(tx, workspace);
      return { user, workspace, created: true };
    });
    return created ?? findOrCreateUser(normalised, options);
  }

  async function getDefaultWorkspace(userId: string): Promise<WorkspaceRow> {
    const workspace = await repository.findDefaultWorkspaceForUser(db, userId);
    if (!workspace) throw new Error(`user ${userId} has no workspace`);
    return workspace;
  }

  return {
    findOrCreateUser,
    getDefaultWorkspace,
    findUserByEmail: (email: string) => repository.findUserByEmail(db, normaliseEmail(email)),
    findUserById: (id: string) => repository.findUserById(db, id),
    findWorkspaceById: (id: string) => repository.findWorkspaceById(db, id),
    isMember: (workspaceId: string, userId: string) => repository.isMember(db, workspaceId, userId),

    /** Sets the workspace's plan; pass tx to make it part of the caller's transaction. False when no such workspace. */
    async setWorkspacePlan(workspaceId: string, plan: Plan, tx?: Tx): Promise<boolean> {
      const updated = await repository.updateWorkspacePlan(tx ?? db, workspaceId, plan);
      // Credentials remembered with the old plan (rate limit, API access) are dropped everywhere.
      if (updated) await announceRevocation(tx ?? db, { workspaceId });
      return updated;
    },

    /** The workspace's owner (who receives mail and is billed), or undefined for an unknown workspace. */
    async findWorkspaceOwner(
      workspaceId: string,
      tx?: Tx,
    ): Promise<{ userId: string; email: string; name: string | null } | undefined> {
      return repository.findWorkspaceOwnerRow(tx ?? db, workspaceId);
    },
  };
}

function workspaceNameFor(user: UserRow): string {
  return `${user.name ?? user.email.split('@')[0]}'s workspace`;
}
