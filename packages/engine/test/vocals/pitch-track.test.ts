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

  it('reads each frame of a long voiced run as if its difference function were summed whole', () => {
    // a 3 s glide with vibrato and a little noise: frames after the first are updated from the
    // one before (samples out, samples in), so this checks that shortcut against whole sums
    const sampleRateHz = 16000;
    const samples = new Float32Array(3 * sampleRateHz);
    let phase = 0;
    let noise = 12345;
    for (let i = 0; i < samples.length; i++) {
      const t = i / sampleRateHz;
      phase += (2 * Math.PI * (140 + 40 * t + 6 * Math.sin(2 * Math.PI * 5.5 * t))) / sampleRateHz;
      noise = (noise * 1103515245 + 12345) % 2147483648;
      samples[i] = 0.4 * Math.sin(phase) + 0.2 * Math.sin(2 * phase) + 0.01 * (noise / 2147483648 - 0.5);
    }
    const options = { sampleRateHz, hopSeconds: 0.005, minFrequencyHz: 60, maxFrequencyHz: 500 };
    const track = trackPitch(samples, options);
    const hop = Math.round(0.005 * sampleRateHz);
    const frameSamples = 2 * Math.ceil(sampleRateHz / 60) + hop;
    let compared = 0;
    for (let frame = 1; frame < track.frequenciesHz.length; frame += 7) {
      // the same frame alone: its first (and only) frame is summed whole
      const alone = trackPitch(samples.subarray(frame * hop, frame * hop + frameSamples), options);
      const expected = alone.frequenciesHz[0]!;
      assert.ok(!Number.isNaN(expected));
      assert.ok(
        Math.abs(track.frequenciesHz[frame]! - expected) < 1e-6,
        `frame ${frame}: ${track.frequenciesHz[frame]} Hz, whole sums ${expected} Hz`,
      );
      compared++;
    }
    assert.ok(compared > 50);
  });
  it('looks no lower than searchMinFrequencyHz, and reads every frame above it exactly as before', () => {
    // a voice at 200 Hz, then an octave-and-more lower buzz at 80 Hz (as a creak would read)
    const sampleRateHz = 16000;
    const samples = new Float32Array(2 * sampleRateHz);
    for (let i = 0; i < samples.length; i++) {
      const frequencyHz = i < sampleRateHz ? 200 : 80;
      const phase = (2 * Math.PI * frequencyHz * i) / sampleRateHz;
      samples[i] = 0.4 * Math.sin(phase) + 0.2 * Math.sin(2 * phase);
    }
    const options = {
      sampleRateHz,
      hopSeconds: 0.005,
      minFrequencyHz: 60,
      maxFrequencyHz: 500,
      threshold: 0.35,
    };
    const whole = trackPitch(samples, options);
    const above = trackPitch(samples, { ...options, searchMinFrequencyHz: 120 });
    assert.deepEqual(above.timesSeconds, whole.timesSeconds);
    let compared = 0;
    let buzz = 0;
    whole.frequenciesHz.forEach((frequencyHz, frame) => {
      const found = above.frequenciesHz[frame]!;
      if (frequencyHz >= 120) {
        assert.equal(found, frequencyHz, `frame ${frame}`);
        compared++;
      } else if (Math.abs(frequencyHz - 80) < 2) {
        assert.ok(Number.isNaN(found) || found >= 120, `frame ${frame} found ${found} Hz`);
        buzz++;
      }
    });
    assert.ok(compared > 150 && buzz > 150, `${compared} frames at 200 Hz, ${buzz} at 80 Hz`);
  });
});
