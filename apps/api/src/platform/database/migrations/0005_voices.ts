// The voice marketplace (issue 6). Rows come from the catalogue seed step (voices/voice-seed.ts),
// which upserts by id at every start; this migration only makes the table.
// search_vector is kept by a trigger rather than a generated column because array_to_string is not
// immutable, which generated columns and expression indexes require.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('voice')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('gender', 'text', (col) => col.notNull())
    .addColumn('range', 'text', (col) => col.notNull())
    .addColumn('styles', sql`text[]`, (col) => col.notNull())
    .addColumn('languages', sql`text[]`, (col) => col.notNull())
    .addColumn('tags', sql`text[]`, (col) => col.notNull())
    .addColumn('creator_name', 'text', (col) => col.notNull())
    .addColumn('plan_required', 'text')
    .addColumn('performance', 'jsonb', (col) => col.notNull())
    .addColumn('usage_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('search_vector', sql`tsvector`)
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('voice_gender', sql`gender IN ('female', 'male', 'neutral')`)
    .addCheckConstraint(
      'voice_range',
      sql`range IN ('soprano', 'mezzo', 'alto', 'tenor', 'baritone', 'bass')`,
    )
    .addCheckConstraint('voice_plan_required', sql`plan_required IN ('studio', 'enterprise')`)
    .execute();

  await sql`
    CREATE FUNCTION voice_search_vector_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_vector :=
        setweight(to_tsvector('english', NEW.name), 'A') ||
        setweight(to_tsvector('english', array_to_string(NEW.styles, ' ') || ' ' ||
          array_to_string(NEW.tags, ' ')), 'B') ||
        setweight(to_tsvector('english', NEW.description), 'C');
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER voice_search_vector BEFORE INSERT OR UPDATE ON voice
    FOR EACH ROW EXECUTE FUNCTION voice_search_vector_update()`.execute(db);

  await sql`CREATE INDEX voice_search ON voice USING gin (search_vector)`.execute(db);
  await db.schema.createIndex('voice_popular').on('voice').columns(['usage_count desc', 'id desc']).execute();
  await db.schema.createIndex('voice_newest').on('voice').columns(['created_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('voice').execute();
  await sql`DROP FUNCTION IF EXISTS voice_search_vector_update()`.execute(db);
}
