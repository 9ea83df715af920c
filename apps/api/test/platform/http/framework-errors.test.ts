// Every answer the server gives is problem+json with code and request_id — also the ones Fastify's
// router and Node's HTTP parser produce before any route runs.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

function assertProblem(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  code: string,
) {
  assert.equal(response.statusCode, status, response.body);
  assert.match(String(response.headers['content-type']), /^application\/problem\+json/);
  const body = JSON.parse(response.body);
  assert.equal(body.code, code);
  assert.equal(body.status, status);
  assert.match(body.request_id, /^req_/);
  assert.equal(body.request_id, response.headers['x-request-id']);
}

/** Sends raw bytes and parses the one HTTP/1.1 answer (for what inject cannot send). */
function rawRequest(
  port: number,
  text: string,
): Promise<{ statusCode: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ statusCode: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`framework errors on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    let port: number;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    after(() => t.close());

    it('answers a path parameter over 100 characters with 414 uri_too_long', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/tracks/trk_${'a'.repeat(120)}`,
        headers: account.headers,
      });
      assertProblem(response, 414, 'uri_too_long');
      assert.equal(response.json().param, 'path');
    });

    it('answers a URL over 8,192 characters with 414 and a request head over 16 KiB with 431', async () => {
      const long = await fetch(`http://127.0.0.1:${port}/v1/voices?q=${'a'.repeat(9000)}`);
      assertProblem(
        { statusCode: long.status, headers: Object.fromEntries(long.headers), body: await long.text() },
        414,
        'uri_too_long',
      );
      const huge = await rawRequest(
        port,
        `GET /v1/voices?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      assertProblem(huge, 431, 'headers_too_large');
    });

    it('answers malformed HTTP (a NUL in a header) with 400 problem+json', async () => {
      const response = await rawRequest(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\u0000b\r\n\r\n');
      assertProblem(response, 400, 'validation_failed');
    });

    it('answers an unknown route with 404 not_found', async () => {
      assertProblem(await t.app.inject({ method: 'GET', url: '/v2/nothing' }), 404, 'not_found');
      assertProblem(
        await t.app.inject({ method: 'DELETE', url: '/v1/tracks/trk_1/nothing' }),
        404,
        'not_found',
      );
    });

    it('answers an unknown method on a known path with 405 and an Allow header', async () => {
      for (const [method, url, allow] of [
        ['PUT', '/v1/tracks', 'GET, HEAD, POST'],
        ['PATCH', '/v1/tracks/trk_01JABCDEFGHJKMNPQRSTVWXYZ0', 'DELETE, GET, HEAD'],
        ['POST', '/healthz', 'GET, HEAD'],
        ['PROPFIND', '/v1/voices', 'GET, HEAD'],
      ] as const) {
        const response = await t.app.inject({ method: method as 'PUT', url, headers: account.headers });
        assertProblem(response, 405, 'method_not_allowed');
        assert.equal(response.headers.allow, allow, `${method} ${url}`);
      }
    });

    it('answers an oversized body with 413, a non-JSON body with 415 and malformed JSON with 400', async () => {
      const post = (headers: Record<string, string>, payload: string) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/tracks',
          headers: { ...account.headers, ...headers },
          payload,
        });
      assertProblem(
        await post({ 'content-type': 'application/json' }, JSON.stringify({ prompt: 'x'.repeat(1_100_000) })),
        413,
        'payload_too_large',
      );
      assertProblem(await post({ 'content-type': 'text/xml' }, '<track/>'), 415, 'unsupported_media_type');
      assertProblem(await post({ 'content-type': 'text/plain' }, 'hello'), 415, 'unsupported_media_type');
      const malformed = await post({ 'content-type': 'application/json' }, '{"prompt":');
      assertProblem(malformed, 400, 'validation_failed');
      assert.equal(malformed.json().param, 'body');
    });
  });
}

describe('during shutdown', () => {
  it('answers a request that arrives while the server closes with 503 unavailable as problem+json', async () => {
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // Half a request head keeps the connection busy, so closing waits for it instead of dropping it.
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
    await new Promise((resolve) => setImmediate(resolve));
    const closed = t.close();
    await new Promise((resolve) => setImmediate(resolve));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk;
    });
    const ended = new Promise((resolve) => socket.on('close', resolve));
    socket.write('\r\n');
    await ended;
    await closed;
    const [head = '', body = ''] = data.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 503/);
    assert.match(head, /content-type: application\/problem\+json/i);
    assert.equal(JSON.parse(body).code, 'unavailable');
  });
});
