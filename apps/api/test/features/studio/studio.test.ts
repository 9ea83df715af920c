import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../helpers/app.js';

// A stand-in build: what `vite build` writes (index.html naming one hashed script).
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tf-studio-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>Trackforge Studio</title><script type="module" src="/studio/assets/index-AbC123.js"></script>',
  );
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log("studio")');
  writeFileSync(join(dir, 'secret.txt'), 'not an asset');
  return dir;
}

describe('studio pages', () => {
  let t: TestApp;
  let unbuilt: TestApp;
  before(async () => {
    t = await createTestApp('pglite', { deps: { studioDir: fakeBuild() } });
    unbuilt = await createTestApp('pglite', {
      deps: { studioDir: mkdtempSync(join(tmpdir(), 'tf-empty-')) },
    });
  });
  after(async () => {
    await t.close();
    await unbuilt.close();
  });

  for (const url of [
    '/',
    '/studio',
    '/studio/',
    '/studio/library',
    '/studio/tracks/trk_1',
    '/studio/auth/callback?token=abc',
  ]) {
    it(`answers ${url} with the app's index.html, revalidated and under the studio's strict CSP`, async () => {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /text\/html/);
      assert.match(response.body, /Trackforge Studio/);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const csp = String(response.headers['content-security-policy']);
      assert.match(csp, /script-src 'self'(;|$)/);
      assert.doesNotMatch(csp, /unsafe-inline/);
      assert.match(csp, /connect-src 'self'/);
    });
  }

  it('serves hashed assets with a year-long immutable cache and their type', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/studio/assets/index-AbC123.js' });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /text\/javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(response.body, 'console.log("studio")');
  });

  it('answers 404 for a missing asset and never serves a file outside the assets folder', async () => {
    for (const url of [
      '/studio/assets/index-Old999.js',
      '/studio/assets/..%2Fsecret.txt',
      '/studio/assets/sub/dir.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
    }
    // A dot-dot path is resolved by the URL parser first and lands on a page, never on the file.
    const dotDot = await t.app.inject({ method: 'GET', url: '/studio/assets/../secret.txt' });
    assert.doesNotMatch(dotDot.body, /not an asset/);
  });

  it('says how to build the studio when the server has no build', async () => {
    const response = await unbuilt.app.inject({ method: 'GET', url: '/studio/create' });
    assert.equal(response.statusCode, 503);
    assert.match(response.headers['content-type'] as string, /problem\+json/);
    assert.match(response.json().detail, /npm run build -w apps\/studio/);
  });

  it('leaves the API reference and the API itself to their own routes', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/v1/me' });
    assert.equal(me.statusCode, 401);
    assert.match(me.headers['content-type'] as string, /problem\+json/);
  });
});
