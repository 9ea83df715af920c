import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createTestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { balanceOf, createTrack, fund } from './helpers.js';

for (const kind of testDatabaseKinds()) {
  describe(`concurrent track creation on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('accepts exactly 50 of 200 concurrent creates on 50 credits and leaves the balance at 0', async () => {
      const account = await createTestAccount(t);
      const start = await balanceOf(t, account.workspaceId);
      await fund(t, account.workspaceId, 50 - start.balance);
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          createTrack(t, account, { prompt: `track ${i}`, duration: 'short' }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      assert.equal(statuses.filter((status) => status === 201).length, 50);
      assert.equal(statuses.filter((status) => status === 402).length, 150);
      assert.deepEqual(await balanceOf(t, account.workspaceId), { balance: 0, held: 50 + start.held });
      const counts = await sql<{ tracks: number; jobs: number; holds: number }>`
        select (select count(*)::int from track where workspace_id = ${account.workspaceId}) as tracks,
               (select count(*)::int from job) as jobs,
               (select count(*)::int from credit_entry where workspace_id = ${account.workspaceId} and kind = 'hold') as holds`.execute(
        t.database.db,
      );
      assert.deepEqual(counts.rows[0], { tracks: 50, jobs: 50, holds: 50 });
    });
  });
}
