// Users, workspaces and who belongs where. The table is app_user because `user` is reserved in SQL.
import type { Generated, Selectable } from 'kysely';
import type { Plan } from '../../platform/http/auth-context.js';

export type MembershipRole = 'owner' | 'admin' | 'member';

export interface AppUserTable {
  id: string;
  email: string;
  name: string | null;
  created_at: Generated<Date>;
}

export interface WorkspaceTable {
  id: string;
  name: string;
  plan: Generated<Plan>;
  created_at: Generated<Date>;
}

export interface MembershipTable {
  id: string;
  workspace_id: string;
  user_id: string;
  role: MembershipRole;
  created_at: Generated<Date>;
}

export type UserRow = Selectable<AppUserTable>;
export type WorkspaceRow = Selectable<WorkspaceTable>;

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../platform/database/schema.js' {
  interface Database {
    app_user: AppUserTable;
    workspace: WorkspaceTable;
    membership: MembershipTable;
  }
}
