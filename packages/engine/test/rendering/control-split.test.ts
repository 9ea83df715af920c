import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitByControls } from '../../src/rendering/control-split.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';

describe('splitByControls', () => {
  it('plays live only the notes that sound while a controller is away from neutral', () => {
    // 120 bpm: a beat is 480 ticks and 0.5 s; the release margin is 1.5 s (1440 ticks).
    const part = makePart({
      id: 'bass',
      notes: beatNotes(36, 0, 16),
      controls: [
        { tick: 8 * 480, type: 'pitchBend', value: -3000 },
        { tick: 8 * 480 + 80, type: 'pitchBend', value: 0 },
      ],
    });
    const { clean, live } = splitByControls(part, makeComposition([part], 10));
    const liveBeats = live.notes.map((note) => note.startTick / 480);
    assert.deepEqual(liveBeats, [5, 6, 7, 8]);
    assert.equal(clean.notes.length + live.notes.length, 16);
    assert.equal(clean.controls.length, 0);
    assert.equal(live.controls.length, 2);
  });

  it('keeps a part without controllers entirely clean', () => {
    const part = makePart({ id: 'keys', notes: beatNotes(60, 0, 4) });
    const { clean, live } = splitByControls(part, makeComposition([part], 5));
    assert.equal(clean.notes.length, 4);
    assert.equal(live.notes.length, 0);
  });
});
