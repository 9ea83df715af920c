import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { Composition, GenreId, NoteEvent } from '../../src/types.js';
import { makeBrief } from './make-brief.js';

function lead(c: Composition): NoteEvent[] {
  return c.parts.find((p) => p.role === 'lead')!.notes;
}

function meanPitchIn(c: Composition, name: string): number {
  const notes = c.sections
    .filter((s) => s.name === name)
    .flatMap((s) => lead(c).filter((n) => n.startTick >= s.startTick && n.startTick < s.endTick));
  return notes.reduce((sum, n) => sum + n.pitch, 0) / notes.length;
}

describe('melody', () => {
  for (const genre of ['pop', 'lofi', 'jazz', 'celtic', 'ambient', 'rock'] as GenreId[]) {
    for (const seed of [1, 2]) {
      it(`moves mostly by step within an octave and a fifth for ${genre} seed ${seed}`, () => {
        const notes = lead(composeTrack(makeBrief({ genre, durationSeconds: 60 }), { seed }));
        const intervals = notes.slice(1).map((n, i) => Math.abs(n.pitch - notes[i]!.pitch));
        const stepShare = intervals.filter((x) => x <= 2).length / intervals.length;
        assert.ok(stepShare >= 0.45, `step share ${stepShare}`);
        assert.ok(intervals.every((x) => x <= 12));
        const pitches = notes.map((n) => n.pitch);
        assert.ok(Math.max(...pitches) - Math.min(...pitches) <= 19);
      });
    }
  }

  it('puts chord tones on the downbeats', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 60 }), { seed: 3 });
    const onDownbeat = lead(c).filter((n) => n.startTick % c.ticksPerBar < 20);
    const chordTones = onDownbeat.filter((n) => {
      const chord = [...c.chords].reverse().find((ch) => ch.startTick <= n.startTick)!;
      return chord.pitches.some((p) => p % 12 === n.pitch % 12);
    });
    assert.ok(chordTones.length / onDownbeat.length >= 0.9, `${chordTones.length}/${onDownbeat.length}`);
  });

  it('sits higher in the chorus than in the verse', () => {
    for (const seed of [1, 2, 3]) {
      const c = composeTrack(makeBrief({ durationSeconds: 120 }), { seed });
      assert.ok(meanPitchIn(c, 'chorus') > meanPitchIn(c, 'verse'), `seed ${seed}`);
    }
  });

  it('breathes: rests of at least a beat separate phrases', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 60 }), { seed: 3 });
    const notes = lead(c);
    const rests = notes
      .slice(1)
      .filter((n, i) => n.startTick - (notes[i]!.startTick + notes[i]!.durationTicks) >= 400);
    const phrases = (c.sections.reduce((sum, s) => sum + s.bars, 0) - 4) / 4;
    assert.ok(rests.length >= phrases * 0.75, `${rests.length} rests for ${phrases} phrases`);
  });

  it('repeats its motif: the same rhythm recurs across phrases', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 60 }), { seed: 3 });
    const rhythms = new Map<string, number>();
    const notes = lead(c);
    for (let bar = 0; bar * c.ticksPerBar < c.sections.at(-1)!.endTick; bar++) {
      const inBar = notes.filter((n) => Math.floor(n.startTick / c.ticksPerBar) === bar);
      if (inBar.length < 2) continue;
      const key = inBar.map((n) => Math.round((n.startTick % c.ticksPerBar) / 120)).join(',');
      rhythms.set(key, (rhythms.get(key) ?? 0) + 1);
    }
    assert.ok(Math.max(...rhythms.values()) >= 3);
  });
});
