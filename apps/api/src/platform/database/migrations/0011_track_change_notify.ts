// Announces every change to a finished track (ready or failed: published, deleted, or anything an
// operator does in SQL) on the `tf_track_changed` channel with its id, in the writing transaction,
// so each API process forgets what it remembers of that track when the change commits
// (tracks/finished-track-cache.ts). Changes to unfinished tracks are not announced: they are
// never remembered.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION track_change_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('tf_track_changed', OLD.id);
      RETURN NULL;
    END $$
  `.execute(db);
  await sql`
    CREATE TRIGGER track_change_notify AFTER UPDATE OR DELETE ON track
    FOR EACH ROW WHEN (OLD.status IN ('ready', 'failed'))
    EXECUTE FUNCTION track_change_notify()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER track_change_notify ON track`.execute(db);
  await sql`DROP FUNCTION track_change_notify()`.execute(db);
}
