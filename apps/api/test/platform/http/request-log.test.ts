import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

describe('the request log', () => {
  let t: TestApp;
  const entries: { msg: string; reqId?: string; statusCode?: number }[] = [];
  before(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp('pglite', { deps: { logger: { level: 'info', stream } } });
  });
  after(() => t.close());

  it('writes one readable line per request, with the status and time, and no sign-in token', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
    const verify = await t.app.inject({ method: 'GET', url: '/v1/auth/verify?token=secret-token-123' });
    const forOk = entries.filter((entry) => entry.reqId === ok.headers['x-request-id']);
    assert.equal(forOk.length, 1, JSON.stringify(forOk));
    assert.match(forOk[0]!.msg, /^GET \/healthz 200 [\d.]+ ms$/);
    const forVerify = entries.filter((entry) => entry.reqId === verify.headers['x-request-id']);
    assert.equal(forVerify.length, 1);
    assert.match(forVerify[0]!.msg, /^GET \/v1\/auth\/verify\?token=\[redacted\] 400 /);
    assert.doesNotMatch(JSON.stringify(entries), /secret-token-123/);
  });
});
