import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalRequestTarget } from '../../../src/platform/http/canonical-url.js';

describe('the canonical request target', () => {
  it('decodes escapes of unreserved characters and upper-cases the others', () => {
    assert.equal(canonicalRequestTarget('/%761/me'), '/v1/me');
    assert.equal(canonicalRequestTarget('/%76%31/%6D%65'), '/v1/me');
    assert.equal(canonicalRequestTarget('/v1/webhook%2dendpoints'), '/v1/webhook-endpoints');
    assert.equal(canonicalRequestTarget('/v1/tracks/a%2fb%7E'), '/v1/tracks/a%2Fb~');
    assert.equal(canonicalRequestTarget('/v1/%2e/me'), '/v1/./me');
    assert.equal(canonicalRequestTarget('/v1/auth/verify?%74oken=abc%2b'), '/v1/auth/verify?token=abc%2B');
  });

  it('leaves %25 escaped, so a second pass changes nothing', () => {
    assert.equal(canonicalRequestTarget('/v1/tracks/%2576'), '/v1/tracks/%2576');
    for (const target of ['/%761/me', '/a%2fb', '/%2576', 'http://h/%7e']) {
      const once = canonicalRequestTarget(target);
      assert.equal(canonicalRequestTarget(once), once, target);
    }
  });

  it('keeps the path and query of the absolute form and drops a fragment', () => {
    assert.equal(canonicalRequestTarget('http://127.0.0.1:8080/v1/me?x=1'), '/v1/me?x=1');
    assert.equal(canonicalRequestTarget('https://evil.example'), '/');
    assert.equal(canonicalRequestTarget('http://evil.example?x'), '/?x');
    assert.equal(canonicalRequestTarget('/v1/me#top'), '/v1/me');
  });

  it('returns canonical targets, broken escapes and doubled slashes unchanged', () => {
    for (const target of [
      '/v1/me',
      '/v1/tracks?limit=2',
      '//v1/me',
      '/v1/../v1/me',
      '/v1/%zz',
      '/v1/%E0',
      '*',
    ]) {
      assert.equal(canonicalRequestTarget(target), target);
    }
  });
});
