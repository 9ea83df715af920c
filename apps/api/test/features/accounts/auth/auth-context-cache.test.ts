import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { createAccountService } from '../../../../src/features/accounts/account.service.js';
import {
  AUTH_CONTEXT_TTL_MS,
  createAuthContextCache,
  parseRevocation,
} from '../../../../src/features/accounts/auth/auth-context-cache.js';
import { createSessionService } from '../../../../src/features/accounts/auth/session.service.js';
import { createApiKeyService } from '../../../../src/features/accounts/keys/api-key.service.js';
import { parseApiKey } from '../../../../src/features/accounts/keys/api-key-format.js';
import { WORKSPACE_CAPS } from '../../../../src/features/billing/billing-catalogue.js';
import type { AuthContext } from '../../../../src/platform/http/auth-context.js';
import { createManualClock } from '../../../../src/platform/shared/clock.js';
import { createTestAccount } from '../../../helpers/accounts.js';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';

const context = (overrides: Partial<AuthContext> = {}): AuthContext => ({
  workspaceId: 'wsp_1',
  userId: null,
  method: 'api_key',
  sessionId: null,
  apiKeyId: 'key_1',
  plan: 'studio',
  ...overrides,
});

describe('the auth-context cache', () => {
  it('forgets an entry once its TTL has passed, or at the session expiry given if sooner', () => {
    const clock = createManualClock();
    const cache = createAuthContextCache({ clock, ttlMs: 5000 });
    cache.listening();
    cache.store('a', context(), cache.generation());
    cache.store('b', context(), cache.generation(), new Date(clock.now().getTime() + 1000));
    clock.advance(999);
    assert.ok(cache.get('a'));
    assert.ok(cache.get('b'));
    clock.advance(1);
    assert.equal(cache.get('b'), undefined);
    clock.advance(4000);
    assert.equal(cache.get('a'), undefined);
  });

  it('holds at most maxEntries, dropping the least recently used', () => {
    const cache = createAuthContextCache({ clock: createManualClock(), maxEntries: 2 });
    cache.listening();
    cache.store('a', context(), cache.generation());
    cache.store('b', context(), cache.generation());
    cache.get('a');
    cache.store('c', context(), cache.generation());
    assert.equal(cache.size(), 2);
    assert.ok(cache.get('a'));
    assert.equal(cache.get('b'), undefined);
    assert.ok(cache.get('c'));
  });

  it('forgets by key, session or workspace, and refuses an answer read before a revocation', () => {
    const cache = createAuthContextCache({ clock: createManualClock() });
    cache.listening();
    cache.store('key', context(), cache.generation());
    cache.store('session', context({ apiKeyId: null, sessionId: 'ses_1' }), cache.generation());
    cache.store('other', context({ workspaceId: 'wsp_2', apiKeyId: 'key_2' }), cache.generation());
    cache.forget({ apiKeyId: 'key_1' });
    assert.equal(cache.get('key'), undefined);
    cache.forget({ sessionId: 'ses_1' });
    assert.equal(cache.get('session'), undefined);
    assert.ok(cache.get('other'));
    const readAt = cache.generation();
    cache.forget({ workspaceId: 'wsp_2' });
    assert.equal(cache.get('other'), undefined);
    cache.store('other', context({ workspaceId: 'wsp_2' }), readAt);
    assert.equal(cache.get('other'), undefined, 'a lookup that raced the revocation is not kept');
  });

  it('keeps and serves nothing while revocations cannot be heard', () => {
    const cache = createAuthContextCache({ clock: createManualClock() });
    cache.store('key', context(), cache.generation());
    assert.equal(cache.get('key'), undefined, 'before the LISTEN is up');
    cache.listening();
    cache.store('key', context(), cache.generation());
    assert.ok(cache.get('key'));
    cache.deaf();
    assert.equal(cache.get('key'), undefined, 'the LISTEN connection was lost');
    cache.store('key', context(), cache.generation());
    assert.equal(cache.get('key'), undefined, 'nothing is kept while deaf');
    cache.listening();
    assert.equal(cache.get('key'), undefined, 'what was kept before the loss is gone');
  });

  it('reads only well-formed notification payloads', () => {
    assert.deepEqual(parseRevocation('{"apiKeyId":"key_1"}'), { apiKeyId: 'key_1' });
    assert.deepEqual(parseRevocation('{"workspaceId":"wsp_1"}'), { workspaceId: 'wsp_1' });
    assert.equal(parseRevocation('not json'), null);
    assert.equal(parseRevocation('{"apiKeyId":3}'), null);
  });
});

