// The client address every per-address limit and log line uses: X-Forwarded-For counts only when
// it comes through the proxies TRUST_PROXY names (docs/DEPLOY.md "Client addresses").
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

const PRODUCTION = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:9' };

async function withApp(env: Record<string, string>, body: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp('pglite', { env });
  try {
    await body(t);
  } finally {
    await t.close();
  }
}

/** One anonymous read; resolves with the status and the requests its bucket has left. */
async function read(t: TestApp, peer: string, forwardedFor?: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/v1/public/tracks',
    remoteAddress: peer,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return { status: answer.statusCode, remaining: answer.headers['x-ratelimit-remaining'] };
}

describe('client address', () => {
  it('keeps a client over its anonymous limit whatever X-Forwarded-For it sends, in production with TRUST_PROXY unset', async () => {
    await withApp({ ...PRODUCTION, RATE_LIMIT_ANONYMOUS: '60' }, async (t) => {
      let refused = 0;
      for (let i = 0; i < 70; i++) if ((await read(t, '192.0.2.10')).status === 429) refused++;
      assert.equal(refused, 10);
      refused = 0;
      for (let i = 0; i < 140; i++) {
        if ((await read(t, '192.0.2.10', `198.51.100.${i}`)).status === 429) refused++;
      }
      assert.equal(refused, 140, 'a forged X-Forwarded-For must not open a new bucket');
    });
  });

  it('takes the address the last proxy saw with TRUST_PROXY=1, whatever the client put left of it', async () => {
    await withApp({ ...PRODUCTION, TRUST_PROXY: '1', RATE_LIMIT_ANONYMOUS: '2' }, async (t) => {
      assert.equal((await read(t, '10.0.0.5', '198.51.100.1')).status, 200);
      assert.equal((await read(t, '10.0.0.6', '198.51.100.1')).status, 200);
      const forged = await read(t, '10.0.0.5', '203.0.113.77, 198.51.100.1');
      assert.equal(forged.status, 429, 'the forged left entry is ignored: same bucket as 198.51.100.1');
      assert.deepEqual(await read(t, '10.0.0.5', '198.51.100.1, 198.51.100.2'), {
        status: 200,
        remaining: '1',
      });
    });
  });

  it('skips trusted hops from the right with TRUST_PROXY CIDRs and believes nobody outside them', async () => {
    await withApp(
      { ...PRODUCTION, TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32', RATE_LIMIT_ANONYMOUS: '2' },
      async (t) => {
        // CDN edge 10.0.0.9 → balancer 10.0.0.5 → here: the client is the first untrusted from the right.
        assert.deepEqual(await read(t, '10.0.0.5', '203.0.113.1, 198.51.100.1, 10.0.0.9'), {
          status: 200,
          remaining: '1',
        });
        assert.deepEqual(await read(t, '2001:db8::1', '198.51.100.1'), { status: 200, remaining: '0' });
        // A peer outside the ranges is the client itself, whatever it forwards.
        assert.deepEqual(await read(t, '192.0.2.20', '198.51.100.2'), { status: 200, remaining: '1' });
        assert.deepEqual(await read(t, '192.0.2.20', '198.51.100.3'), { status: 200, remaining: '0' });
        assert.equal((await read(t, '192.0.2.20', '10.0.0.1')).status, 429);
      },
    );
  });

  it('ignores X-Forwarded-For entirely with TRUST_PROXY=off, even from a private address', async () => {
    await withApp({ TRUST_PROXY: 'off', RATE_LIMIT_ANONYMOUS: '1' }, async (t) => {
      assert.equal((await read(t, '10.0.0.5', '198.51.100.1')).status, 200);
      assert.equal((await read(t, '10.0.0.5', '198.51.100.2')).status, 429);
    });
  });
});
