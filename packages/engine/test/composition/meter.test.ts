import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { Composition, NoteEvent } from '../../src/types.js';
import { BASS, DRUMS, makeBrief, PIANO } from './make-brief.js';

const CRASH = 49;
const SLACK_TICKS = 30;

/** Mean velocity of notes whose onset lies near one of the bar positions. */
function meanVelocityAt(c: Composition, notes: NoteEvent[], positions: number[]): number {
  const near = notes.filter((n) => {
    const inBar = n.startTick % c.ticksPerBar;
    return positions.some(
      (p) => Math.abs(inBar - p) <= SLACK_TICKS || Math.abs(inBar - p - c.ticksPerBar) <= SLACK_TICKS,
    );
  });
  assert.ok(near.length > 0);
  return near.reduce((sum, n) => sum + n.velocity, 0) / near.length;
}

function partNotes(c: Composition, role: string): NoteEvent[] {
  const part = c.parts.find((p) => p.role === role)!;
  return part.notes.filter((n) => n.pitch !== CRASH || !part.isDrums);
}

describe('meter', () => {
  for (const genre of ['pop', 'folk', 'jazz'] as const) {
    it(`accents the downbeat of 3/4 in ${genre} drums and accompaniment (strong–weak–weak)`, () => {
      const c = composeTrack(
        makeBrief({
          genre,
          meter: { beatsPerBar: 3, beatUnit: 4 },
          durationSeconds: 60,
          instruments: [DRUMS, BASS, PIANO],
        }),
        { seed: 12 },
      );
      for (const role of ['drums', 'chords']) {
        const notes = partNotes(c, role);
        const downbeat = meanVelocityAt(c, notes, [0]);
        const weakBeats = meanVelocityAt(c, notes, [480, 960]);
        assert.ok(downbeat > weakBeats + 5, `${role}: downbeat ${downbeat} vs beats 2–3 ${weakBeats}`);
      }
    });
  }

  it('feels 6/8 as two dotted-quarter groups: beat 1 strongest, beat 4 next, other eighths weak', () => {
    const c = composeTrack(
      makeBrief({
        genre: 'celtic',
        meter: { beatsPerBar: 6, beatUnit: 8 },
        durationSeconds: 60,
        instruments: [DRUMS, BASS, PIANO],
      }),
      { seed: 12 },
    );
    for (const role of ['drums', 'chords']) {
      const notes = partNotes(c, role);
      const one = meanVelocityAt(c, notes, [0]);
      const four = meanVelocityAt(c, notes, [720]);
      const weak = meanVelocityAt(c, notes, [240, 480, 960, 1200]);
      assert.ok(one > weak + 5 && four > weak, `${role}: 1=${one} 4=${four} weak=${weak}`);
    }
  });
});
