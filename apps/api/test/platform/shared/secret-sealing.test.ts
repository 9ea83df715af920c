import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSecretSealer } from '../../../src/platform/shared/secret-sealing.js';

const serverSecret = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

describe('secret sealing', () => {
  const sealer = createSecretSealer(serverSecret, 'answers');

  it('opens what it sealed for the same context, and never shows the plaintext in the sealed form', () => {
    const sealed = sealer.seal('{"secret":"tf_live_abc"}', 'wsp_1/user_1/key');
    assert.match(sealed, /^v1\.[\w-]+\.[\w-]+$/);
    assert.ok(!sealed.includes('tf_live_abc'));
    assert.equal(sealer.open(sealed, 'wsp_1/user_1/key'), '{"secret":"tf_live_abc"}');
  });

  it('seals the same text differently each time (a fresh nonce)', () => {
    assert.notEqual(sealer.seal('same', 'c'), sealer.seal('same', 'c'));
  });

  it('does not open a value moved to another context, altered, or sealed for another purpose or secret', () => {
    const sealed = sealer.seal('secret value', 'row-a');
    assert.equal(sealer.open(sealed, 'row-b'), undefined);
    const [version, iv, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    assert.equal(sealer.open(`${version}.${iv}.${flipped.toString('base64url')}`, 'row-a'), undefined);
    assert.equal(createSecretSealer(serverSecret, 'other purpose').open(sealed, 'row-a'), undefined);
    const otherSecret = new TextEncoder().encode('another-secret-another-secret-0123456789');
    assert.equal(createSecretSealer(otherSecret, 'answers').open(sealed, 'row-a'), undefined);
    assert.equal(sealer.open('not sealed at all', 'row-a'), undefined);
  });
});
