// A PostgreSQL connection that the server ends while the pool has lent it out (a restart, a
// failover, an administrator's pg_terminate_backend) must fail only the work on it: the process goes
// on and the next query connects anew. Runs on PostgreSQL only: PGlite has no connections to lose.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { createTestDatabase } from '../../helpers/databases.js';
import { until } from '../../helpers/until.js';

describe('a pooled PostgreSQL connection ended by the server', {
  skip: !process.env.TEST_DATABASE_URL,
}, () => {
  let database: DatabaseHandle;
  const uncaught: Error[] = [];
  const onUncaught = (error: Error) => uncaught.push(error);

  before(async () => {
    database = await createTestDatabase('postgres');
    // The test runner would report an uncaught error against whichever test runs when it surfaces;
    // collecting it here makes the failure name this suite.
    process.prependListener('uncaughtException', onUncaught);
  });
  after(async () => {
    process.removeListener('uncaughtException', onUncaught);
    await database.close();
  });

  const terminate = (pid: number) =>
    sql`select pg_terminate_backend(${pid})`.execute(database.db.withoutPlugins());
  /** What the server's backend `pid` is doing, or undefined once it has ended (seen from another connection). */
  const backend = async (pid: number) =>
    (
      await sql<{ state: string | null; query: string }>`
        select state, query from pg_stat_activity where pid = ${pid}`.execute(database.db.withoutPlugins())
    ).rows[0];
  // The backend writes its goodbye before it exits, so once it is gone the message is on our socket.
  const ended = (pid: number) =>
    until(async () => ((await backend(pid)) ? undefined : true), 5_000, `backend ${pid} to end`, 10);

  it('fails the transaction that held it while idle between statements, and the process goes on', async () => {
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        // The server's goodbye arrives while no statement runs on the lent connection.
        await ended(rows[0]!.pid);
        await sql`select 1`.execute(trx);
      }),
    );
    assert.deepEqual(uncaught, []);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.equal(rows[0]!.one, 1);
  });

  it('fails the statement running on it, and the process goes on', async () => {
    let pid = 0;
    const failure = await database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      pid = rows[0]!.pid;
      // settled at once: the statement can fail before the terminate below has returned
      const sleeping = sql`select pg_sleep(5)`.execute(connection).then(
        () => undefined,
        (error: Error) => error,
      );
      await until(
        async () => {
          const running = await backend(pid);
          return running?.state === 'active' && running.query.includes('pg_sleep') ? true : undefined;
        },
        5_000,
        'pg_sleep to run',
        10,
      );
      await terminate(pid);
      return sleeping;
    });
    assert.match(String(failure), /terminating connection/);
    // Whatever the dropped connection emits after the failure (its socket's end) has come once
    // the backend is gone.
    await ended(pid);
    assert.deepEqual(uncaught, []);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.equal(rows[0]!.one, 1);
  });
});
