import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { type SmtpSink, startSmtpSink, tokenFromText } from '../../../platform/mail/smtp-sink.js';

for (const kind of testDatabaseKinds()) {
  describe(`sign-up → mail over SMTP → verify → /me → sign-out on ${kind}`, () => {
    let t: TestApp;
    let sink: SmtpSink;
    before(async () => {
      sink = await startSmtpSink();
      t = await createTestApp(kind, { env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://tf.example.com' } });
    });
    after(async () => {
      await t.close();
      await sink.close();
    });

    it('signs a new user up, in and out with the emailed link and the session cookie', async () => {
      const signup = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { email: '  Ada@Example.COM ', name: 'Ada', redirect_to: '/studio/tracks' },
      });
      assert.equal(signup.statusCode, 202);
      assert.deepEqual(signup.json(), { status: 'sent' });

      const mail = await sink.waitFor('ada@example.com');
      assert.match(mail.subject ?? '', /sign(ing)? up/i);
      assert.match(mail.text ?? '', /https:\/\/tf\.example\.com\/studio\/auth\/callback\?token=/);
      assert.match(mail.text ?? '', /15 minutes/);
      assert.match(mail.text ?? '', /did not ask/);
      assert.match(String(mail.html), /studio\/auth\/callback\?token=/);
      const token = tokenFromText(mail.text ?? '');
      assert.equal(Buffer.from(token, 'base64url').length, 32);

      const verify = await t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${token}` });
      assert.equal(verify.statusCode, 200);
      const body = verify.json();
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.expires_in, 900);
      assert.equal(body.user.email, 'ada@example.com');
      assert.equal(body.user.name, 'Ada');
      assert.match(body.user.id, /^usr_/);
      assert.match(body.workspace.id, /^wsp_/);
      assert.equal(body.workspace.plan, 'free');
      assert.equal(body.redirect_to, '/studio/tracks');
      const cookie = verify.cookies.find((c) => c.name === 'tf_session');
      assert.ok(cookie);
      assert.equal(cookie.httpOnly, true);
      assert.equal(cookie.sameSite, 'Lax');
      assert.equal(cookie.secure, true);
      assert.equal(cookie.maxAge, 30 * 24 * 3600);

      const jwtParts = body.access_token.split('.');
      const claims = JSON.parse(Buffer.from(jwtParts[1], 'base64url').toString());
      assert.equal(claims.sub, body.user.id);
      assert.equal(claims.wsp, body.workspace.id);
      assert.match(claims.sid, /^ses_/);

      const meByCookie = await t.app.inject({
        method: 'GET',
        url: '/v1/me',
        cookies: { tf_session: cookie.value },
      });
      assert.equal(meByCookie.statusCode, 200);
      assert.equal(meByCookie.json().auth_method, 'session');
      assert.equal(meByCookie.json().user.email, 'ada@example.com');
      assert.deepEqual(meByCookie.json().workspace.credits, { balance: 3, held: 0 }, 'CREDITS_SIGNUP trial');
      const bearer = { authorization: `Bearer ${body.access_token}` };
      const meByToken = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer });
      assert.equal(meByToken.json().auth_method, 'access_token');

      const signout = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signout',
        cookies: { tf_session: cookie.value },
        headers: { origin: 'https://tf.example.com' },
      });
      assert.equal(signout.statusCode, 204);
      assert.equal(signout.cookies.find((c) => c.name === 'tf_session')?.maxAge, 0);

      const afterCookie = await t.app.inject({
        method: 'GET',
        url: '/v1/me',
        cookies: { tf_session: cookie.value },
      });
      assert.equal(afterCookie.statusCode, 401);
      const afterToken = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer });
      assert.equal(afterToken.statusCode, 401, 'the revoked session’s access token stops working at once');
    });

    it('mails a sign-in link to a known email and "no account yet" to an unknown one', async () => {
      t.clock.advance(61_000); // past the per-email limit of one link a minute
      const known = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/magic-link',
        payload: { email: 'ada@example.com' },
        remoteAddress: '10.1.0.1',
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/magic-link',
        payload: { email: 'nobody@example.com' },
        remoteAddress: '10.1.0.2',
      });
      assert.equal(known.statusCode, 202);
      assert.equal(known.body, unknown.body);
      const signIn = await sink.waitFor('ada@example.com');
      assert.match(signIn.subject ?? '', /sign-in link/);
      const noAccount = await sink.waitFor('nobody@example.com');
      assert.match(noAccount.subject ?? '', /No Trackforge account/);

      const verify = await t.app.inject({
        method: 'GET',
        url: `/v1/auth/verify?token=${tokenFromText(signIn.text ?? '')}`,
      });
      assert.equal(verify.statusCode, 200);
      assert.equal(verify.json().user.name, 'Ada', 'signs the existing user in, no second account');
    });
  });
}