/** Polls until the response status is the one expected (a notification is asynchronous). */
async function eventually(request: () => Promise<{ statusCode: number }>, status: number): Promise<number> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const { statusCode } = await request();
    if (statusCode === status || Date.now() > deadline) return statusCode;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const kind of testDatabaseKinds()) {
  describe(`remembered credentials on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    const me = (headers: Record<string, string> = {}, cookies?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/v1/me', headers, cookies });

    it('a revoked key is refused on the next request', async () => {
      const account = await createTestAccount(t);
      const keyHeaders = account.apiKeyHeaders!;
      assert.equal((await me(keyHeaders)).statusCode, 200);
      assert.equal((await me(keyHeaders)).statusCode, 200, 'now served from the cache');
      const keyId = parseApiKey(account.apiKey!)!.keyId;
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/v1/api-keys/${keyId}`,
        headers: account.headers,
      });
      assert.equal(revoked.statusCode, 204);
      const next = await me(keyHeaders);
      assert.equal(next.statusCode, 401);
      assert.equal(next.json().code, 'unauthenticated');
    });

    it('sign-out ends the cookie and the access tokens on the next request', async () => {
      const account = await createTestAccount(t);
      const cookies = { tf_session: account.sessionCookie };
      assert.equal((await me(account.headers)).statusCode, 200);
      assert.equal((await me({}, cookies)).statusCode, 200);
      const signout = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signout',
        headers: account.headers,
      });
      assert.equal(signout.statusCode, 204);
      assert.equal((await me(account.headers)).statusCode, 401);
      assert.equal((await me({}, cookies)).statusCode, 401, 'the cookie no longer signs in');
    });

    it('a key revoked by another process is refused once its notification arrives, before the TTL', async () => {
      const account = await createTestAccount(t);
      const keyHeaders = account.apiKeyHeaders!;
      assert.equal((await me(keyHeaders)).statusCode, 200);
      // Another API node: its own services on the same database, not this app's cache.
      const elsewhere = createApiKeyService({
        db: t.database.db,
        clock: t.clock,
        liveKeysPerWorkspace: WORKSPACE_CAPS.apiKeys,
      });
      await elsewhere.revokeApiKey(account.workspaceId, parseApiKey(account.apiKey!)!.keyId);
      // The manual clock stands still: only the notification can make the cache forget.
      assert.equal(await eventually(() => me(keyHeaders), 401), 401);
    });

    it('a session signed out on another process stops its access token once the notification arrives', async () => {
      const account = await createTestAccount(t);
      assert.equal((await me(account.headers)).statusCode, 200);
      const elsewhere = createSessionService({ db: t.database.db, clock: t.clock });
      const found = await elsewhere.findSessionByCookie(account.sessionCookie);
      await elsewhere.revokeSession(found!.session.id);
      assert.equal(await eventually(() => me(account.headers), 401), 401);
    });

    it('a plan change reaches a remembered key: a downgrade to Free refuses it', async () => {
      const account = await createTestAccount(t);
      const keyHeaders = account.apiKeyHeaders!;
      assert.equal((await me(keyHeaders)).statusCode, 200);
      await createAccountService({ db: t.database.db, clock: t.clock }).setWorkspacePlan(
        account.workspaceId,
        'free',
      );
      assert.equal(await eventually(() => me(keyHeaders), 403), 403);
    });

    it('without a notification a revoked key outlives its revocation by at most the TTL', async () => {
      const account = await createTestAccount(t);
      const keyHeaders = account.apiKeyHeaders!;
      assert.equal((await me(keyHeaders)).statusCode, 200);
      // A revocation nobody announced (a lost notification): only the TTL ends the cached entry.
      await t.database.db
        .updateTable('api_key')
        .set({ revoked_at: t.clock.now() })
        .where('id', '=', parseApiKey(account.apiKey!)!.keyId)
        .execute();
      assert.equal((await me(keyHeaders)).statusCode, 200);
      t.clock.advance(AUTH_CONTEXT_TTL_MS);
      assert.equal((await me(keyHeaders)).statusCode, 401);
    });

    if (kind === 'postgres') {
      it('a key revoked while a process could not hear is refused there once it notices, not after the TTL', async () => {
        const { app: other } = await buildTestApp({
          config: testConfig(),
          database: t.database,
          clock: t.clock,
        });
        await other.ready();
        try {
          const account = await createTestAccount(t);
          const keyHeaders = account.apiKeyHeaders!;
          const otherMe = () => other.inject({ method: 'GET', url: '/v1/me', headers: keyHeaders });
          assert.equal((await otherMe()).statusCode, 200); // remembered by the other process
          // Every LISTEN connection drops (as in a failover); the revocation commits meanwhile, and
          // its notification is lost. The manual clock stands still, so the TTL cannot end it: only
          // the process noticing its LISTEN connection gone (the socket's error, a few ms later, so
          // polled for: asked at once, the request could still beat it under load) drops the key.
          // Only this database's: suites running beside this one share the server.
          await sql`select pg_terminate_backend(pid) from pg_stat_activity
                    where query like 'LISTEN %' and datname = current_database()
                      and pid <> pg_backend_pid()`.execute(t.database.db);
          await createApiKeyService({
            db: t.database.db,
            clock: t.clock,
            liveKeysPerWorkspace: WORKSPACE_CAPS.apiKeys,
          }).revokeApiKey(account.workspaceId, parseApiKey(account.apiKey!)!.keyId);
          assert.equal(await eventually(otherMe, 401), 401, 'served a revoked key from memory');
        } finally {
          await other.close();
        }
      });
    }

    it('two apps on one database: a key revoked through one is refused by the other', async () => {
      const { app: other } = await buildTestApp({
        config: testConfig(),
        database: t.database,
        clock: t.clock,
      });
      await other.ready();
      try {
        const account = await createTestAccount(t);
        const keyHeaders = account.apiKeyHeaders!;
        const otherMe = () => other.inject({ method: 'GET', url: '/v1/me', headers: keyHeaders });
        assert.equal((await otherMe()).statusCode, 200);
        const revoked = await t.app.inject({
          method: 'DELETE',
          url: `/v1/api-keys/${parseApiKey(account.apiKey!)!.keyId}`,
          headers: account.headers,
        });
        assert.equal(revoked.statusCode, 204);
        assert.equal(await eventually(otherMe, 401), 401);
      } finally {
        await other.close();
      }
    });
  });
}
