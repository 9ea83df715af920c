import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  analyzePcm,
  analyzeWav,
  correctTrackedTempo,
  HALF_TICK_SILENCE_RATIO,
  halfTickOnsetRatio,
  measureKey,
  measureOnsetRate,
  measureTempo,
  tempoFromBeatTicks,
  trackBeats,
} from '../../eval/analyzer.js';
import { TEMPO_CEILING_BPM } from '../../eval/checks.js';
import { truePeakLinear } from '../../eval/dsp.js';
import { makeDrumKit, makeMetronome } from '../../eval/tempo-signals.js';
import { writeWav16 } from '../../eval/wav.js';
import {
  A_MINOR_CADENCE,
  C_MAJOR_CADENCE,
  FIXTURE_SAMPLE_RATE,
  makeProgression,
  makeSine,
} from './signals.js';

const NONE = { tempo: false, secondTempo: false, key: false, onsets: false };

describe('analyzer', () => {
  for (const bpm of [120, 128]) {
    it(`detects ${bpm} bpm in a click track within 1 bpm`, () => {
      const tempoBpm = measureTempo(makeMetronome(bpm, 10));
      assert.ok(Math.abs(tempoBpm - bpm) <= 1, `measured ${tempoBpm}`);
    });
  }

  it("resolves fast tempos finer than the beat tracker's 11.6 ms grid", () => {
    // essentia's own bpm output reads these as 161.50 and 172.27 (grid values), a miss at ±2 BPM.
    for (const bpm of [160, 170]) {
      const tempoBpm = measureTempo(makeMetronome(bpm, 20));
      assert.ok(Math.abs(tempoBpm - bpm) <= 0.5, `${bpm}: measured ${tempoBpm}`);
    }
  });

  it('reads a plain metronome at half from the tempo ceiling up, and at its own tempo just below', () => {
    // Why the eval flags prompts at or above TEMPO_CEILING_BPM: only a beat marked in the music is heard there.
    const below = measureTempo(makeMetronome(TEMPO_CEILING_BPM - 4, 20));
    assert.ok(Math.abs(below - (TEMPO_CEILING_BPM - 4)) <= 1, `below the ceiling: ${below}`);
    // Probed 4 bpm either side of the ceiling: right at it the tracker's choice flips between runs
    // (176 was read as 176.0 once on Node 24), which a test must not depend on.
    for (const bpm of [TEMPO_CEILING_BPM + 4, 200]) {
      const heard = measureTempo(makeMetronome(bpm, 20));
      assert.ok(Math.abs(heard - bpm / 2) <= 1, `${bpm}: heard ${heard}`);
    }
  });

  it('halves a slow pulse the beat tracker doubled, where every other tick falls on silence', () => {
    // The tracker alone reads these at twice their tempo (eval/tempo-sweep.ts).
    for (const [name, mono, bpm] of [
      ['metronome', makeMetronome(50, 30), 50],
      ['drum kit', makeDrumKit(60, 30), 60],
    ] as const) {
      const tracked = trackBeats(mono);
      assert.ok(Math.abs(tracked.tempoBpm - 2 * bpm) <= 2, `${name} ${bpm}: tracker ${tracked.tempoBpm}`);
      const ratio = halfTickOnsetRatio(mono, tracked.ticksSeconds);
      assert.ok(ratio < HALF_TICK_SILENCE_RATIO, `${name} ${bpm}: half-tick ratio ${ratio}`);
      // measureTempo's reading, from the ticks already tracked (tracking is most of the time here)
      const heard = correctTrackedTempo(mono, tracked);
      assert.ok(Math.abs(heard - bpm) <= 1, `${name} ${bpm}: heard ${heard}`);
    }
  });

  it('keeps the tracked tempo when every tick is played', () => {
    for (const [name, mono, bpm] of [
      ['metronome', makeMetronome(60, 30), 60],
      ['metronome', makeMetronome(120, 30), 120],
      ['drum kit', makeDrumKit(90, 30), 90],
    ] as const) {
      const tracked = trackBeats(mono);
      const ratio = halfTickOnsetRatio(mono, tracked.ticksSeconds);
      assert.ok(ratio >= HALF_TICK_SILENCE_RATIO, `${name} ${bpm}: half-tick ratio ${ratio}`);
      const heard = correctTrackedTempo(mono, tracked);
      assert.ok(Math.abs(heard - bpm) <= 1, `${name} ${bpm}: heard ${heard}`);
    }
  });

  it('averages only the steady beat intervals of a tick list', () => {
    // one dropped beat (a double interval) must not drag the average
    const ticks = Float32Array.from([0, 0.5, 1, 1.5, 2.5, 3, 3.5]);
    assert.equal(tempoFromBeatTicks(ticks), 120);
    assert.equal(tempoFromBeatTicks(Float32Array.from([0, 0.5])), undefined);
  });

  it('reports a different tempo for a different click track', () => {
    const tempoBpm = measureTempo(makeMetronome(90, 10));
    assert.ok(Math.abs(tempoBpm - 90) <= 1, `measured ${tempoBpm}`);
  });

  it('hears an A minor cadence as A minor', () => {
    const key = measureKey(makeProgression(A_MINOR_CADENCE, 1, 4));
    assert.deepEqual([key.tonic, key.mode], ['A', 'minor']);
  });

  it('hears a C major cadence as C major', () => {
    const key = measureKey(makeProgression(C_MAJOR_CADENCE, 1, 4));
    assert.deepEqual([key.tonic, key.mode], ['C', 'major']);
  });

  it('hears a transposed minor cadence in its own key', () => {
    const fSharpMinor = A_MINOR_CADENCE.map((chord) => chord.map((pitch) => pitch - 3));
    const key = measureKey(makeProgression(fSharpMinor, 1, 4));
    assert.deepEqual([key.tonic, key.mode], ['F#', 'minor']);
  });

  it('measures a stereo −20 dBFS 1 kHz sine at −20 LUFS with its peak and no clipping', () => {
    const sine = makeSine(1000, 0.1, 5);
    const analysis = analyzeWav(writeWav16([sine, sine], FIXTURE_SAMPLE_RATE), { measure: NONE });
    assert.ok(Math.abs(analysis.loudnessLufs + 20) < 0.2, `measured ${analysis.loudnessLufs}`);
    assert.ok(Math.abs(analysis.truePeakDbtp + 20) < 0.1, `true peak ${analysis.truePeakDbtp}`);
    assert.equal(analysis.clippedSamples, 0);
    assert.ok(Math.abs(analysis.durationSeconds - 5) < 1e-3);
  });

  it('counts clipped samples at full scale', () => {
    const sine = makeSine(100, 1.2, 1);
    const analysis = analyzeWav(writeWav16([sine, sine], FIXTURE_SAMPLE_RATE), { measure: NONE });
    assert.ok(analysis.clippedSamples > 100, `clipped ${analysis.clippedSamples}`);
  });

  it('finds the inter-sample peak of a quarter-rate sine sampled off its crest', () => {
    // Sampled at 45°, every sample sits at 0.707 while the waveform between them reaches 1.0.
    const sine = makeSine(FIXTURE_SAMPLE_RATE / 4, 1, 0.1, FIXTURE_SAMPLE_RATE, Math.PI / 4);
    const samplePeak = Math.max(...sine.map(Math.abs));
    assert.ok(samplePeak < 0.71);
    assert.ok(Math.abs(truePeakLinear(sine) - 1) < 0.02, `true peak ${truePeakLinear(sine)}`);
  });

  it('measures the longest silence gap', () => {
    const tone = makeSine(440, 0.3, 1);
    const gapped = new Float32Array(FIXTURE_SAMPLE_RATE * 5);
    gapped.set(tone, 0); // 1 s tone, 1.5 s silence, 1 s tone, 1.5 s silence at the end
    gapped.set(tone, Math.round(FIXTURE_SAMPLE_RATE * 2.5));
    const levels = analyzePcm(
      { sampleRate: FIXTURE_SAMPLE_RATE, bitsPerSample: 32, channels: [gapped] },
      { measure: NONE },
    );
    assert.ok(Math.abs(levels.longestSilenceSeconds - 1.5) <= 0.06, `gap ${levels.longestSilenceSeconds}`);
    const continuous = analyzePcm(
      { sampleRate: FIXTURE_SAMPLE_RATE, bitsPerSample: 32, channels: [makeSine(440, 0.3, 3)] },
      { measure: NONE },
    );
    assert.equal(continuous.longestSilenceSeconds, 0);
  });

  it('analyzes 48 kHz audio after resampling, keeping tempo and duration', () => {
    const clicks = makeMetronome(128, 8, 48000);
    const analysis = analyzePcm(
      { sampleRate: 48000, bitsPerSample: 32, channels: [clicks, clicks] },
      { measure: { ...NONE, tempo: true } },
    );
    assert.ok(Math.abs(analysis.durationSeconds - 8) < 1e-3);
    assert.ok(Math.abs(analysis.tempoBpm - 128) <= 1, `measured ${analysis.tempoBpm}`);
  });

  it('gives a sparse signal a lower onset rate than a dense one', () => {
    const sparse = measureOnsetRate(makeMetronome(60, 6));
    const dense = measureOnsetRate(makeMetronome(180, 6));
    assert.ok(sparse < dense, `sparse ${sparse} dense ${dense}`);
  });
});
