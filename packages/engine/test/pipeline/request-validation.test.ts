import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isAllowedBpm, isAllowedSeed, REQUEST_LIMITS, toTrackFields } from '../../src/index.js';
import { validateRequest } from '../../src/request-validation.js';
import { EngineError, type TrackRequest } from '../../src/types.js';

const request = (changes: Partial<TrackRequest>): TrackRequest => ({
  prompt: 'calm piano',
  durationSeconds: 30,
  seed: 1,
  ...changes,
});

describe('request limits shared by the API and the CLI', () => {
  it('accepts bpm overrides from 40 to 240 and rejects the rest with stage request', () => {
    assert.doesNotThrow(() => validateRequest(request({ overrides: { bpm: REQUEST_LIMITS.minBpm } })));
    assert.doesNotThrow(() => validateRequest(request({ overrides: { bpm: REQUEST_LIMITS.maxBpm } })));
    for (const bpm of [39, 241, 120.5, Number.NaN]) {
      assert.throws(
        () => validateRequest(request({ overrides: { bpm } })),
        (error: unknown) =>
          error instanceof EngineError && error.stage === 'request' && /40 to 240/.test(error.message),
      );
    }
  });

  it('accepts seeds from 0 to 4294967295 only', () => {
    assert.deepEqual(
      [0, 4294967295, -1, 4294967296, 1.5].map((seed) => isAllowedSeed(seed)),
      [true, true, false, false, false],
    );
    assert.deepEqual(
      [40, 240, 39, 241, '120'].map((bpm) => isAllowedBpm(bpm)),
      [true, true, false, false, false],
    );
  });
});

describe('toTrackFields', () => {
  it('names music and audio as the API track does and rounds loudness to 0.1 dB', () => {
    const fields = toTrackFields(
      {
        music: {
          bpm: 90,
          key: 'D minor',
          timeSignature: '6/8',
          genre: 'celtic',
          moods: ['calm'],
          instruments: ['fiddle'],
          sections: [{ name: 'theme', start: 0, end: 5 }],
        },
        audio: {
          sampleRate: 44100,
          channels: 2,
          durationSeconds: 5,
          loudnessLufs: -14.04,
          truePeakDbtp: -1.37,
        },
      },
      ['mp3'],
    );
    assert.deepEqual(fields, {
      music: {
        bpm: 90,
        key: 'D minor',
        time_signature: '6/8',
        genre: 'celtic',
        moods: ['calm'],
        instruments: ['fiddle'],
        sections: [{ name: 'theme', start: 0, end: 5 }],
      },
      audio: {
        formats: ['mp3'],
        sample_rate: 44100,
        channels: 2,
        duration_seconds: 5,
        loudness_lufs: -14,
        true_peak_dbtp: -1.4,
      },
    });
  });
});
