// Applies the numbered migrations; used at start, by `migrate`, and by every test database.
import { type Kysely, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from './migrations/index.js';

function createMigrator(db: Kysely<unknown>): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

/** Brings the schema to the latest migration; throws when one fails. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema, typed or not
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const result: MigrationResultSet = await createMigrator(db).migrateToLatest();
  if (result.error) throw result.error;
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of migrations known to the code but not yet applied (empty when the schema is current). */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema, typed or not
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await createMigrator(db).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
