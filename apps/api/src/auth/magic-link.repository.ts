// SQL for magic-link tokens. Consuming is one conditional UPDATE, so two clicks cannot both win.
import type { Db, Tx } from '../database/create-database.js';
import type { MagicLinkRow, MagicLinkTable } from './auth.table.js';

/** Marks every unused link of the email as used: a new link replaces older ones. */
export async function supersedeMagicLinks(db: Tx, email: string, now: Date): Promise<void> {
  await db
    .updateTable('magic_link')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertMagicLink(db: Tx, link: MagicLinkTable): Promise<void> {
  await db.insertInto('magic_link').values(link).execute();
}

/** Marks the link used and returns it, if it exists, is unused and unexpired; else undefined. */
export function consumeMagicLink(db: Db, tokenHash: string, now: Date): Promise<MagicLinkRow | undefined> {
  return db
    .updateTable('magic_link')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}
