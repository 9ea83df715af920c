import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration } from '../../src/duration.js';

describe('parseDuration', () => {
  it('maps the named lengths to 30, 120 and 240 seconds', () => {
    assert.equal(parseDuration('short'), 30);
    assert.equal(parseDuration('Standard'), 120);
    assert.equal(parseDuration(' long '), 240);
  });

  it('reads seconds, minutes and clock forms', () => {
    assert.equal(parseDuration('45s'), 45);
    assert.equal(parseDuration('45 sec'), 45);
    assert.equal(parseDuration('90'), 90);
    assert.equal(parseDuration('2:30'), 150);
    assert.equal(parseDuration('2m30s'), 150);
    assert.equal(parseDuration('1.5min'), 90);
  });

  it('returns null outside 5–600 seconds or for text it cannot read', () => {
    assert.equal(parseDuration('4s'), null);
    assert.equal(parseDuration('601'), null);
    assert.equal(parseDuration('11:00'), null);
    assert.equal(parseDuration('forever'), null);
    assert.equal(parseDuration(''), null);
    assert.equal(parseDuration('-30'), null);
  });
});
