// The APIPromise every method returns, without a network: a failure surfaces once, where it is
// awaited, and an answer without rate-limit headers says so with null.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NotFoundError } from '../src/index.js';
import { json, mockClient, problem } from './helpers/mock-fetch.js';

describe('APIPromise', () => {
  it('rejects only the promise the caller awaits: withResponse() alone leaves no unhandled rejection', async () => {
    const { client } = mockClient([problem(404, 'not_found')], { maxRetries: 0 });
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const error = await client.tracks
        .retrieve('trk_missing')
        .withResponse()
        .catch((e: unknown) => e);
      assert.ok(error instanceof NotFoundError);
      // unhandled rejections are reported after the microtask queue drains
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('sends one request whether it is awaited, asked withResponse(), or both', async () => {
    const { client, requests } = mockClient([json(200, { id: 'trk_1' }, { 'x-request-id': 'req_1' })]);
    const pending = client.tracks.retrieve('trk_1');
    const [track, answer] = await Promise.all([pending, pending.withResponse()]);
    assert.equal(track.id, 'trk_1');
    assert.equal(answer.data, track);
    assert.equal(answer.requestId, 'req_1');
    assert.equal(answer.rateLimit, null, 'no X-RateLimit-* headers: no rate limit');
    assert.equal(requests.length, 1);
  });
});
