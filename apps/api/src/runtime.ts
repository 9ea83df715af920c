// What every process entry (serve, worker, migrate, admin) needs first: validated config and an
// open, migrated database.
import { type Config, ConfigError, loadConfig } from './config.js';
import { createDatabase, type DatabaseHandle } from './database/create-database.js';
import { migrateToLatest } from './database/migrate.js';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
}

/** Reads the environment or exits with one line naming the bad variable. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`trackforge: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

/** Opens the configured database and applies pending migrations. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const database = await createDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await migrateToLatest(database.db);
  return { config, database };
}
