// Energy words move how much is played: at one tempo, an energetic prompt's score has more note
// onsets per second than a calm one's, on every seed (ENGINE.md's energy bar, checked on the score).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';
import { composeTrack } from '../../src/composition/index.js';
import type { Composition } from '../../src/types.js';

const SEEDS = [1, 2, 3];

/** Distinct note starts per second over every part; starts within 20 ms count once, as a listener hears them. */
function onsetsPerSecond(composition: Composition): number {
  const windowTicks = Math.max(1, Math.round((composition.bpm / 60) * composition.ppq * 0.02));
  const starts = new Set<number>();
  for (const part of composition.parts)
    for (const note of part.notes) starts.add(Math.round(note.startTick / windowTicks));
  return starts.size / composition.durationSeconds;
}

function scoreOnsets(prompt: string, seed: number): number {
  return onsetsPerSecond(composeTrack(parseBrief(prompt, { durationSeconds: 20, seed }), { seed }));
}

describe('energy words and note density', () => {
  it('makes every energetic prompt busier than every calm one at the same tempo', () => {
    const byTempo: Array<{ calm: string[]; energetic: string[] }> = [
      {
        calm: ['calm minimal piano, 90 bpm', 'gentle sparse lofi, 90 bpm'],
        energetic: [
          'energetic driving lofi with huge drums, 90 bpm',
          'intense epic orchestral trailer, huge drums, 90 bpm',
        ],
      },
      {
        calm: ['minimal piano loop for a podcast intro, 120 bpm', 'calm minimal pop, 120 bpm'],
        energetic: ['epic orchestral trailer, huge drums, 120 bpm', 'energetic driving pop, 120 bpm'],
      },
      {
        calm: ['gentle sparse rock, 140 bpm'],
        energetic: ['intense driving rock with huge drums, 140 bpm'],
      },
    ];
    for (const seed of SEEDS) {
      for (const { calm, energetic } of byTempo) {
        for (const quiet of calm) {
          for (const busy of energetic) {
            const quietRate = scoreOnsets(quiet, seed);
            const busyRate = scoreOnsets(busy, seed);
            assert.ok(
              quietRate < busyRate,
              `seed ${seed}: "${quiet}" ${quietRate.toFixed(2)}/s is not below "${busy}" ${busyRate.toFixed(2)}/s`,
            );
          }
        }
      }
    }
  });

  it('makes a trailer with huge drums busier than a minimal piano loop, each at its own tempo', () => {
    for (const seed of SEEDS) {
      const loop = scoreOnsets('minimal piano loop for a podcast intro', seed);
      const trailer = scoreOnsets('epic orchestral trailer, huge drums', seed);
      assert.ok(loop < trailer, `seed ${seed}: loop ${loop.toFixed(2)}/s, trailer ${trailer.toFixed(2)}/s`);
    }
  });

  it("breaks a calm piano piece's chords in eighths or slower, not sixteenths", () => {
    const composition = composeTrack(
      parseBrief('calm minimal piano, 90 bpm', { durationSeconds: 20, seed: 1 }),
      {
        seed: 1,
      },
    );
    const sixteenthTicks = composition.ppq / 4;
    const arp = composition.parts.find((part) => part.role === 'arp');
    assert.ok(arp, "the piano's left hand");
    const starts = arp.notes.map((note) => note.startTick).sort((a, b) => a - b);
    const gaps = starts
      .slice(1)
      .map((tick, index) => tick - starts[index]!)
      .filter((gap) => gap > 0);
    assert.ok(
      gaps.every((gap) => gap > sixteenthTicks * 1.4),
      `gaps ${[...new Set(gaps)].slice(0, 8)}`,
    );
  });
});
