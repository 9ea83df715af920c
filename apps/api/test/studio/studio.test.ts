import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';

describe('studio pages', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('serves the magic-link callback page that calls verify from the browser', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/studio/auth/callback?token=abc' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/html/);
    assert.match(response.body, /\/v1\/auth\/verify\?token=/);
  });

  it('serves the studio placeholder page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/studio' });
    assert.equal(response.statusCode, 200);
    assert.match(response.body, /Trackforge Studio/);
  });
});
