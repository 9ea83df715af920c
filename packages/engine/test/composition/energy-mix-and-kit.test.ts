// Energy reaches the mix, the kit and a calm groove's backbeat.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';
import { composeTrack } from '../../src/composition/index.js';
import { mixFor } from '../../src/composition/mix.js';

const SIDE_STICK = 37;
const BACKBEAT_NOTES = new Set([37, 38, 39, 40]);
const HATS = new Set([42, 44, 46]);

describe('energy in the mix, the kit and the groove', () => {
  it('brings drums forward and beds back for energetic prompts, the reverse for calm ones', () => {
    for (const role of ['drums', 'percussion'] as const) {
      assert.ok(mixFor(role, 0, 0.95).volume > mixFor(role, 0, 0.5).volume, role);
      assert.ok(mixFor(role, 0, 0.1).volume < mixFor(role, 0, 0.5).volume, role);
    }
    for (const role of ['pad', 'chords', 'arp'] as const) {
      assert.ok(mixFor(role, 0, 0.95).volume < mixFor(role, 0, 0.5).volume, role);
      assert.ok(mixFor(role, 0, 0.1).volume > mixFor(role, 0, 0.5).volume, role);
    }
    assert.deepEqual(mixFor('lead', 0, 0.95), mixFor('lead', 0, 0.5), 'the lead keeps its level');
    assert.deepEqual(mixFor('drums', 0, 0.5), mixFor('drums', 0, 0.6), "mid energy keeps the roles' mix");
  });

  it('plays an energetic cinematic cue on the Power kit and a calm one on the Orchestra kit', () => {
    const drumsOf = (prompt: string) =>
      parseBrief(prompt, { durationSeconds: 20, seed: 1 }).instruments.find(
        (choice) => choice.role === 'drums',
      );
    assert.equal(drumsOf('epic orchestral trailer, huge drums')?.program, 16);
    assert.equal(drumsOf('mysterious cinematic underscore, calm')?.program, 48);
  });

  it('keeps a soft rim backbeat where a calm section plays its kick without snare or hats', () => {
    const composition = composeTrack(
      parseBrief('calm minimal pop, 120 bpm', { durationSeconds: 30, seed: 1 }),
      {
        seed: 1,
      },
    );
    const drums = composition.parts.find((part) => part.role === 'drums');
    assert.ok(drums);
    const tpb = composition.ticksPerBar;
    const beat = composition.ppq;
    let kickOnlyBars = 0;
    // Up to the last section, whose final chord rings with one hit.
    for (let bar = 0; bar < composition.sections.at(-1)!.startBar; bar++) {
      const inBar = drums.notes.filter(
        (n) => n.startTick >= bar * tpb - 30 && n.startTick < (bar + 1) * tpb - 30,
      );
      if (!inBar.some((n) => n.pitch === 36) || inBar.some((n) => HATS.has(n.pitch) || n.pitch === 38))
        continue;
      kickOnlyBars++;
      // A fill into the next section (toms) takes the bar's last beat.
      const fill = inBar.some((n) => n.pitch >= 41 && n.pitch <= 50);
      for (const beatIndex of fill ? [1] : [1, 3]) {
        const tick = bar * tpb + beatIndex * beat;
        assert.ok(
          inBar.some((n) => BACKBEAT_NOTES.has(n.pitch) && Math.abs(n.startTick - tick) < 40),
          `bar ${bar + 1}: a backbeat on beat ${beatIndex + 1}`,
        );
      }
    }
    assert.ok(kickOnlyBars > 0, 'the calm verse plays its kick without snare or hats');
    assert.ok(drums.notes.some((n) => n.pitch === SIDE_STICK));
  });
});
