import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createKWeightingCoefficients } from '../../src/mastering/biquad.js';
import { kWeightingGainDb, measureLoudness } from '../../src/mastering/index.js';
import { concat, stereoSine } from './signals.js';

describe('K-weighting', () => {
  it('reproduces the BS.1770-4 Table 1 coefficients at 48 kHz', () => {
    const [shelf, highPass] = createKWeightingCoefficients(48000);
    // ITU-R BS.1770-4, Annex 1, Tables 1 and 2
    assert.ok(Math.abs(shelf.b0 - 1.53512485958697) < 1e-9);
    assert.ok(Math.abs(shelf.b1 - -2.69169618940638) < 1e-9);
    assert.ok(Math.abs(shelf.b2 - 1.19839281085285) < 1e-9);
    assert.ok(Math.abs(shelf.a1 - -1.69065929318241) < 1e-9);
    assert.ok(Math.abs(shelf.a2 - 0.73248077421585) < 1e-9);
    assert.ok(Math.abs(highPass.a1 - -1.99004745483398) < 1e-9);
    assert.ok(Math.abs(highPass.a2 - 0.99007225036621) < 1e-9);
  });

  it('passes 1 kHz almost flat and lifts the treble by the +4 dB shelf at any sample rate', () => {
    for (const sampleRate of [44100, 48000, 96000]) {
      // +0.69 dB at 1 kHz is exactly what BS.1770's −0.691 offset cancels
      assert.ok(Math.abs(kWeightingGainDb(1000, sampleRate) - 0.691) < 0.05, `1 kHz at ${sampleRate}`);
      const trebleDb = kWeightingGainDb(8000, sampleRate);
      assert.ok(trebleDb > 3.8 && trebleDb < 4.2, `8 kHz at ${sampleRate}: ${trebleDb}`);
      assert.ok(kWeightingGainDb(20, sampleRate) < -10, 'the RLB high-pass cuts 20 Hz');
    }
  });
});

describe('measureLoudness', () => {
  it('measures a stereo 997 Hz sine at −23 dBFS peak as −23.0 LUFS (EBU Tech 3341 case 1)', () => {
    // L = −0.691 + 10·log10(2 channels · A²/2 · K(997 Hz)) = 20·log10(A) + (K_dB − 0.691) ≈ 20·log10(A)
    for (const sampleRate of [44100, 48000]) {
      const measured = measureLoudness(stereoSine(997, 10 ** (-23 / 20), 10, sampleRate));
      assert.ok(Math.abs(measured.integratedLufs - -23) < 0.1, `${sampleRate}: ${measured.integratedLufs}`);
      assert.ok(Math.abs(measured.samplePeakDbfs - -23) < 0.01);
    }
  });

  it('gates silence and near-silence out entirely (−70 LUFS absolute gate)', () => {
    assert.equal(measureLoudness(stereoSine(997, 0, 5)).integratedLufs, Number.NEGATIVE_INFINITY);
    assert.equal(
      measureLoudness(stereoSine(997, 10 ** (-80 / 20), 5)).integratedLufs,
      Number.NEGATIVE_INFINITY,
    );
    assert.equal(
      measureLoudness(stereoSine(997, 0.5, 0.3)).integratedLufs,
      Number.NEGATIVE_INFINITY,
      'shorter than one block',
    );
  });

  it('ignores a quiet half 20 dB down through the relative gate', () => {
    const quiet = stereoSine(997, 10 ** (-40 / 20), 10);
    const loud = stereoSine(997, 10 ** (-20 / 20), 10);
    const measured = measureLoudness(concat(quiet, loud)).integratedLufs;
    // without gating the mean power of the halves would read ≈ −23 LUFS; gated, only the loud half counts
    assert.ok(Math.abs(measured - -20) < 0.15, `${measured}`);
  });

  it('finds the inter-sample peak of a quarter-rate sine sampled at 45° (sample peak 3 dB lower)', () => {
    const amplitude = 0.5;
    const measured = measureLoudness(stereoSine(12000, amplitude, 1, 48000, Math.PI / 4));
    const amplitudeDb = 20 * Math.log10(amplitude);
    assert.ok(Math.abs(measured.samplePeakDbfs - (amplitudeDb - 3.01)) < 0.01);
    // EBU Tech 3341 allows −0.4 … +0.2 dB for true-peak meters
    assert.ok(
      measured.truePeakDbtp > amplitudeDb - 0.4 && measured.truePeakDbtp < amplitudeDb + 0.2,
      `${measured.truePeakDbtp}`,
    );
    assert.ok(measured.truePeakDbtp - measured.samplePeakDbfs > 2.5);
  });
});
