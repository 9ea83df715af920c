// Headers and operator surfaces: helmet's protections, CORS for ALLOWED_ORIGINS, /metrics guarded,
// /_dev/* only for this machine.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const STUDIO_ORIGIN = 'https://studio.example.com';
const METRICS_TOKEN = 'metrics-token-0123456789';

describe('security headers and CORS', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { env: { ALLOWED_ORIGINS: STUDIO_ORIGIN } });
  });
  after(() => t.close());

  it('sends nosniff, no framing and a CSP on API answers and errors, and no HSTS over http', async () => {
    for (const url of ['/v1/public/tracks', '/v1/nothing', '/studio']) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(response.headers['x-frame-options'], 'DENY', url);
      assert.match(String(response.headers['content-security-policy']), /frame-ancestors 'none'/, url);
      // only /docs (its own policy) may run inline script
      assert.doesNotMatch(String(response.headers['content-security-policy']), /unsafe-inline/, url);
      assert.equal(response.headers['strict-transport-security'], undefined, url);
    }
  });

  it('serves /docs and its assets from this origin, which the CSP allows', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    const html = page.headers.location
      ? await t.app.inject({ method: 'GET', url: String(page.headers.location) })
      : page;
    assert.equal(html.statusCode, 200);
    const csp = String(html.headers['content-security-policy']);
    assert.match(csp, /script-src 'self' 'unsafe-inline'/);
    const sources = [...html.body.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    assert.ok(sources.length > 0, 'the docs page loads a script');
    for (const source of sources) {
      assert.ok(!/^(https?:)?\/\//.test(source), `${source} is same-origin`);
      const url = new URL(source, 'http://localhost/docs/').pathname;
      const asset = await t.app.inject({ method: 'GET', url });
      assert.equal(asset.statusCode, 200, url);
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/openapi.json' })).statusCode, 200);
    // font-src is 'self': the page must not ask Scalar for its web fonts from fonts.scalar.com.
    assert.match(csp, /font-src 'self' data:/);
    assert.match(html.body, /"withDefaultFonts":\s*false/);
  });

  it('answers a preflight from an allowed origin, with credentials, and not from others', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/v1/tracks',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,idempotency-key',
        },
      });
    const allowed = await preflight(STUDIO_ORIGIN);
    assert.ok(allowed.statusCode === 204 || allowed.statusCode === 200, String(allowed.statusCode));
    assert.equal(allowed.headers['access-control-allow-origin'], STUDIO_ORIGIN);
    assert.equal(allowed.headers['access-control-allow-credentials'], 'true');
    assert.match(String(allowed.headers['access-control-allow-headers']), /Idempotency-Key/i);
    const foreign = await preflight('https://evil.example');
    assert.equal(foreign.headers['access-control-allow-origin'], undefined);
    const simple = await t.app.inject({
      method: 'GET',
      url: '/v1/public/tracks',
      headers: { origin: STUDIO_ORIGIN },
    });
    assert.equal(simple.headers['access-control-allow-origin'], STUDIO_ORIGIN);
    assert.match(String(simple.headers['access-control-expose-headers']), /X-Request-Id/i);
  });

  it('exposes every rate-limit header an answer carries to an allowed origin', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/public/tracks',
      headers: { origin: STUDIO_ORIGIN },
    });
    const exposed = String(answer.headers['access-control-expose-headers'])
      .split(',')
      .map((name) => name.trim().toLowerCase());
    const rateLimitHeaders = Object.keys(answer.headers).filter((name) => name.includes('ratelimit'));
    // The TypeScript SDK's withResponse().rateLimit reads X-RateLimit-*; a browser on another
    // origin hides every header not listed here.
    assert.deepEqual(rateLimitHeaders.sort(), [
      'ratelimit',
      'ratelimit-policy',
      'x-ratelimit-limit',
      'x-ratelimit-remaining',
      'x-ratelimit-reset',
    ]);
    for (const name of rateLimitHeaders) assert.ok(exposed.includes(name), `${name} is exposed`);
  });

  it('answers /metrics only to this machine when no METRICS_TOKEN is set', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 200);
    const remote = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    assert.equal(remote.statusCode, 404);
    assert.equal(remote.json().code, 'not_found');
  });

  it('answers /_dev/mail only to this machine', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/_dev/mail' })).statusCode, 200);
    const remote = await t.app.inject({ method: 'GET', url: '/_dev/mail', remoteAddress: '192.168.1.20' });
    assert.equal(remote.statusCode, 404);
  });
});

describe('with an https PUBLIC_URL and METRICS_TOKEN', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp('pglite', {
      env: { PUBLIC_URL: 'https://api.example.com', METRICS_TOKEN },
    });
  });
  after(() => t.close());

  it('sends HSTS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.match(String(response.headers['strict-transport-security']), /max-age=31536000/);
  });

  it('requires the metrics token as a bearer, from anywhere: 404 without a credential, 401 with a wrong one', async () => {
    const metrics = (authorization?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: authorization ? { authorization } : {},
      });
    // as README "Operators" says: as if there were no such route, to a request without a token
    const anonymous = await metrics();
    assert.equal(anonymous.statusCode, 404);
    assert.equal(anonymous.json().code, 'not_found');
    assert.equal(anonymous.headers['www-authenticate'], undefined);
    const wrong = await metrics('Bearer wrong-token-wrong-token');
    assert.equal(wrong.statusCode, 401);
    assert.equal(wrong.headers['www-authenticate'], 'Bearer');
    assert.equal((await metrics('Basic bWV0cmljczptZXRyaWNz')).statusCode, 401);
    const ok = await metrics(`Bearer ${METRICS_TOKEN}`);
    assert.equal(ok.statusCode, 200);
    assert.match(ok.body, /http_requests_total/);
  });
});
