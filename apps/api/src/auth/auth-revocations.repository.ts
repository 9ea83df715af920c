// The channel on which a change that ends or narrows a credential's access is announced to every
// API process, so each forgets what its auth-context cache (auth-context-cache.ts) holds for it.
import { sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
import type { AuthRevocation } from './auth-context-cache.js';

export const AUTH_REVOKED_CHANNEL = 'tf_auth_revoked';

/** Inside a transaction, NOTIFY is delivered when it commits, so no node forgets too early. */
export async function announceRevocation(db: Db | Tx, revocation: AuthRevocation): Promise<void> {
  await sql`select pg_notify(${AUTH_REVOKED_CHANNEL}, ${JSON.stringify(revocation)})`.execute(db);
}
