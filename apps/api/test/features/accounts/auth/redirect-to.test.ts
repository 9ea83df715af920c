// redirect_to refuses anything a browser could turn into another site: control characters that
// browsers strip (tab, newline), backslashes they read as slashes, and protocol-relative paths,
// also those that only appear once dot segments are resolved (/.//evil.example).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { tokenFromText } from '../../../platform/mail/smtp-sink.js';

for (const kind of testDatabaseKinds()) {
  describe(`redirect_to on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { env: { ALLOWED_ORIGINS: 'https://studio.example.com' } });
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
        // dot segments that resolve to the protocol-relative //evil.example
        '/.//evil.example',
        '/..//evil.example',
        '/studio/../..//evil.example/x',
        '/%2e%2e//evil.example',
        '/./%2E//evil.example',
        ' //evil.example',
        '/ /evil.example',
        '/\u000b/evil.example',
        '/\u007f/evil.example',
        'javascript:alert(1)',
        'https://evil.example/x',
        // An allowed origin is trusted for CORS, not as a place to send a person after sign-in.
        'https://studio.example.com/after',
        `${t.config.PUBLIC_URL}/studio`,
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

    it("lands the emailed link on the studio's callback page, whose verify hands back the path to continue to", async () => {
      const email = 'continue@example.com';
      assert.equal((await ask('/studio/tracks?tab=mine', 200)).statusCode, 202);
      const asked = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email, redirect_to: '/studio/tracks/trk_1?tab=share' },
        remoteAddress: '10.7.0.1',
      });
      assert.equal(asked.statusCode, 202);
      let text = '';
      for (let attempt = 0; attempt < 400 && !text; attempt++) {
        const mail = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json() as Array<{
          to: string;
          text: string;
        }>;
        text = mail.find((m) => m.to === email)?.text ?? '';
        if (!text) await delay(5);
      }
      const link = /https?:\/\/\S+/.exec(text)?.[0] ?? '';
      assert.equal(new URL(link).origin, t.config.PUBLIC_URL);
      assert.equal(new URL(link).pathname, '/studio/auth/callback');
      const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });
      assert.equal(page.statusCode, 200);
      assert.match(page.headers['content-type'] as string, /text\/html/);
      const verified = await t.app.inject({
        method: 'GET',
        url: `/v1/auth/verify?token=${tokenFromText(text)}`,
      });
      assert.equal(verified.statusCode, 200);
      assert.equal(verified.json().redirect_to, '/studio/tracks/trk_1?tab=share');
    });

    it('keeps a path with dot segments as the browser will read it, and hands back none that leaves the site', async () => {
      /** Asks for a sign-up link to email; `stored` then rewrites what the table holds before verify. */
      const signUp = async (email: string, redirectTo: string, index: number, stored?: string) => {
        const asked = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/signup',
          payload: { email, redirect_to: redirectTo },
          remoteAddress: `10.7.1.${index}`,
        });
        assert.equal(asked.statusCode, 202);
        if (stored !== undefined)
          await sql`update magic_link set redirect_to = ${stored} where email = ${email}`.execute(
            t.database.db,
          );
        let text = '';
        for (let attempt = 0; attempt < 400 && !text; attempt++) {
          const mail = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json() as Array<{
            to: string;
            text: string;
          }>;
          text = mail.find((m) => m.to === email)?.text ?? '';
          if (!text) await delay(5);
        }
        const verified = await t.app.inject({
          method: 'GET',
          url: `/v1/auth/verify?token=${tokenFromText(text)}`,
        });
        assert.equal(verified.statusCode, 200);
        return verified.json().redirect_to as string | null;
      };
      assert.equal(
        await signUp('dots@example.com', '/studio/./x/../tracks?tab=mine', 1),
        '/studio/tracks?tab=mine',
      );
      // a link asked for before dot segments were checked, still in the table
      assert.equal(await signUp('old-link@example.com', '/studio', 2, '/.//evil.example'), null);
    });
  });
}
