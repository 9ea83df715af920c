// Purges as part of the product: hiding or deleting a track sends purges to the edge from the
// durable queue, after the origin already answers 404, and retries the ones the edge refuses.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fund } from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { readyTrack } from './edge-helpers.js';
import { type PurgeRecorder, type RecordedRequest, startPurgeRecorder } from './purge-recorder.js';

for (const kind of testDatabaseKinds()) {
  describe(`edge purges on ${kind}`, () => {
    let t: TestApp;
    let edge: PurgeRecorder;
    let owner: TestAccount;
    /** What an anonymous GET of the path answered at the moment each purge arrived. */
    const originAtPurge: number[] = [];
    let watchedPath = '';
    /** Statuses the edge answers in turn before it takes purges (200). */
    const refusals: number[] = [];

    before(async () => {
      edge = await startPurgeRecorder(async (_request: RecordedRequest) => {
        if (watchedPath)
          originAtPurge.push((await t.app.inject({ method: 'GET', url: watchedPath })).statusCode);
        return { status: refusals.shift() ?? 200 };
      });
      t = await createTestApp(kind, {
        env: { EDGE_PURGE: 'http', EDGE_PURGE_URL: `${edge.url}/`, EDGE_PURGE_TOKEN: 'purge-secret' },
        deps: { purgeRetryDelaysMs: [0, 0, 0] },
      });
      owner = await createTestAccount(t);
      await fund(t, owner.workspaceId, 10);
    });
    after(async () => {
      await t.close();
      await edge.close();
    });

    const publish = (id: string, visibility: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/tracks/${id}/publish`,
        headers: owner.headers,
        payload: { visibility },
      });
    const purgeJobs = async () =>
      (await t.database.db.selectFrom('job').select('id').where('queue', '=', 'edge.purge').execute()).length;

    it('answers 404 at the origin before the purge of a track made private is sent, and purges again once no node can remember it', async () => {
      const id = await readyTrack(t, owner, 'public');
      const audio = await t.app.inject({ method: 'GET', url: `/v1/tracks/${id}/audio` });
      assert.equal(audio.headers['cache-control'], 'public, max-age=300, s-maxage=86400');
      assert.equal(audio.headers['surrogate-key'], id);
      const start = edge.requests.length;
      watchedPath = `/v1/tracks/${id}/audio`;
      assert.equal((await publish(id, 'private')).statusCode, 200);
      const [first] = (await edge.received(start + 1)).slice(start);
      assert.equal(first!.method, 'PURGE');
      assert.equal(first!.headers['surrogate-key'], `${id} public-tracks`);
      assert.equal(first!.headers.authorization, 'Bearer purge-secret');
      assert.deepEqual(originAtPurge, [404]);
      // The second purge is due once every process's memory of the row has expired.
      t.clock.advance(6_000);
      await edge.received(start + 2);
      assert.equal(edge.requests[start + 1]!.headers['surrogate-key'], `${id} public-tracks`);
      assert.deepEqual(originAtPurge, [404, 404]);
      watchedPath = '';
    });

    it('retries a purge the edge refuses until it takes it', async () => {
      const id = await readyTrack(t, owner, 'unlisted');
      const start = edge.requests.length;
      refusals.push(503, 502);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/tracks/${id}`,
        headers: owner.headers,
      });
      assert.equal(deleted.statusCode, 204);
      const attempts = (await edge.received(start + 3)).slice(start);
      // An unlisted track was never in the public feed: only its own key.
      assert.deepEqual(
        attempts.map((request) => request.headers['surrogate-key']),
        [id, id, id],
      );
      t.clock.advance(6_000);
      await edge.received(start + 4);
    });

    it('queues no purge for a change that exposes nothing cached: a private track published or deleted', async () => {
      const id = await readyTrack(t, owner, 'private');
      t.clock.advance(6_000);
      const before = await purgeJobs();
      assert.equal((await publish(id, 'public')).statusCode, 200);
      assert.equal((await publish(id, 'public')).statusCode, 200);
      assert.equal(await purgeJobs(), before);
      const other = await readyTrack(t, owner, 'private');
      await t.app.inject({ method: 'DELETE', url: `/v1/tracks/${other}`, headers: owner.headers });
      assert.equal(await purgeJobs(), before);
    });
  });
}
