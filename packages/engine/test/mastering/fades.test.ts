import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyFadeIn, applyFadeOut, chooseFadeOutSeconds, makeLoopSeam } from '../../src/mastering/fades.js';
import { stereoSine } from './signals.js';

describe('makeLoopSeam', () => {
  it('leaves a loop that already wraps seamlessly untouched', () => {
    // 441 whole cycles of 441 Hz in one second at 44.1 kHz
    const { left, right } = stereoSine(441, 0.5, 1, 44100);
    const before = left.slice();
    makeLoopSeam(left, right, 4410);
    for (let i = 0; i < left.length; i++) assert.ok(Math.abs(left[i]! - before[i]!) < 1e-4);
  });

  it('turns a step at the wrap into the slope of its neighbours, changing only the seam region', () => {
    const { left, right } = stereoSine(50, 0.5, 1.013, 44100);
    const n = left.length;
    const before = left.slice();
    assert.ok(Math.abs(left[0]! - left[n - 1]!) > 0.05, 'the raw wrap jumps');
    makeLoopSeam(left, right, 2205);
    const step = left[0]! - left[n - 1]!;
    const neighbour = Math.max(Math.abs(left[1]! - left[0]!), Math.abs(left[n - 1]! - left[n - 2]!));
    assert.ok(Math.abs(step) <= neighbour * 1.01);
    assert.equal(left[2205], before[2205]);
    assert.equal(left[n - 2206], before[n - 2206]);
  });
});

describe('fades', () => {
  it('fades in from silence and out to silence over the given samples only', () => {
    const { left, right } = stereoSine(1000, 0.5, 0.5, 44100, Math.PI / 2);
    applyFadeIn(441, left, right);
    applyFadeOut(4410, left, right);
    assert.ok(Math.abs(left[0]!) < 0.001 && Math.abs(left.at(-1)!) < 0.001);
    const middle = stereoSine(1000, 0.5, 0.5, 44100, Math.PI / 2).left;
    assert.equal(left[10000], middle[10000]);
  });

  it('keeps a natural ending with a short fade and fades a cut-off ending over a second', () => {
    const hops = new Float64Array(100).fill(1);
    assert.equal(chooseFadeOutSeconds(hops), 1);
    hops.fill(1e-6, 97);
    assert.equal(chooseFadeOutSeconds(hops), 0.05);
  });
});
