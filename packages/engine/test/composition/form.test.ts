import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { GenreId, Meter } from '../../src/types.js';
import { LEAD, makeBrief, PAD } from './make-brief.js';
import { longestSilenceSeconds, tickToSeconds } from './score-checks.js';

const CASES: { genre: GenreId; bpm: number; durationSeconds: number; meter: Meter }[] = [
  { genre: 'pop', bpm: 110, durationSeconds: 30, meter: { beatsPerBar: 4, beatUnit: 4 } },
  { genre: 'house', bpm: 124, durationSeconds: 120, meter: { beatsPerBar: 4, beatUnit: 4 } },
  { genre: 'ambient', bpm: 62, durationSeconds: 95, meter: { beatsPerBar: 4, beatUnit: 4 } },
  { genre: 'jazz', bpm: 187, durationSeconds: 47, meter: { beatsPerBar: 3, beatUnit: 4 } },
  { genre: 'celtic', bpm: 118, durationSeconds: 61, meter: { beatsPerBar: 6, beatUnit: 8 } },
  { genre: 'trap', bpm: 140, durationSeconds: 7, meter: { beatsPerBar: 4, beatUnit: 4 } },
  { genre: 'orchestral', bpm: 71, durationSeconds: 300, meter: { beatsPerBar: 4, beatUnit: 4 } },
];

describe('form', () => {
  for (const { genre, bpm, durationSeconds, meter } of CASES) {
    it(`lands ${genre} at ${bpm} bpm ${meter.beatsPerBar}/${meter.beatUnit} on ${durationSeconds} s with no silence over 1 s`, () => {
      const c = composeTrack(makeBrief({ genre, bpm, durationSeconds, meter }), { seed: 17 });
      const last = c.sections.at(-1)!;
      assert.ok(Math.abs(tickToSeconds(c, last.endTick) - durationSeconds) < 0.01);
      c.sections.forEach((s, i) => {
        assert.ok(s.endTick > s.startTick);
        if (i > 0) assert.equal(s.startTick, c.sections[i - 1]!.endTick);
        assert.equal(s.startTick, s.startBar * c.ticksPerBar);
      });
      // The bars fill the duration: only the final ring-out bar may be partial.
      const wholeBars = c.sections
        .slice(0, -1)
        .every((s) => s.endTick - s.startTick === s.bars * c.ticksPerBar);
      assert.ok(wholeBars);
      assert.ok(
        longestSilenceSeconds(c, durationSeconds - 0.3) <= 1,
        `longest silence ${longestSilenceSeconds(c, durationSeconds - 0.3)}`,
      );
    });
  }

  it('sizes 30 s as intro–theme–outro and 120 s as a full song form', () => {
    const short = composeTrack(makeBrief({ bpm: 110, durationSeconds: 30 }), { seed: 1 });
    assert.deepEqual(
      short.sections.map((s) => s.name),
      ['intro', 'theme', 'outro'],
    );
    const long = composeTrack(makeBrief({ bpm: 110, durationSeconds: 120 }), { seed: 1 });
    assert.deepEqual(
      long.sections.map((s) => s.name),
      ['intro', 'verse', 'chorus', 'verse', 'chorus', 'bridge', 'chorus', 'outro'],
    );
    for (const s of long.sections.slice(0, -1)) assert.equal(s.bars % 4, 0, `${s.name} has ${s.bars} bars`);
  });

  it('gives choruses more energy than verses and drops for the bridge', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 120, energyCurve: [0.5, 0.5] }), { seed: 1 });
    const energy = (name: string) => c.sections.find((s) => s.name === name)!.energy;
    assert.ok(energy('chorus') > energy('verse'));
    assert.ok(energy('bridge') < energy('chorus'));
  });

  it('uses build, drop and breakdown when the brief hints at them', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 120, structureHints: ['build', 'drop'] }), {
      seed: 1,
    });
    const names = c.sections.map((s) => s.name);
    assert.ok(names.includes('build') && names.includes('drop') && names.includes('breakdown'));
  });

  it('ends with a final chord that rings to within 0.3 s of the end', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 33 }), { seed: 2 });
    const end = Math.max(...c.parts.flatMap((p) => p.notes.map((n) => n.startTick + n.durationTicks)));
    assert.ok(c.durationSeconds - tickToSeconds(c, end) <= 0.3);
    const lastChord = c.chords.at(-1)!;
    assert.equal(lastChord.symbol, 'C');
    assert.ok(tickToSeconds(c, lastChord.startTick + lastChord.durationTicks) >= c.durationSeconds - 0.01);
  });

  it('loops: content covers the whole duration and the last chord leads back to the first', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 30, loop: true, instruments: [PAD, LEAD] }), {
      seed: 2,
    });
    assert.equal(c.loop, true);
    const endTick = c.sections.at(-1)!.endTick;
    const end = Math.max(...c.parts.flatMap((p) => p.notes.map((n) => n.startTick + n.durationTicks)));
    assert.equal(end, endTick);
    assert.equal(c.chords.at(-1)!.symbol, 'G7');
    assert.equal(c.chords[0]!.symbol, 'C');
  });
});
