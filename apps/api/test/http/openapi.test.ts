import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('GET /openapi.json and /docs', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('serves an OpenAPI 3.1 document that lists the health routes and the security schemes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(response.statusCode, 200);
    const document = response.json();
    assert.equal(document.openapi, '3.1.0');
    assert.ok(document.paths['/healthz']?.get, 'healthz is documented');
    assert.ok(document.paths['/readyz']?.get, 'readyz is documented');
    assert.ok(document.components.securitySchemes.bearerAuth);
    for (const [path, item] of Object.entries<Record<string, { responses?: object }>>(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        assert.ok(operation.responses, `${method.toUpperCase()} ${path} documents its responses`);
      }
    }
  });

  it('renders the interactive reference at /docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.match(response.body, /openapi\.json/);
  });
});
