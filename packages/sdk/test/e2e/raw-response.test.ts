// `.withResponse()` against the real API: every kind of method (a create, a read, a page, a page
// kept inside its body, a deletion, a download) gives its parsed body together with the status and
// the headers the server really sent.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { APIPromise, NotFoundError, type RawResponse, Trackforge } from '../../src/index.js';
import { type LiveServer, startLiveServer } from '../helpers/live-server.js';

let server: LiveServer;
let client: Trackforge;

before(async () => {
  server = await startLiveServer();
  client = new Trackforge({ baseURL: server.baseURL, apiKey: server.apiKey });
});
after(async () => {
  await server?.stop();
});

/** What every answer of the API carries. */
function assertAnswerBasics(answer: RawResponse<unknown>, status: number): void {
  assert.equal(answer.status, status);
  assert.equal(answer.response.status, status);
  assert.match(answer.requestId ?? '', /^req_/);
  assert.equal(answer.requestId, answer.headers.get('x-request-id'));
  const rateLimit = answer.rateLimit;
  assert.ok(rateLimit, 'a /v1 route answers with its rate limit');
  assert.ok(rateLimit.limit > 0 && rateLimit.remaining < rateLimit.limit && rateLimit.resetSeconds >= 0);
}

describe('raw responses from the real server', { timeout: 240_000 }, () => {
  it('gives a create its status, request id, rate limit and idempotency key, and says when a retry was replayed', async () => {
    const idempotencyKey = `raw-response-${Date.now()}`;
    const params = { prompt: 'calm ambient pad', duration: '5s', seed: 11 };
    const pending = client.tracks.create(params, { idempotencyKey, waitSeconds: 60 });
    assert.ok(pending instanceof APIPromise && pending instanceof Promise);
    const created = await pending.withResponse();
    assertAnswerBasics(created, 201);
    assert.equal(created.data.object, 'track');
    assert.equal(created.data.status, 'ready');
    assert.equal(created.idempotencyKey, idempotencyKey);
    assert.equal(created.idempotentReplayed, false);
    assert.equal(created.headers.get('preference-applied'), 'wait=60');

    const replayed = await client.tracks.create(params, { idempotencyKey }).withResponse();
    assert.equal(replayed.idempotentReplayed, true);
    assert.equal(replayed.data.id, created.data.id);

    // an SDK-made key is sent, and reported, for every POST
    const published = await client.tracks.publish(created.data.id, { visibility: 'unlisted' }).withResponse();
    assertAnswerBasics(published, 200);
    assert.match(published.idempotencyKey ?? '', /^sdk-/);
    assert.equal(published.data.visibility, 'unlisted');

    const read = await client.tracks.retrieve(created.data.id).withResponse();
    assertAnswerBasics(read, 200);
    assert.equal(read.idempotencyKey, null);
    assert.equal(read.data.id, created.data.id);
    assert.ok(read.rateLimit!.remaining < created.rateLimit!.remaining, 'each request spends the budget');
    // awaited without withResponse, the same method gives the body alone
    assert.deepEqual(await client.tracks.retrieve(created.data.id), read.data);

    const mp3 = await client.tracks.download(created.data.id, 'mp3').withResponse();
    assertAnswerBasics(mp3, 200);
    assert.equal(mp3.data.contentType, 'audio/mpeg');
    assert.ok((await mp3.data.arrayBuffer()).byteLength > 1000, 'the download body is left to read');

    const page = await client.tracks.list({ limit: 1 }).withResponse();
    assertAnswerBasics(page, 200);
    assert.equal(page.data.data[0]?.id, created.data.id);

    const ledger = await client.credits.listEntries({ limit: 1 }).withResponse();
    assertAnswerBasics(ledger, 200);
    assert.equal(ledger.data.data.length, 1);

    const deleted = await client.tracks.delete(created.data.id).withResponse();
    assertAnswerBasics(deleted, 204);
    assert.equal(deleted.data, undefined);
  });

  it('rejects withResponse with the same error class as awaiting the method', async () => {
    const error = await client.tracks
      .retrieve('trk_doesnotexist')
      .withResponse()
      .catch((e: unknown) => e);
    assert.ok(error instanceof NotFoundError, `got ${String(error)}`);
    assert.match(error.requestId ?? '', /^req_/);
    await assert.rejects(client.tracks.retrieve('trk_doesnotexist'), NotFoundError);
  });
});
