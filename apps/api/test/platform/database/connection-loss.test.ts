// A PostgreSQL connection that the server ends while the pool has lent it out (a restart, a
// failover, an administrator's pg_terminate_backend) must fail only the work on it: the process goes
// on and the next query connects anew. Runs on PostgreSQL only: PGlite has no connections to lose.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { createTestDatabase } from '../../helpers/databases.js';

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

  it('fails the transaction that held it while idle between statements, and the process goes on', async () => {
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await terminate(rows[0]!.pid);
        // The server's goodbye arrives while no statement runs on the lent connection.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      }),
    );
    assert.deepEqual(uncaught, []);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.equal(rows[0]!.one, 1);
  });

  it('fails the statement running on it, and the process goes on', async () => {
    const failure = await database.db.connection().execute(async (connection) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection);
      // settled at once: the statement can fail before the terminate below has returned
      const sleeping = sql`select pg_sleep(5)`.execute(connection).then(
        () => undefined,
        (error: Error) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await terminate(rows[0]!.pid);
      return sleeping;
    });
    assert.match(String(failure), /terminating connection/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(uncaught, []);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    assert.equal(rows[0]!.one, 1);
  });
});
