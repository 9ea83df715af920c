// Access tokens must carry exp and a sane iat: a token with a valid signature but no expiry (or
// an absurd lifetime) is refused like any other invalid token.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../../src/features/accounts/auth/access-token.js';
import { resolveJwtSecret } from '../../../../src/features/accounts/auth/jwt-secret.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';

for (const kind of testDatabaseKinds()) {
  describe(`access token claims on ${kind}`, () => {
    let t: TestApp;
    let account: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      account = await createTestAccount(t);
    });
    after(() => t.close());

    /** A token signed with the server's own secret, with the given iat/exp (undefined: left out). */
    function forge(times: { iat?: number; exp?: number }): Promise<string> {
      const claims = decodeJwt(account.accessToken);
      let jwt = new SignJWT({ wsp: claims.wsp, sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.sub))
        .setIssuer('trackforge');
      if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
      if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
      return jwt.sign(resolveJwtSecret(t.config));
    }

    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/v1/me', headers: { authorization: `Bearer ${token}` } });

    it('accepts a token with exp and iat as issued', async () => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      assert.equal(
        (await me(await forge({ iat: now, exp: now + ACCESS_TOKEN_TTL_SECONDS }))).statusCode,
        200,
      );
    });

    it('refuses a validly signed token without exp, without iat, issued in the future or living too long', async () => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      for (const [label, times] of [
        ['no exp', { iat: now }],
        ['no iat', { exp: now + 60 }],
        ['iat in the future', { iat: now + 3600, exp: now + 3600 + 60 }],
        ['a year long', { iat: now, exp: now + 365 * 24 * 3600 }],
      ] as const) {
        const response = await me(await forge(times));
        assert.equal(response.statusCode, 401, label);
        assert.equal(response.json().code, 'unauthenticated', label);
      }
    });
  });
}
