import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ERROR_CODES, type ErrorCode } from '../../../src/errors.js';
import { errorCodesFor } from '../../../src/platform/http/openapi-contract.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';

interface Media {
  schema?: { $ref?: string };
  example?: unknown;
}
interface Response {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
interface Operation {
  parameters?: { name?: string; in?: string; example?: unknown; $ref?: string }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
  security?: unknown[];
  description?: string;
  summary?: string;
  tags?: string[];
}

describe('GET /openapi.json and /docs', () => {
  let t: TestApp;
  let document: {
    openapi: string;
    tags: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
    components: Record<string, Record<string, unknown>>;
  };
  const operations: [string, Operation][] = [];

  before(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    document = response.json();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations.push([`${method.toUpperCase()} ${path}`, operation]);
      }
    }
  });
  after(() => t.close());

  it('serves an OpenAPI 3.1 document with the health routes and the security schemes', () => {
    assert.equal(document.openapi, '3.1.0');
    assert.ok(document.paths['/healthz']?.get, 'healthz is documented');
    assert.ok(document.paths['/readyz']?.get, 'readyz is documented');
    const schemes = document.components.securitySchemes ?? {};
    for (const name of ['bearerAuth', 'accessToken', 'sessionCookie']) assert.ok(schemes[name], name);
  });

  it('has exactly one contract row per documented operation, registered by the features', () => {
    assert.deepEqual(operations.map(([key]) => key).sort(), t.app.operationContracts.keys().sort());
  });

  it('documents every error status an operation can give as problem+json with its codes', () => {
    for (const [key, operation] of operations) {
      const method = key.split(' ')[0]!;
      const hasPathParams = (operation.parameters ?? []).some((p) => p.in === 'path');
      const idempotent = (operation.parameters ?? []).some((p) => p.$ref?.endsWith('/IdempotencyKey'));
      const codes = errorCodesFor(t.app.operationContracts.find(key)!, { method, hasPathParams, idempotent });
      for (const code of ['validation_failed', 'rate_limited', 'internal_error'] as ErrorCode[]) {
        assert.ok(codes.includes(code), `${key} lists ${code}`);
      }
      for (const code of codes) {
        const response = operation.responses[String(ERROR_CODES[code].status)];
        assert.ok(response, `${key} documents ${ERROR_CODES[code].status} for ${code}`);
        assert.match(response.description, new RegExp(`\`${code}\``), `${key} names ${code}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        assert.equal(
          response.content?.['application/problem+json']?.schema?.$ref,
          '#/components/schemas/Problem',
          `${key} ${status} is problem+json`,
        );
        assert.ok(response.headers?.['X-Request-Id'], `${key} ${status} has X-Request-Id`);
      }
      assert.ok(operation.responses['429']?.headers?.['Retry-After'], `${key} 429 has Retry-After`);
      assert.ok(operation.description?.includes('**Credentials:**'), `${key} says which credential it needs`);
    }
  });

  it('documents the feature errors of creating a track, downloading audio and managing keys', () => {
    const create = document.paths['/v1/tracks']!.post!;
    assert.match(create.responses['402']!.description, /insufficient_credits/);
    assert.match(create.responses['409']!.description, /idempotency_in_progress/);
    assert.match(create.responses['422']!.description, /idempotency_key_reused/);
    const audio = document.paths['/v1/tracks/{id}/audio']!.get!;
    for (const status of ['200', '206', '304', '404', '414', '416'])
      assert.ok(audio.responses[status], status);
    assert.ok(audio.responses['200']!.content?.['audio/flac']);
    const createKey = document.paths['/v1/api-keys']!.post!;
    assert.match(createKey.responses['403']!.description, /`forbidden`/);
    assert.match(createKey.responses['403']!.description, /`plan_required`/);
    assert.deepEqual(createKey.security, [{ accessToken: [] }, { sessionCookie: [] }]);
    assert.ok(document.paths['/v1/ws/jobs']!.get!.responses['426']);
    assert.equal(document.paths['/v1/ws/jobs']!.get!.responses['200'], undefined);
  });

  it('has an example for every JSON request body, JSON success answer and path parameter', () => {
    for (const [key, operation] of operations) {
      const body = operation.requestBody?.content['application/json'];
      if (body) assert.notEqual(body.example, undefined, `${key} request example`);
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = response.content?.['application/json'];
        if (status.startsWith('2') && media)
          assert.notEqual(media.example, undefined, `${key} ${status} example`);
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.in === 'path')
          assert.notEqual(parameter.example, undefined, `${key} ${parameter.name}`);
      }
    }
  });

  it('gives examples that match their own schemas', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(document, 'openapi');
    const pointer = (...parts: string[]) =>
      parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const media: [string, Media][] = [];
        const body = operation.requestBody?.content['application/json'];
        if (body)
          media.push([pointer('paths', path, method, 'requestBody', 'content', 'application/json'), body]);
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [type, entry] of Object.entries(response.content ?? {})) {
            media.push([pointer('paths', path, method, 'responses', status, 'content', type), entry]);
          }
        }
        for (const [at, entry] of media) {
          if (entry.example === undefined) continue;
          const validate = ajv.getSchema(`openapi#/${at}/schema`);
          assert.ok(validate, at);
          assert.ok(validate(entry.example), `${at}: ${JSON.stringify(validate.errors)}`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 60, `checked ${checked} examples`);
  });

  it('renders the interactive reference at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.match(response.body, /openapi\.json/);
  });

  it('orders its sections as a user works, tracks first and health last, naming every tag it uses', () => {
    const order = document.tags.map((tag) => tag.name);
    assert.equal(order[0], 'tracks');
    assert.equal(order.at(-1), 'health');
    for (const [key, operation] of operations) {
      for (const tag of operation.tags ?? [])
        assert.ok(order.includes(tag), `${key}: tag ${tag} is not listed`);
    }
  });

  it('gives every operation a short summary, with the detail in its description', () => {
    for (const [key, operation] of operations) {
      assert.ok((operation.summary?.length ?? 0) <= 40, `${key}: "${operation.summary}"`);
      assert.ok(operation.description, key);
    }
  });

  it("turns off the reference vendor's AI agent, MCP and developer toolbar", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    const page = response.body;
    const settings = JSON.parse(/createApiReference\('#app', (\{[\s\S]*?\})\)/.exec(page)?.[1] ?? '{}');
    assert.deepEqual(settings.agent, { disabled: true });
    assert.equal(settings.showDeveloperTools, 'never');
    const script = await t.app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    assert.equal(script.statusCode, 200);
    assert.doesNotMatch(script.body, /\bMCP\b/, 'the pinned reference has no MCP button');
  });
});
