// One Kysely handle over either embedded PGlite (no DATABASE_URL) or a real PostgreSQL server.
// Both run the same SQL and the same migrations; only connection and LISTEN differ.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Calls onMessage with each NOTIFY payload on the channel; returns an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob }; // null = in memory (tests)

/** Opens the database; the caller owns the handle and must close it. */
export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres'
    ? createPostgres(options.url, options.poolSize ?? 10)
    : createPglite(options.dataDir, options.loadDataDir);
}

// Each driver is imported only when used: a node on PostgreSQL never loads PGlite's WASM module and
// an embedded node never loads pg.
async function createPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // int8 (bigint) columns come back as strings from pg by default; our counts fit in a double.
  pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.PoolClient[] = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage) {
      // LISTEN needs a connection of its own that stays open for the life of the subscription.
      const client = await pool.connect();
      listeners.push(client);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      await client.query(`LISTEN ${quoteIdentifier(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        client.release();
        listeners.splice(listeners.indexOf(client), 1);
      };
    },
    async close() {
      for (const client of listeners.splice(0)) client.release();
      await db.destroy();
    },
  };
}

/** Postgres's page cache inside PGlite's WASM memory. */
const PGLITE_SHARED_BUFFERS = '32MB';

async function createPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let path: string | undefined;
  let lock: { release(): void } | undefined;
  if (dataDir !== null) {
    path = resolve(join(dataDir, 'pglite'));
    mkdirSync(path, { recursive: true });
    // One owner process per directory (data-dir-lock.ts); throws DataDirLockedError otherwise.
    lock = acquireDataDirLock(dataDir);
  }
  let pglite: PGlite;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    pglite = await PGlite.create(path, {
      // Postgres's default 128 MB of shared buffers is most of PGlite's resident memory (357 MB
      // against 220 MB measured with 32 MB), and a Trackforge database is small enough to fit.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      return pglite.listen(channel, onMessage);
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      lock?.release();
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs fn in one transaction; everything fn writes commits together or not at all. */
export function transaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
