// The musical inputs a track was asked for (a chord progression, a section plan, a melody read
// from a MIDI file), kept with the track so any worker renders it again exactly the same.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('track').addColumn('inputs', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('track').dropColumn('inputs').execute();
}
