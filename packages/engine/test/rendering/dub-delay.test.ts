import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDubDelay } from '../../src/rendering/dub-delay.js';

describe('the dub echo', () => {
  it('repeats a click a dotted eighth later on the left, then on the right, each repeat softer', () => {
    const sampleRate = 8000;
    const bpm = 60;
    const delay = 0.75 * sampleRate; // a dotted eighth at 60 bpm, in samples
    const length = 4 * delay;
    const input = new Float32Array(length);
    input[0] = 1;
    const left = new Float32Array(length);
    const right = new Float32Array(length);
    const echo = createDubDelay({ sendsByRole: {}, beats: 0.75, feedback: 0.5 }, bpm, sampleRate);
    // two chunks, as the mix feeds it
    echo.process(input.subarray(0, 1000), left.subarray(0, 1000), right.subarray(0, 1000), 1000);
    echo.process(input.subarray(1000), left.subarray(1000), right.subarray(1000), length - 1000);
    const energyNear = (signal: Float32Array, at: number) =>
      signal.subarray(at, at + 200).reduce((sum, v) => sum + v * v, 0);
    assert.equal(energyNear(left, 0), 0, 'the send is wet only: no dry click');
    const firstLeft = energyNear(left, delay);
    const firstRight = energyNear(right, 2 * delay);
    const secondLeft = energyNear(left, 3 * delay);
    assert.ok(firstLeft > 0.01, 'the first repeat is on the left');
    assert.ok(energyNear(right, delay) < firstLeft / 100, 'and not on the right');
    assert.ok(firstRight > 0 && firstRight < firstLeft, 'the second bounces right, softer');
    assert.ok(secondLeft > 0 && secondLeft < firstRight, 'the third back left, softer still');
  });
});
