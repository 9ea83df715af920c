// Variations and extensions (POST /v1/tracks/{id}/variations and /extend): which track a track was
// made from, how, and the engine request of that track, kept whole so the new track renders again
// on its own (derived formats) even after the original is deleted.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('track')
    .addColumn('parent_track_id', 'text')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('original'))
    .addColumn('lineage', 'jsonb')
    .execute();
  await db.schema
    .alterTable('track')
    .addCheckConstraint('track_kind', sql`kind IN ('original', 'variation', 'extension')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('track').dropConstraint('track_kind').execute();
  await db.schema
    .alterTable('track')
    .dropColumn('lineage')
    .dropColumn('kind')
    .dropColumn('parent_track_id')
    .execute();
}
