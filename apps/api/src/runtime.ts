// What every process entry (serve, worker, migrate, admin) needs first: validated config, private
// data folders and an open, migrated database.
import { existsSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createDatabase, type DatabaseHandle } from './platform/database/create-database.js';
import { migrateToLatest } from './platform/database/migrate.js';
import { makeDirectoryPrivate, octal } from './platform/shared/private-directory.js';

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

/**
 * The folders Trackforge keeps secrets and tracks in on this machine: DATA_DIR (the embedded
 * database, the generated JWT secret, the operator token, the default file store) and a
 * `file:` STORAGE_URL's root.
 */
function localDataFolders(config: Pick<Config, 'DATA_DIR' | 'STORAGE_URL'>): string[] {
  const folders = [config.DATA_DIR];
  if (config.STORAGE_URL?.startsWith('file:')) folders.push(config.STORAGE_URL.slice('file:'.length));
  return folders;
}

/**
 * Makes the data folders that exist private to this user (0700 folders, 0600 files: see
 * shared/private-directory.ts), saying in one line what it changed; throws
 * DataDirPermissionError when it cannot.
 */
export function makeDataFoldersPrivate(
  config: Pick<Config, 'DATA_DIR' | 'STORAGE_URL'>,
  notice: (line: string) => void,
): void {
  for (const folder of localDataFolders(config)) {
    if (!existsSync(folder)) continue;
    const { files, directories, rootLeftOpen } = makeDirectoryPrivate(folder);
    if (files + directories > 0) {
      notice(
        `${folder}: made ${files} file(s) and ${directories} folder(s) private to this user (they were open to other users; secrets and tracks live there)`,
      );
    }
    if (rootLeftOpen !== undefined) {
      notice(
        `${folder} itself is mode ${octal(rootLeftOpen)} and belongs to another user (a mount point?), so it stays so; everything in it is private to this user`,
      );
    }
  }
}

/** Checks the data folders, opens the configured database and applies pending migrations. */
export async function openRuntime(
  config: Config,
  notice: (line: string) => void = (line) => process.stderr.write(`trackforge: ${line}\n`),
): Promise<Runtime> {
  makeDataFoldersPrivate(config, notice);
  const database = await createDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: config.DATA_DIR },
  );
  await migrateToLatest(database.db);
  return { config, database };
}
