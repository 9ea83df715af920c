import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';

const brief = (prompt: string, seed = 1) => parseBrief(prompt, { durationSeconds: 30, seed });
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('brief energy words', () => {
  it('reads "minimal" and "sparse" as less energy than the same prompt without them', () => {
    for (const [plain, thin] of [
      ['calm pop, 120 bpm', 'calm minimal pop, 120 bpm'],
      ['lo-fi beat, 90 bpm', 'sparse lo-fi beat, 90 bpm'],
      ['rock, 140 bpm', 'stripped-back rock, 140 bpm'],
    ] as [string, string][]) {
      const [a, b] = [brief(plain), brief(thin)];
      assert.ok(b.arousal < a.arousal, `${thin}: ${b.arousal} not below ${a.arousal}`);
      assert.ok(mean(b.energyCurve) < mean(a.energyCurve), `${thin}: energy curve not lower`);
    }
  });

  it('reads "huge drums" and "pounding" as more energy than the same prompt without them', () => {
    for (const [plain, full] of [
      ['energetic rock, 140 bpm', 'energetic rock with huge drums, 140 bpm'],
      ['epic pop, 120 bpm', 'epic pop with pounding drums, 120 bpm'],
      ['lo-fi beat, 90 bpm', 'lo-fi beat with big drums, 90 bpm'],
    ] as [string, string][]) {
      const [a, b] = [brief(plain), brief(full)];
      assert.ok(b.arousal > a.arousal, `${full}: ${b.arousal} not above ${a.arousal}`);
      assert.ok(mean(b.energyCurve) > mean(a.energyCurve), `${full}: energy curve not higher`);
    }
  });

  it('orders calm minimal prompts below epic or energetic huge-drum ones of the same genre and tempo', () => {
    for (const [calm, energetic] of [
      ['calm minimal pop, 120 bpm', 'epic energetic pop with huge drums, 120 bpm'],
      ['calm minimal rock, 140 bpm', 'energetic rock with huge drums, 140 bpm'],
      ['calm minimal lo-fi beat, 90 bpm', 'energetic lo-fi beat with huge drums, 90 bpm'],
    ] as [string, string][]) {
      const [c, e] = [brief(calm), brief(energetic)];
      assert.equal(c.genre, e.genre);
      assert.equal(c.bpm, e.bpm);
      assert.ok(e.arousal - c.arousal >= 0.5, `${calm} ${c.arousal} vs ${energetic} ${e.arousal}`);
      assert.ok(c.instruments.length <= e.instruments.length, 'the calm one has more parts');
    }
  });

  it('reads the texture words in Spanish, French, German and Portuguese', () => {
    for (const [plain, thin, full] of [
      ['rock, 130 bpm', 'rock minimalista, 130 bpm', 'rock con batería enorme, 130 bpm'],
      ['rock, 130 bpm', 'rock épuré, 130 bpm', 'rock avec une grosse batterie, 130 bpm'],
      ['Rock, 130 bpm', 'reduzierter Rock, 130 bpm', 'Rock mit fettem Schlagzeug, 130 bpm'],
      ['rock, 130 bpm', 'rock enxuto, 130 bpm', 'rock com bateria pesada, 130 bpm'],
    ] as [string, string, string][]) {
      const [a, b, c] = [brief(plain), brief(thin), brief(full)];
      assert.ok(b.arousal < a.arousal, `${thin}: ${b.arousal} not below ${a.arousal}`);
      assert.ok(c.arousal > a.arousal, `${full}: ${c.arousal} not above ${a.arousal}`);
    }
  });

  it('counts each kind of texture word once and keeps the genre a texture word is part of', () => {
    assert.equal(brief('minimal sparse pop').arousal, brief('minimal pop').arousal);
    const techno = brief('minimal techno loop, 128 bpm');
    assert.equal(techno.genre, 'techno');
    assert.ok(techno.arousal < brief('techno loop, 128 bpm').arousal);
  });
});
