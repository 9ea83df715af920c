import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../src/random.js';

describe('createRng', () => {
  it('gives the same sequence for the same seed', () => {
    const a = createRng(7);
    const b = createRng(7);
    assert.deepEqual(
      Array.from({ length: 5 }, () => a.next()),
      Array.from({ length: 5 }, () => b.next()),
    );
  });

  it('gives different sequences for different seeds and forks', () => {
    assert.notEqual(createRng(7).next(), createRng(8).next());
    const rng = createRng(7);
    assert.notEqual(rng.fork('drums').next(), rng.fork('bass').next());
  });

  it('keeps int within its inclusive bounds', () => {
    const rng = createRng(1);
    for (let i = 0; i < 1000; i++) {
      const value = rng.int(3, 5);
      assert.ok(value >= 3 && value <= 5);
    }
  });
});
