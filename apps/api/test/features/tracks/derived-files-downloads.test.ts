// Downloads of a derived file over HTTP while the render that makes it is under way: a track
// deleted meanwhile answers a clean 404, and a render every download has left stops. The engine
// is a stand-in (the render override of compose.ts) that makes its bytes when the test says so.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

interface RenderCall {
  aborted: boolean;
  /** Hands out the file's first byte, as the engine does once its encoder has written some. */
  sendFirstByte: () => void;
  finish: () => void;
}

/** Renders that wait for the test to finish them, and fail as the engine does when aborted. */
function controlledRender() {
  const calls: RenderCall[] = [];
  const started: (() => void)[] = [];
  const render: Generate = (request, options) =>
    new Promise((resolve, reject) => {
      const stems = request.outputs?.stems === true;
      const bytes = new Uint8Array(stems ? [1, 2, 3] : [4, 5, 6]);
      let sent = 0;
      const call: RenderCall = {
        aborted: false,
        sendFirstByte: () => {
          options.onFileBytes?.(bytes.subarray(0, 1));
          sent = 1;
        },
        finish: () => {
          options.onFileBytes?.(bytes.subarray(sent));
          resolve({
            ...FAKE_GENERATED_TRACK,
            files: stems ? {} : { [request.outputs?.formats?.[0] ?? 'wav']: bytes },
            stemsZip: stems ? bytes : undefined,
          });
        },
      };
      options.signal?.addEventListener('abort', () => {
        call.aborted = true;
        reject(new Error('rendering was aborted'));
      });
      calls.push(call);
      for (const wake of started.splice(0)) wake();
    });
  /** Resolves once `count` renders have been asked for. */
  const untilCalls = async (count: number) => {
    while (calls.length < count) await new Promise<void>((resolve) => started.push(resolve));
  };
  return { render, calls, untilCalls };
}

/** Polls (without sleeping on a fixed guess) until check holds or the deadline passes. */
async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  deadlineMs = 10_000,
): Promise<void> {
  const endMs = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > endMs) assert.fail(`${what} did not happen within ${deadlineMs} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`derived file downloads while they are made on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    const engine = controlledRender();

    before(async () => {
      t = await createTestApp(kind, { deps: { render: engine.render } });
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 10);
    });
    after(() => t.close());

    async function readyTrack(): Promise<string> {
      const { id } = (await createTrack(t, account)).json() as { id: string };
      const runner = createGenerationRunner(t, 'w1', async () => FAKE_GENERATED_TRACK);
      assert.equal(await runner.runOnce(), true);
      return id;
    }

    it('answers 404 problem+json, not 500, to a stems download whose track is deleted before its first byte', async () => {
      const id = await readyTrack();
      const callsBefore = engine.calls.length;
      const download = t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${id}/stems`,
        headers: account.headers,
      });
      const ranged = t.app.inject({
        method: 'GET',
        url: `/v1/tracks/${id}/audio?format=wav`,
        headers: { ...account.headers, range: 'bytes=0-1' },
      });
      await engine.untilCalls(callsBefore + 2);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/v1/tracks/${id}`,
        headers: account.headers,
      });
      assert.equal(deleted.statusCode, 204);
      for (const response of [await download, await ranged]) {
        assert.equal(response.statusCode, 404, response.body);
        assert.equal(response.headers['content-type'], 'application/problem+json; charset=utf-8');
        assert.equal(response.json().code, 'not_found');
        assert.match(
          response.json().detail,
          new RegExp(`Track ${id} was deleted while its (stems|wav) was being made`),
        );
        // the problem is not the file: nothing that would let a cache or a browser keep it as one
        for (const header of ['etag', 'content-disposition', 'accept-ranges'])
          assert.equal(response.headers[header], undefined, header);
        assert.equal(response.headers['cache-control'], 'no-store');
      }
    });

    it('stops a render once every download waiting for it has gone, and not while one still waits', async () => {
      const id = await readyTrack();
      await new Promise<void>((resolve) => t.app.server.listen(0, '127.0.0.1', resolve));
      const { port } = t.app.server.address() as AddressInfo;
      try {
        const open = () => {
          const request = httpRequest({
            port,
            host: '127.0.0.1',
            path: `/v1/tracks/${id}/audio?format=flac`,
            headers: account.headers,
          });
          request.on('error', () => {}); // destroyed below on purpose
          request.end();
          return request;
        };
        const callsBefore = engine.calls.length;
        const first = open();
        await engine.untilCalls(callsBefore + 1);
        const render = engine.calls[callsBefore] as RenderCall;
        render.sendFirstByte();
        // the second download joins the same render: its answer starts with the byte made so far
        const second = open();
        await new Promise((resolve) => second.once('response', resolve));
        assert.equal(engine.calls.length, callsBefore + 1, 'one render for both downloads');

        const connections = () =>
          new Promise<number>((resolve) => t.app.server.getConnections((_error, count) => resolve(count)));
        first.destroy();
        // the server has seen the first client go once it counts one connection (the answer's
        // 'close' comes in the same event): the render must still run for the second
        await eventually(async () => (await connections()) === 1, 'the server seeing the first client go');
        assert.equal(render.aborted, false, 'one download still waits for it');
        second.destroy();
        await eventually(() => render.aborted, 'the render being stopped');

        // a later download starts a render of its own, and it finishes and is kept
        const later = t.app.inject({
          method: 'GET',
          url: `/v1/tracks/${id}/audio?format=flac`,
          headers: account.headers,
        });
        await engine.untilCalls(callsBefore + 2);
        engine.calls[callsBefore + 1]?.finish();
        const response = await later;
        assert.equal(response.statusCode, 200);
        assert.deepEqual([...response.rawPayload], [4, 5, 6]);
      } finally {
        await new Promise<void>((resolve) => t.app.server.close(() => resolve()));
      }
    });
  });
}
