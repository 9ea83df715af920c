// NUL and lone UTF-16 surrogates in any string a request carries are refused as 400
// validation_failed naming the field, on every route (they used to reach PostgreSQL: 500).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fund } from '../../features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

type Method = 'GET' | 'POST' | 'DELETE';

for (const kind of testDatabaseKinds()) {
  describe(`strings with NUL or lone surrogates on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    let operations: { method: Method; path: string }[];
    before(async () => {
      t = await createTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
      account = await createTestAccount(t);
      await fund(t, account.workspaceId, 5);
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, byMethod]) =>
          Object.keys(byMethod).map((method) => ({ method: method.toUpperCase() as Method, path })),
      );
      operations.push({ method: 'GET', path: '/_dev/mail' });
      assert.ok(operations.length >= 30, 'every documented route is covered');
    });
    after(() => t.close());

    async function expectRefused(
      label: string,
      request: { method: Method; url: string; payload?: string; headers?: Record<string, string> },
      param: string,
    ) {
      const response = await t.app.inject({
        ...request,
        headers: {
          ...account.headers,
          ...(request.payload ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
      });
      assert.equal(response.statusCode, 400, `${label}: ${response.statusCode} ${response.body}`);
      assert.match(response.headers['content-type'] as string, /^application\/problem\+json/);
      const body = response.json();
      assert.equal(body.code, 'validation_failed', label);
      assert.equal(body.param, param, label);
    }

    it('refuses them in every path parameter', async () => {
      for (const { method, path } of operations.filter((op) => op.path.includes('{'))) {
        const url = path.replace(/\{(\w+)\}/g, 'trk_01J%00x');
        const param = /\{(\w+)\}/.exec(path)![1]!;
        await expectRefused(`${method} ${path}`, { method, url }, param);
      }
    });

    it('refuses them in every query value, cursors included, on every route', async () => {
      for (const { method, path } of operations) {
        const base = path.replace(/\{(\w+)\}/g, 'trk_01JABCDEFGHJKMNPQRSTVWXYZ0');
        for (const [name, value] of [
          ['starting_after', 'trk_%00'],
          ['ending_before', 'evt_a%00b'],
          ['q', 'lo%00fi'],
        ] as const) {
          await expectRefused(`${method} ${path}?${name}`, { method, url: `${base}?${name}=${value}` }, name);
        }
      }
    });

    it('refuses them in body fields and keys of every route that takes a body', async () => {
      // Stripe's webhook body is raw bytes checked against Stripe's signature, never stored as text.
      const posts = operations.filter((op) => op.method === 'POST' && op.path !== '/v1/webhooks/stripe');
      assert.ok(posts.length >= 10);
      for (const { method, path } of posts) {
        const url = path.replace(/\{(\w+)\}/g, 'trk_01JABCDEFGHJKMNPQRSTVWXYZ0');
        await expectRefused(`${path} NUL`, { method, url, payload: '{"name":"key\\u0000one"}' }, 'name');
        await expectRefused(
          `${path} surrogate`,
          { method, url, payload: '{"url":"https://a.example/\\ud800"}' },
          'url',
        );
        await expectRefused(
          `${path} key`,
          { method, url, payload: '{"metadata":{"team\\udc00":"x"}}' },
          'metadata',
        );
      }
    });

    it('refuses them in the fields of a track create and stores nothing', async () => {
      for (const [field, body] of [
        ['prompt', { prompt: 'lofi\u0000beat', duration: 'short' }],
        ['metadata.team', { prompt: 'lofi', duration: 'short', metadata: { team: 'a\u0000' } }],
        ['metadata', { prompt: 'lofi', duration: 'short', metadata: { 't\u0000': 'a' } }],
        [
          'webhook_url',
          { prompt: 'lofi', duration: 'short', webhook_url: 'https://hooks.example.com/\u0000' },
        ],
        ['prompt', { prompt: 'lofi \ud83c beat', duration: 'short' }],
      ] as const) {
        await expectRefused(
          field,
          { method: 'POST', url: '/v1/tracks', payload: JSON.stringify(body) },
          field,
        );
      }
      await expectRefused(
        'key name',
        { method: 'POST', url: '/v1/api-keys', payload: '{"name":"ci\\u0000"}' },
        'name',
      );
      const list = await t.app.inject({ method: 'GET', url: '/v1/tracks', headers: account.headers });
      assert.equal(list.json().data.length, 0);
    });

    it('refuses them in header values such as Idempotency-Key', async () => {
      await expectRefused(
        'Idempotency-Key',
        {
          method: 'POST',
          url: '/v1/tracks',
          payload: JSON.stringify({ prompt: 'lofi', duration: 'short' }),
          headers: { 'idempotency-key': 'retry\u0000one' },
        },
        'Idempotency-Key',
      );
    });

    it('answers an undecodable percent-encoding without a 5xx', async () => {
      for (const url of [
        '/v1/tracks/trk_%ED%A0%80',
        '/v1/tracks?starting_after=%ED%A0%80',
        '/v1/voices?q=%C0%80',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: account.headers });
        assert.ok(response.statusCode < 500, `${url}: ${response.statusCode}`);
      }
    });

    it('refuses bidirectional controls such as U+202E in a prompt, the title it makes, and metadata', async () => {
      for (const [field, body] of [
        ['prompt', { prompt: 'lofi demo\u202E3pm.exe', duration: 'short' }],
        ['prompt', { prompt: 'lofi \u2066isolated\u2069 beat', duration: 'short' }],
        ['metadata.name', { prompt: 'lofi', duration: 'short', metadata: { name: 'a\u202Ab' } }],
      ] as const) {
        await expectRefused(
          field,
          { method: 'POST', url: '/v1/tracks', payload: JSON.stringify(body) },
          field,
        );
      }
      const list = await t.app.inject({ method: 'GET', url: '/v1/tracks', headers: account.headers });
      assert.ok(
        !list.body.includes('\\u202e') && !list.body.includes('\u202E'),
        'no track was made with the override in its title',
      );
    });

    it('keeps accepting right-to-left text with its direction marks', async () => {
      const prompt = 'lofi \u05E9\u05DC\u05D5\u05DD\u200F rain \u0645\u0631\u062D\u0628\u0627\u061C';
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: account.headers,
        payload: { prompt, duration: 'short' },
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().prompt, prompt);
    });

    it('keeps accepting ordinary Unicode, emoji included', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: account.headers,
        payload: { prompt: 'café lofi 🎹 für Regen', duration: 'short', metadata: { équipe: '日本' } },
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal(response.json().prompt, 'café lofi 🎹 für Regen');
    });
  });
}
