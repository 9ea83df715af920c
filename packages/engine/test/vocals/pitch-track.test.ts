import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { trackPitch } from '../../src/vocals/pitch-track.js';

/** Silence, then a 220 Hz tone from `onsetSeconds` to the end. */
function toneAfter(onsetSeconds: number, totalSeconds: number, sampleRateHz: number): Float32Array {
  const samples = new Float32Array(Math.round(totalSeconds * sampleRateHz));
  for (let i = Math.round(onsetSeconds * sampleRateHz); i < samples.length; i++)
    samples[i] = 0.5 * Math.sin((2 * Math.PI * 220 * i) / sampleRateHz);
  return samples;
}

describe('trackPitch', () => {
  it('reports the hop it really used, so frames counted from the first one land on their time', () => {
    const sampleRateHz = 44100;
    const onsetSeconds = 20;
    const track = trackPitch(toneAfter(onsetSeconds, 20.5, sampleRateHz), {
      sampleRateHz,
      hopSeconds: 0.005,
    });
    assert.equal(track.hopSeconds, 221 / 44100);
    const first = track.frequenciesHz.findIndex((frequency) => !Number.isNaN(frequency));
    const countedSeconds = track.timesSeconds[0]! + first * track.hopSeconds;
    assert.ok(Math.abs(countedSeconds - track.timesSeconds[first]!) < 1e-9);
    // the first voiced frame is the first whose compared samples reach well into the tone
    assert.ok(Math.abs(countedSeconds - onsetSeconds) < 0.02, `voiced from ${countedSeconds} s`);
  });
});
