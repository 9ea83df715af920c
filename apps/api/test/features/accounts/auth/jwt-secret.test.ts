import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../../src/config.js';
import { createAccessTokens } from '../../../../src/features/accounts/auth/access-token.js';
import { resolveJwtSecret } from '../../../../src/features/accounts/auth/jwt-secret.js';
import { createManualClock } from '../../../../src/platform/shared/clock.js';

describe('the access-token secret', () => {
  it('is generated once under DATA_DIR when JWT_SECRET is unset, and reused after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-jwt-'));
    const first = resolveJwtSecret({ DATA_DIR: dataDir, JWT_SECRET: undefined });
    const second = resolveJwtSecret({ DATA_DIR: dataDir, JWT_SECRET: undefined });
    assert.deepEqual(first, second);
    assert.ok(first.length >= 32);
    assert.equal(statSync(join(dataDir, 'jwt-secret')).mode & 0o777, 0o600);
    assert.ok(readFileSync(join(dataDir, 'jwt-secret'), 'utf8').trim().length >= 64);
    const clock = createManualClock();
    const token = await createAccessTokens({ secret: first, clock }).sign({
      userId: 'usr_1',
      workspaceId: 'wsp_1',
      sessionId: 'ses_1',
    });
    assert.deepEqual(await createAccessTokens({ secret: second, clock }).verify(token), {
      userId: 'usr_1',
      workspaceId: 'wsp_1',
      sessionId: 'ses_1',
    });
    const otherSecret = resolveJwtSecret({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tf-jwt-')),
      JWT_SECRET: undefined,
    });
    assert.equal(await createAccessTokens({ secret: otherSecret, clock }).verify(token), null);
  });

  it('must be configured in production', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' }),
      (error: Error) => error instanceof ConfigError && /JWT_SECRET/.test(error.message),
    );
    assert.doesNotThrow(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail.example:587' }),
    );
  });

  it('refuses tokens signed with another algorithm or expired', async () => {
    const clock = createManualClock();
    const tokens = createAccessTokens({ secret: new TextEncoder().encode('k'.repeat(40)), clock });
    const token = await tokens.sign({ userId: 'usr_1', workspaceId: 'wsp_1', sessionId: 'ses_1' });
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    assert.equal(await tokens.verify(unsigned), null);
    clock.advance(15 * 60_000 + 1000);
    assert.equal(await tokens.verify(token), null);
  });
});
