// Kysely on PGlite, one call into PGlite's WASM per query. PGlite's own query() (which Kysely's
// PGliteDialect calls) makes six: Parse, Describe statement (to learn the parameter types), Bind,
// Describe portal, Execute and Sync, each a separate entry into Postgres' main loop with its own
// copying and parsing. Here the five messages go in one buffer, parameters as text with their type
// left to Postgres (as node-postgres sends them, so both engines see the same SQL), and each SQL
// text is parsed and planned once: it becomes a named prepared statement that later runs only bind
// and execute. Measured (bench/api/profile-read.ts, apps/api/src/platform/http/README.md): a primary-key
// read went from 0.56 to 0.16 ms of CPU.
//
// PGlite is one connection: the driver hands it to one Kysely user at a time, a transaction
// holds PGlite's transaction lock from BEGIN to its end, so PGlite's own callers (LISTEN) never run
// inside it, and every query holds PGlite's query lock while it runs.
import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import {
  AbortedTransactionError,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/** Distinct SQL texts kept prepared; further texts run unnamed (parsed every time). */
const MAX_PREPARED_STATEMENTS = 500;

type Message = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A parameter as text, the way node-postgres sends it: Postgres infers its type from the SQL. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  return JSON.stringify(value);
}

function arrayLiteral(values: unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    const text = parameterText(value) as string;
    return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function isError(message: Message): message is Message & Error & { code?: string } {
  return message instanceof Error;
}

class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #prepared = new Map<string, string>();
  #nextStatement = 0;
  #endTransaction: (() => void) | undefined;
  #transactionEnded: Promise<void> | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.#run<R>(compiledQuery.sql, compiledQuery.parameters);
  }

  // biome-ignore lint/correctness/useYield: Kysely's interface; PGlite has no cursors to stream from
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite.');
  }

  async beginTransaction(): Promise<void> {
    // PGlite's transaction lock, held until commit or rollback: its own callers wait meanwhile.
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const ended = new Promise<void>((resolve) => {
      this.#endTransaction = resolve;
    });
    this.#transactionEnded = this.#pglite._runExclusiveTransaction(async () => {
      locked();
      await ended;
    });
    await lockTaken;
    try {
      await this.#run('begin', []);
    } catch (error) {
      await this.#releaseTransactionLock();
      throw error;
    }
  }

  async commitTransaction(): Promise<void> {
    try {
      const result = await this.#run('commit', []);
      // Postgres answers COMMIT of a transaction an earlier error aborted with ROLLBACK.
      if (result.command === 'ROLLBACK') throw new AbortedTransactionError();
    } finally {
      await this.#releaseTransactionLock();
    }
  }

  async rollbackTransaction(): Promise<void> {
    try {
      await this.#run('rollback', []);
    } finally {
      await this.#releaseTransactionLock();
    }
  }

  async #releaseTransactionLock(): Promise<void> {
    this.#endTransaction?.();
    await this.#transactionEnded;
    this.#endTransaction = undefined;
    this.#transactionEnded = undefined;
  }

  async #run<R>(
    sql: string,
    parameters: readonly unknown[],
    retried = false,
  ): Promise<QueryResult<R> & { command?: string }> {
    let name = this.#prepared.get(sql);
    const known = name !== undefined;
    if (!known && this.#prepared.size < MAX_PREPARED_STATEMENTS) name = `tf_${this.#nextStatement++}`;
    const messages = concat([
      ...(known ? [] : [protocol.serialize.parse({ name, text: sql })]),
      protocol.serialize.bind({ statement: name, values: parameters.map(parameterText) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    ]);
    const inTransaction = this.#endTransaction !== undefined;
    const replies = await this.#pglite.runExclusive(async () => {
      const out = await this.#pglite.execProtocolStream(messages, { syncToFs: false, throwOnError: false });
      if (!inTransaction) await this.#pglite.syncToFs();
      return out;
    });
    // A statement Postgres parsed stays prepared even when its execution then failed.
    if (!known && name !== undefined && replies.some((reply) => reply.name === 'parseComplete'))
      this.#prepared.set(sql, name);
    const error = replies.find(isError);
    if (error) {
      // A prepared SELECT * whose table changed since cannot run again ("cached plan must not
      // change result type"): forget it, and outside a transaction try once more afresh.
      if (known && error.code === '0A000') {
        this.#prepared.delete(sql);
        await this.#pglite.runExclusive(() =>
          this.#pglite.execProtocolStream(
            concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]),
            { syncToFs: false, throwOnError: false },
          ),
        );
        if (!inTransaction && !retried) return this.#run(sql, parameters, true);
      }
      throw Object.assign(error, { query: sql });
    }
    const [result] = parse.parseResults(replies, this.#pglite.parsers, { rowMode: 'object' });
    const command = replies.findLast((reply) => reply.name === 'commandComplete') as
      | { text?: string }
      | undefined;
    return {
      rows: (result?.rows ?? []) as R[],
      numAffectedRows: result?.affectedRows != null ? BigInt(result.affectedRows) : undefined,
      command: command?.text?.split(' ')[0],
    };
  }
}

/**
 * Postgres SQL on one connection. The migration lock needs nothing more: the migrator holds the
 * only connection from acquiring the lock to releasing it.
 */
class PgliteAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/** One holder at a time: the next acquireConnection waits until the connection is released. */
class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class PgliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connection: PgliteConnection;
  // Kysely hands out a driver's connections concurrently; PGlite has one, so its users queue here.
  readonly #mutex = new ConnectionMutex();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).beginTransaction();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).commitTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PgliteConnection).rollbackTransaction();
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) await this.#pglite.close();
  }
}

/** Kysely's PGlite dialect with the one-call driver above. */
export function pgliteDialect(pglite: PGlite): Dialect {
  return {
    createAdapter: () => new PgliteAdapter(),
    createDriver: () => new PgliteDriver(pglite),
    createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
