import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ERROR_CODES } from '../../../src/errors.js';
import { installErrorHandlers } from '../../../src/platform/http/error-handler.js';
import { validatorCompiler } from '../../../src/platform/http/validation.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

describe('problem+json errors from the real app', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('answers an unknown route with 404 problem+json carrying code and request_id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/nothing-here?x=1' });
    assert.equal(response.statusCode, 404);
    assert.match(response.headers['content-type'] as string, /^application\/problem\+json/);
    const body = response.json();
    assert.equal(body.code, 'not_found');
    assert.equal(body.type, `${t.config.PUBLIC_URL}/docs/errors#not_found`);
    assert.equal(body.status, 404);
    assert.equal(body.request_id, response.headers['x-request-id']);
    assert.match(body.detail, /GET \/v1\/nothing-here/);
  });

  it('mints a req_ id for every response and reuses a well-formed caller id', async () => {
    const minted = await t.app.inject({ method: 'GET', url: '/healthz' });
    assert.match(minted.headers['x-request-id'] as string, /^req_[0-9A-Z]{26}$/);
    const given = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req_client12345' },
    });
    assert.equal(given.headers['x-request-id'], 'req_client12345');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'not valid!' },
    });
    assert.notEqual(bad.headers['x-request-id'], 'not valid!');
  });

  it('echoes the API version and rejects a malformed Trackforge-Version', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'trackforge-version': '2026-11-01' },
    });
    assert.equal(ok.headers['trackforge-version'], '2026-11-01');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'trackforge-version': 'latest' },
    });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().param, 'Trackforge-Version');
  });
});

describe('the root error handler', () => {
  let app: FastifyInstance;
  before(async () => {
    app = Fastify({ bodyLimit: 64 });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.removeContentTypeParser('text/plain');
    installErrorHandlers(app, { publicUrl: 'http://localhost:8080' });
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.post(
      '/things',
      {
        schema: {
          body: z.strictObject({
            name: z.string().min(1),
            count: z.number().int().max(5),
            size: z.number().max(595).optional(),
            kind: z.enum(['a', 'b']).optional(),
            parts: z.array(z.object({ bars: z.number() })).optional(),
            duration: z
              .string()
              .refine((text) => text.endsWith('s'), 'duration must end in s')
              .optional(),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    routes.get('/money', async () => {
      throw new AppError('insufficient_credits', 'Your balance is 0 credits; buy a pack at /billing.', {
        balance: 0,
      });
    });
    routes.get('/boom', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });
  after(() => app.close());

  it('turns zod failures into 400 validation_failed with one entry per field', async () => {
    const response = await app.inject({ method: 'POST', url: '/things', payload: { name: '', count: 9 } });
    assert.equal(response.statusCode, 400);
    const body = response.json();
    assert.equal(body.code, 'validation_failed');
    assert.deepEqual(body.errors.map((e: { param: string }) => e.param).sort(), ['count', 'name']);
    assert.ok(body.errors.every((e: { message: string }) => e.message.length > 0));
  });

  it('says what is wrong in our words, naming each field once', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: 'x', count: 1, size: 600 }, 'size', 'size must be at most 595'],
      [{ count: 1 }, 'name', 'name is required'],
      [{ name: 'x', count: 'one' }, 'count', 'count must be a number'],
      [{ name: 'x', count: 1.5 }, 'count', 'count must be a whole number'],
      [{ name: '', count: 1 }, 'name', 'name must not be empty'],
      [{ name: 'x', count: 1, kind: 'c' }, 'kind', 'kind must be one of "a", "b"'],
      [{ name: 'x', count: 1, parts: [{ bars: 'two' }] }, 'parts[0].bars', 'parts[0].bars must be a number'],
      [{ name: 'x', count: 1, colour: 'red' }, 'body', 'the request has no field "colour"'],
      [{ name: 'x', count: 1, duration: '2m' }, 'duration', 'duration must end in s'],
    ];
    for (const [payload, param, message] of cases) {
      const response = await app.inject({ method: 'POST', url: '/things', payload });
      assert.equal(response.statusCode, 400, JSON.stringify(payload));
      const body = response.json();
      assert.equal(body.param, param);
      assert.ok(body.detail.startsWith(message), `${body.detail} should start with ${message}`);
      assert.doesNotMatch(
        body.detail,
        /Too big|Too small|Invalid input|expected \w+, received|Invalid option|Unrecognized key/,
      );
    }
  });

  it('renders an AppError with its status and extension members', async () => {
    const response = await app.inject({ method: 'GET', url: '/money' });
    assert.equal(response.statusCode, 402);
    assert.equal(response.json().balance, 0);
    assert.equal(response.json().code, 'insufficient_credits');
  });

  it('hides the message of an unknown error behind a generic 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    assert.equal(response.statusCode, 500);
    assert.equal(response.json().code, 'internal_error');
    assert.doesNotMatch(response.body, /hunter2/);
  });

  it('answers an oversized body with 413 payload_too_large', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x'.repeat(200), count: 1 },
    });
    assert.equal(response.statusCode, 413);
    assert.equal(response.json().code, 'payload_too_large');
  });

  it('answers a non-JSON content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(response.statusCode, 415);
    assert.equal(response.json().code, 'unsupported_media_type');
  });

  it('answers malformed JSON with 400 naming the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().param, 'body');
  });
});

describe('docs/errors.md', () => {
  it('documents every error code with its status', () => {
    const doc = readFileSync(new URL('../../../../../docs/errors.md', import.meta.url), 'utf8');
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      assert.match(
        doc,
        new RegExp(`\\|\\s*\`${code}\`\\s*\\|\\s*${status}\\s*\\|`),
        `docs/errors.md lacks a row for ${code}`,
      );
    }
  });
});
