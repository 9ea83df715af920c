// Webhook destinations: one check (isPrivateAddress over ipaddr.js's ranges) at creation — a
// track's webhook_url and a webhook endpoint's url — and at delivery.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  findWebhookUrlProblem,
  isPrivateAddress,
} from '../../../../src/features/events/webhooks/webhook-address.js';
import { createWebhookSender } from '../../../../src/features/events/webhooks/webhook-sender.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { balanceOf, fund } from '../../tracks/helpers.js';

const PRIVATE_URLS = [
  'http://127.0.0.1/hook',
  'http://127.1.2.3:8080/hook',
  'http://2130706433/hook', // 127.0.0.1 as one number
  'http://0x7f.1/hook',
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.8/hook',
  'http://172.16.4.4/hook',
  'http://192.168.1.1/hook',
  'http://100.64.0.1/hook',
  'http://0.0.0.0/hook',
  'http://[::1]/hook',
  'http://[::]/hook',
  'http://[::127.0.0.1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
  'http://[::ffff:0:7f00:1]/hook',
  'http://[2002:7f00:1::1]/hook',
  'http://[fec0::1]/hook',
  'http://[100::7f00:1]/hook',
  'http://[64:ff9b::7f00:1]/hook',
  'http://[fe80::1]/hook',
  'http://[fd00::1]/hook',
  'http://[2001::7f00:1]/hook', // Teredo
  'http://localhost:3000/hook',
  'http://hooks.localhost/hook',
];
const PUBLIC_URLS = ['https://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook'];
const LOOPBACK_NAME = 'hooks.loopback.test';

/** Stands in for DNS: one name resolves to loopback, one to a metadata address, others to a public one. */
async function fakeResolve(host: string): Promise<string[]> {
  if (host === LOOPBACK_NAME) return ['93.184.215.14', '127.0.0.1'];
  if (host === 'metadata.test') return ['169.254.169.254'];
  if (host === 'v6.test') return ['::ffff:7f00:1'];
  return ['93.184.215.14'];
}

describe('isPrivateAddress', () => {
  it('refuses every non-public range and accepts public unicast addresses', () => {
    for (const address of [
      '127.0.0.1',
      '169.254.169.254',
      '10.1.1.1',
      '::1',
      '::127.0.0.1',
      '::ffff:0:7f00:1',
      '2002:7f00:1::1',
      'fec0::1',
      '100::7f00:1',
      '192.0.2.1',
      '198.18.0.1',
      '224.0.0.1',
      '255.255.255.255',
      'not-an-ip',
    ]) {
      assert.equal(isPrivateAddress(address), true, address);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001::200e']) {
      assert.equal(isPrivateAddress(address), false, address);
    }
  });

  it('refuses a host name when any address it resolves to is private, unless private webhooks are allowed', async () => {
    for (const host of [LOOPBACK_NAME, 'metadata.test', 'v6.test']) {
      const problem = await findWebhookUrlProblem(`https://${host}/x`, {
        allowPrivate: false,
        resolve: fakeResolve,
      });
      assert.match(problem ?? '', /private/, host);
      assert.equal(
        await findWebhookUrlProblem(`https://${host}/x`, { allowPrivate: true, resolve: fakeResolve }),
        undefined,
      );
    }
    assert.equal(
      await findWebhookUrlProblem('https://hooks.example.com/x', {
        allowPrivate: false,
        resolve: fakeResolve,
      }),
      undefined,
    );
  });

  it('refuses to deliver to a private literal address', async () => {
    const send = createWebhookSender({ allowPrivate: false, timeoutMs: 1000 });
    for (const url of [
      'http://[::127.0.0.1]:9/hook',
      'http://[::ffff:0:7f00:1]:9/hook',
      'http://169.254.169.254/hook',
    ]) {
      const result = await send({ url, headers: {}, body: '{}' });
      assert.equal(result.ok, false, url);
      assert.match(result.ok ? '' : result.error, /private/, url);
    }
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`webhook destinations at creation on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    before(async () => {
      t = await createTestApp(kind, { deps: { resolveHost: fakeResolve } });
      owner = await createTestAccount(t);
      await fund(t, owner.workspaceId, 3);
    });
    after(() => t.close());

    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: owner.headers, payload });

    it('refuses a track webhook_url at a private address or a name resolving to one, holding no credit', async () => {
      for (const webhookUrl of [
        ...PRIVATE_URLS,
        `https://${LOOPBACK_NAME}/hook`,
        'https://metadata.test/x',
      ]) {
        const response = await post('/v1/tracks', {
          prompt: 'lofi',
          duration: 'short',
          webhook_url: webhookUrl,
        });
        assert.equal(response.statusCode, 400, `${webhookUrl}: ${response.body}`);
        assert.equal(response.json().param, 'webhook_url', webhookUrl);
      }
      assert.equal((await balanceOf(t, owner.workspaceId)).balance, 3);
      const list = await t.app.inject({ method: 'GET', url: '/v1/tracks', headers: owner.headers });
      assert.equal(list.json().data.length, 0);
      const ok = await post('/v1/tracks', { prompt: 'lofi', duration: 'short', webhook_url: PUBLIC_URLS[0] });
      assert.equal(ok.statusCode, 201, ok.body);
    });

    it('refuses a webhook endpoint url at a private address', async () => {
      for (const url of PRIVATE_URLS) {
        const response = await post('/v1/webhook-endpoints', { url });
        assert.equal(response.statusCode, 400, `${url}: ${response.body}`);
        assert.equal(response.json().param, 'url', url);
      }
      for (const url of PUBLIC_URLS) {
        assert.equal((await post('/v1/webhook-endpoints', { url })).statusCode, 201, url);
      }
    });
  });

  describe(`ALLOW_PRIVATE_WEBHOOKS=true on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, {
        env: { ALLOW_PRIVATE_WEBHOOKS: 'true' },
        deps: { resolveHost: fakeResolve },
      });
    });
    after(() => t.close());

    it('accepts loopback destinations for development', async () => {
      const owner = await createTestAccount(t);
      await fund(t, owner.workspaceId, 1);
      const track = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: owner.headers,
        payload: { prompt: 'lofi', duration: 'short', webhook_url: 'http://127.0.0.1:4000/hook' },
      });
      assert.equal(track.statusCode, 201, track.body);
      const endpoint = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: owner.headers,
        payload: { url: 'http://[::1]:4000/hook' },
      });
      assert.equal(endpoint.statusCode, 201, endpoint.body);
    });
  });
}
