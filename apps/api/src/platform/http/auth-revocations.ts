// The channel on which a change that ends or narrows a credential's access is announced to every
// API process, so each forgets what its auth-context cache (auth/auth-context-cache.ts) holds for
// it. Infrastructure beside auth-context.ts: keys, sessions and plan changes (accounts) announce
// here without importing the auth feature.
import { sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';

export const AUTH_REVOKED_CHANNEL = 'tf_auth_revoked';

/** What stops being valid: one API key, one session (its cookie and access tokens), or everything of a workspace. */
export type AuthRevocation = { apiKeyId: string } | { sessionId: string } | { workspaceId: string };

/** Inside a transaction, NOTIFY is delivered when it commits, so no node forgets too early. */
export async function announceRevocation(db: Db | Tx, revocation: AuthRevocation): Promise<void> {
  await sql`select pg_notify(${AUTH_REVOKED_CHANNEL}, ${JSON.stringify(revocation)})`.execute(db);
}
