// redirect_to refuses anything a browser could turn into another site: control characters that
// browsers strip (tab, newline), backslashes they read as slashes, and protocol-relative paths.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDatabaseKinds } from '../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`redirect_to on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const ask = (redirect_to: string, index: number) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/magic-link',
        payload: { email: `redirect-${index}@example.com`, redirect_to },
      });

    it('refuses paths that a browser turns into another origin, naming redirect_to', async () => {
      const attacks = [
        '/\t/evil.example/x',
        '/\n/evil.example/x',
        '/\r\n/evil.example',
        '/\\evil.example',
        '/\\/evil.example',
        '\\\\evil.example',
        '//evil.example/x',
        ' //evil.example',
        '/ /evil.example',
        '/\u000b/evil.example',
        '/\u007f/evil.example',
        'javascript:alert(1)',
        'https://evil.example/x',
      ];
      for (const [index, redirect] of attacks.entries()) {
        const response = await ask(redirect, index);
        assert.equal(response.statusCode, 400, JSON.stringify(redirect));
        assert.equal(response.json().param, 'redirect_to', JSON.stringify(redirect));
      }
    });

    it('accepts same-origin paths', async () => {
      for (const [index, redirect] of ['/studio', '/studio/tracks?tab=mine#top', '/t/trk_1'].entries()) {
        assert.equal((await ask(redirect, 100 + index)).statusCode, 202, redirect);
      }
    });
  });
}
