// SQL for magic-link tokens. Consuming is one conditional UPDATE, so two clicks cannot both win.
import type { Db, Tx } from '../../../platform/database/create-database.js';
import type { MagicLinkRow, MagicLinkTable } from './auth.table.js';

/** Marks the email's other unused links as used: once one signed in, the rest have done their job. */
export async function retireOtherMagicLinks(db: Tx, email: string, keepId: string, now: Date): Promise<void> {
  await db
    .updateTable('magic_link')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('id', '!=', keepId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertMagicLink(db: Db | Tx, link: MagicLinkTable): Promise<void> {
  await db.insertInto('magic_link').values(link).execute();
}

/** Marks the link used and returns it, if it exists, is unused and unexpired; else undefined. */
export function consumeMagicLink(
  db: Db | Tx,
  tokenHash: string,
  now: Date,
): Promise<MagicLinkRow | undefined> {
  return db
    .updateTable('magic_link')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
