// A JSON body nested deeper than MAX_JSON_DEPTH is refused as 400 validation_failed naming the
// limit, on every route and from anyone, JSON or a multipart form's request part: the string check
// that walks every body used to recurse until the stack overflowed (500 at ~5,000 levels).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { MAX_JSON_DEPTH } from '../../../src/platform/http/text-validation.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';

const DEEP_LEVELS = 20_000;
const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const deepObject = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

for (const kind of testDatabaseKinds()) {
  describe(`JSON nesting depth on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    let operations: { method: 'POST' | 'PATCH' | 'DELETE'; url: string }[];
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      // Stripe's webhook body is raw bytes checked against Stripe's signature, never walked.
      operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, byMethod]) =>
          Object.keys(byMethod)
            .filter((method) => method !== 'get' && path !== '/v1/webhooks/stripe')
            .map((method) => ({
              method: method.toUpperCase() as 'POST' | 'PATCH' | 'DELETE',
              url: path.replace(/\{(\w+)\}/g, 'trk_01JABCDEFGHJKMNPQRSTVWXYZ0'),
            })),
      );
      assert.ok(operations.length >= 15, 'every documented route that takes a body is covered');
    });
    after(() => t.close());

    function assertTooDeep(response: LightMyRequestResponse, label: string) {
      assert.equal(
        response.statusCode,
        400,
        `${label}: ${response.statusCode} ${response.body.slice(0, 300)}`,
      );
      const problem = response.json();
      assert.equal(problem.code, 'validation_failed', label);
      assert.equal(problem.errors[0].code, 'too_deep', label);
      assert.match(problem.detail, new RegExp(`more than ${MAX_JSON_DEPTH} levels deep`), label);
    }

    it('refuses a body nested thousands of levels deep on every route that takes one, signed in or not', async () => {
      for (const { method, url } of operations) {
        for (const [who, headers] of [
          ['anonymous', {}],
          ['signed in', account.headers],
        ] as const) {
          for (const [shape, payload] of [
            ['array', deepArray(DEEP_LEVELS)],
            ['object', deepObject(DEEP_LEVELS)],
          ]) {
            const response = await t.app.inject({
              method,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload,
            });
            // The depth is checked before authentication refuses anything that needs a sign-in.
            assertTooDeep(response, `${who} ${shape} ${method} ${url}`);
          }
        }
      }
    });

    it('names the top-level field the nesting is under', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: { ...account.headers, 'content-type': 'application/json' },
        payload: `{"prompt":"lofi","duration":"short","metadata":${deepObject(DEEP_LEVELS)}}`,
      });
      assertTooDeep(response, 'metadata');
      assert.equal(response.json().param, 'metadata');
    });

    it('refuses it in the request part of a multipart track create', async () => {
      const boundary = 'depth-test-boundary';
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="request"\r\nContent-Type: application/json\r\n\r\n` +
          `{"prompt":"lofi","duration":"short","sections":${deepArray(DEEP_LEVELS)}}\r\n--${boundary}--\r\n`,
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: { ...account.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      assertTooDeep(response, 'multipart');
      assert.equal(response.json().param, 'sections');
    });

    it('lets a body as deep as the limit through to the route', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        headers: { ...account.headers, 'content-type': 'application/json' },
        // metadata is the first level; MAX_JSON_DEPTH more are allowed inside it
        payload: `{"prompt":"lofi","duration":"short","metadata":${deepObject(MAX_JSON_DEPTH)}}`,
      });
      assert.equal(response.statusCode, 400, response.body);
      // refused by the schema (metadata values are strings), not by the depth check
      assert.notEqual(response.json().errors?.[0]?.code, 'too_deep');
    });
  });
}
