import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('fills the documented defaults from an empty environment', () => {
    const config = loadConfig({});
    assert.equal(config.PORT, 8080);
    assert.equal(config.DATA_DIR, './data');
    assert.equal(config.PUBLIC_URL, 'http://localhost:8080');
    assert.equal(config.DATABASE_URL, undefined);
    assert.deepEqual(config.ALLOWED_ORIGINS, ['http://localhost:8080']);
  });

  it('names the bad variable and what is allowed', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty' }),
      (error: Error) => error instanceof ConfigError && /^Invalid PORT="eighty"/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'staging' }),
      /Invalid NODE_ENV="staging": allowed values are development, production, test/,
    );
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x' }), /Invalid DATABASE_URL/);
  });

  it('refuses production without SMTP_URL, where the dev mailbox would log live sign-in links', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }),
      (error: Error) =>
        error instanceof ConfigError &&
        /^Invalid SMTP_URL="": required when NODE_ENV=production/.test(error.message),
    );
  });

  it('says which whole numbers a numeric variable takes, whatever is wrong with the value', () => {
    for (const port of ['abc', '80.5', '-1', '70000']) {
      assert.throws(
        () => loadConfig({ PORT: port }),
        new RegExp(`Invalid PORT="${port}": use a whole number from 0 to 65535$`),
      );
    }
    assert.throws(
      () => loadConfig({ RATE_LIMIT_STUDIO: 'lots' }),
      /Invalid RATE_LIMIT_STUDIO="lots": use a whole number of at least 1$/,
    );
  });

  it('adds ALLOWED_ORIGINS to the public origin', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://api.example.com/',
      ALLOWED_ORIGINS: 'https://studio.example.com',
    });
    assert.equal(config.PUBLIC_URL, 'https://api.example.com');
    assert.deepEqual(config.ALLOWED_ORIGINS, ['https://api.example.com', 'https://studio.example.com']);
  });

  it('reads TRUST_PROXY as off by default, a hop count, or a list of CIDRs and named ranges', () => {
    assert.equal(loadConfig({}).TRUST_PROXY, false);
    assert.equal(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://m' }).TRUST_PROXY,
      false,
    );
    assert.deepEqual(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY, { hops: 2 });
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::/32,loopback' }).TRUST_PROXY, {
      ranges: ['10.0.0.0/8', '2001:db8::/32', 'loopback'],
    });
  });

  it('refuses a TRUST_PROXY that would trust everyone or is not an address, naming the value', () => {
    assert.throws(
      () => loadConfig({ TRUST_PROXY: 'true' }),
      /Invalid TRUST_PROXY="true": trusting every peer/,
    );
    assert.throws(
      () => loadConfig({ TRUST_PROXY: '11' }),
      /Invalid TRUST_PROXY="11": a hop count is from 1 to 10/,
    );
    for (const bad of ['10.0.0.0/33', '0x7f.1', 'cdn.example.com']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: bad }),
        /Invalid TRUST_PROXY=.*is not an address or CIDR/,
      );
    }
  });

  it('requires where purges go once EDGE_PURGE is on, and a token for a Cloudflare-style API', () => {
    assert.equal(loadConfig({}).EDGE_PURGE, 'off');
    assert.throws(
      () => loadConfig({ EDGE_PURGE: 'http' }),
      /Invalid EDGE_PURGE_URL="": required when EDGE_PURGE=http \(the cache to send/,
    );
    assert.throws(
      () =>
        loadConfig({
          EDGE_PURGE: 'cloudflare',
          EDGE_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/z/purge_cache',
        }),
      /Invalid EDGE_PURGE_TOKEN="": required when EDGE_PURGE=cloudflare/,
    );
    assert.throws(
      () => loadConfig({ EDGE_PURGE: 'akamai' }),
      /Invalid EDGE_PURGE="akamai": allowed values are off, http, cloudflare/,
    );
    assert.throws(
      () => loadConfig({ EDGE_PURGE_METHOD: 'DELETE' }),
      /Invalid EDGE_PURGE_METHOD="DELETE": allowed values are PURGE, BAN, POST/,
    );
    const varnish = loadConfig({ EDGE_PURGE: 'http', EDGE_PURGE_URL: 'http://cache/' });
    assert.equal(varnish.EDGE_PURGE_METHOD, 'PURGE');
  });

  it('stops the process with one line and exit code 78 on a bad value', () => {
    const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', main, 'migrate'], {
      env: { ...process.env, PORT: '99999' },
      encoding: 'utf8',
    });
    assert.equal(result.status, 78);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /PORT/);
  });
});
