// Test databases: a fresh in-memory PGlite per call, and — when TEST_DATABASE_URL is set (CI and
// `npm test` set it) — a fresh database on a real PostgreSQL server, so every database suite runs
// on both engines.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/platform/database/create-database.js';
import { migrateToLatest } from '../../src/platform/database/migrate.js';
import { pgliteDialect } from '../../src/platform/database/pglite-driver.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The engines to run database suites on: PGlite always, PostgreSQL when a server is given. */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A migrated, empty database of the given kind; closing it also drops a Postgres test database. */
export async function createTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    return createDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await migratedPgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `tf_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
    },
  };
}

// pg's pool.end() resolves before its sockets have closed; dropping WITH (FORCE) at once kills
// those closing connections, whose 'terminating connection' error then surfaces as an uncaught
// exception in whichever test runs next. Wait (briefly) for them to go first.
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (!/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Starting PGlite and running initdb costs seconds; loading a dump of an already-migrated database
// costs well under one. The dump is cached in the temp dir, keyed by the migrations' source.
const migrationsDir = new URL('../../src/platform/database/migrations/', import.meta.url);
let template: Promise<Blob> | undefined;

function migratedPgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const name of readdirSync(migrationsDir).sort())
      hash.update(name).update(readFileSync(new URL(name, migrationsDir)));
    const path = join(tmpdir(), `tf-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(path)) return new Blob([readFileSync(path)]);
    const pglite = await PGlite.create();
    const db = new Kysely<unknown>({ dialect: pgliteDialect(pglite) });
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    return dump;
  })();
  return template;
}
