// What the studio needs from the data: a note on each webhook endpoint (PATCH-able, shown in the
// workspace page), and an index for GET /v1/events?track_id= (one track's history, newest first).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('webhook_endpoint').addColumn('description', 'text').execute();
  await db.schema
    .createIndex('event_workspace_track_created')
    .on('event')
    .columns(['workspace_id', 'track_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('event_workspace_track_created').execute();
  await db.schema.alterTable('webhook_endpoint').dropColumn('description').execute();
}
