// SQL for the per-workspace event signing secret.
import type { Db } from '../../platform/database/create-database.js';
import type { WorkspaceSigningSecretTable } from './event.table.js';

export async function findSigningSecret(db: Db, workspaceId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('workspace_signing_secret')
    .select('secret')
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.secret;
}

/** Inserts unless one exists; concurrent first reads agree on whichever insert won. */
export async function insertSigningSecretIfMissing(db: Db, row: WorkspaceSigningSecretTable): Promise<void> {
  await db
    .insertInto('workspace_signing_secret')
    .values(row)
    .onConflict((oc) => oc.column('workspace_id').doNothing())
    .execute();
}

export async function upsertSigningSecret(db: Db, row: WorkspaceSigningSecretTable): Promise<void> {
  await db
    .insertInto('workspace_signing_secret')
    .values(row)
    .onConflict((oc) =>
      oc.column('workspace_id').doUpdateSet({ secret: row.secret, created_at: row.created_at }),
    )
    .execute();
}
