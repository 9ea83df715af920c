// Users and workspaces on the wire (snake_case, ISO timestamps), shared by /auth/verify and /me.
import { z } from 'zod';
import { prefixedId, timestamp } from '../../platform/shared/wire-schemas.js';
import type { UserRow, WorkspaceRow } from './account.table.js';

export const UserSchema = z
  .object({
    id: prefixedId('usr', 'User'),
    object: z.literal('user'),
    email: z.string().meta({ format: 'email' }),
    name: z.string().nullable(),
    created_at: timestamp(),
  })
  .meta({ id: 'User' });

export const WorkspaceSchema = z
  .object({
    id: prefixedId('wsp', 'Workspace'),
    object: z.literal('workspace'),
    name: z.string(),
    plan: z.enum(['free', 'studio', 'enterprise']),
    credits: z
      .object({ balance: z.number().int(), held: z.number().int() })
      .describe('Spendable credits and credits held by tracks being generated.'),
    created_at: timestamp(),
  })
  .meta({ id: 'Workspace' });

export function toUserJson(user: UserRow): z.output<typeof UserSchema> {
  return {
    id: user.id,
    object: 'user',
    email: user.email,
    name: user.name,
    created_at: user.created_at.toISOString(),
  };
}

export function toWorkspaceJson(
  workspace: WorkspaceRow,
  credits: { balance: number; held: number },
): z.output<typeof WorkspaceSchema> {
  return {
    id: workspace.id,
    object: 'workspace',
    name: workspace.name,
    plan: workspace.plan,
    credits: { balance: credits.balance, held: credits.held },
    created_at: workspace.created_at.toISOString(),
  };
}
