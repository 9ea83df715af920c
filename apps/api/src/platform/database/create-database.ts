// One Kysely handle over either embedded PGlite (no DATABASE_URL) or a real PostgreSQL server.
// Both run the same SQL and the same migrations; only connection and LISTEN differ.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import {
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import { makeDirectoryPrivate, PRIVATE_DIRECTORY_MODE } from '../shared/private-directory.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Calls onMessage with each NOTIFY payload on the channel; returns an unsubscribe function. On
   * PostgreSQL the LISTEN connection can drop (server restart, failover): then onLost is called
   * (notifications until it is back are lost), it reconnects on its own, and calls onRestored.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    connection?: ListenConnectionEvents,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenConnectionEvents {
  onLost?: (error: Error) => void;
  onRestored?: () => void;
}

/** Waits between attempts to LISTEN again after the connection dropped. */
const RELISTEN_DELAYS_MS = [100, 250, 500, 1000, 2000];

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
  // A pooled connection that the server drops (restart, failover) emits 'error', and unheard that
  // ends the process. While idle, the pool hears it (re-emitted below) and discards the client; while
  // lent out, pg-pool listens no more, so every client gets a listener of its own: the statement or
  // transaction on it fails with the error, and the pool discards the client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  const listeners = new Set<pg.Client>();
  let closed = false;
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage, connection = {}) {
      // LISTEN needs a connection of its own that stays open for the life of the subscription; it
      // is opened beside the pool, so subscriptions never take connections from queries.
      let client: pg.Client | undefined;
      let stopped = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('error', () => {}); // replaced below once connected; a failed connect rejects
        await next.connect();
        next.removeAllListeners('error');
        listeners.add(next);
        next.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        let dropped = false;
        next.on('error', (error) => {
          if (dropped) return;
          dropped = true;
          listeners.delete(next);
          void next.end().catch(() => {});
          if (client === next) client = undefined;
          if (stopped || closed) return;
          connection.onLost?.(error);
          void reconnect();
        });
        try {
          await next.query(`LISTEN ${quoteIdentifier(channel)}`);
        } catch (error) {
          listeners.delete(next);
          await next.end().catch(() => {});
          throw error;
        }
        client = next;
      };
      const reconnect = async (): Promise<void> => {
        for (let attempt = 0; !stopped && !closed; attempt++) {
          await new Promise((resolve) =>
            setTimeout(resolve, RELISTEN_DELAYS_MS[Math.min(attempt, RELISTEN_DELAYS_MS.length - 1)]),
          );
          if (stopped || closed) return;
          try {
            await connect();
            connection.onRestored?.();
            return;
          } catch {}
        }
      };
      await connect();
      return async () => {
        stopped = true;
        const current = client;
        client = undefined;
        if (!current) return;
        await current.query(`UNLISTEN ${quoteIdentifier(channel)}`).catch(() => {});
        listeners.delete(current);
        await current.end().catch(() => {});
      };
    },
    async close() {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      listeners.clear();
      await db.destroy();
    },
  };
}

/** Distinct SQL texts each connection keeps prepared; further texts are parsed every time. */
const MAX_PREPARED_STATEMENTS = 500;

/**
 * The pool Kysely uses, handing out clients that run each parameterised SQL text as a named
 * prepared statement: node-postgres parses it once per connection, and Postgres then skips parsing
 * and (after a few runs) planning it. The same text always gets the same name. Statements without
 * parameters (BEGIN, COMMIT, migrations' DDL) run unnamed as before.
 */
function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_STATEMENTS) {
      name = `tf_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = {
          query: ((text: unknown, values?: unknown[]) =>
            typeof text === 'string' && values && values.length > 0
              ? client.query({ name: nameOf(text), text, values })
              : client.query(text as string, values)) as unknown as PostgresPoolClient['query'],
          release: (destroy?: boolean) => client.release(destroy),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Postgres's page cache inside PGlite's WASM memory. */
const PGLITE_SHARED_BUFFERS = '32MB';

async function createPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  let path: string | undefined;
  let lock: { release(): void } | undefined;
  if (dataDir !== null) {
    path = resolve(join(dataDir, 'pglite'));
    mkdirSync(path, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
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
  // PGlite chooses some of its files' modes itself, whatever the umask: its initdb leaves the
  // cluster's files 0666 (the write-ahead log among them) and its fopen makes 0644 files (968 and 2
  // of a fresh directory's files, measured on 0.5). They hold secrets, so they are made private once
  // it has written them, and again when it closes.
  if (path) {
    try {
      makeDirectoryPrivate(path);
    } catch (error) {
      await pglite.close();
      lock?.release();
      throw error;
    }
  }
  // One call into PGlite per query, each SQL text prepared once (pglite-driver.ts).
  const { pgliteDialect } = await import('./pglite-driver.js');
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      // In-process: the connection cannot drop, so there is nothing to lose or restore.
      return pglite.listen(channel, onMessage);
    },
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      try {
        if (path) makeDirectoryPrivate(path);
      } finally {
        lock?.release();
      }
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
