import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { Composition, GenreId, NoteEvent } from '../../src/types.js';
import { BASS, DRUMS, makeBrief, PIANO } from './make-brief.js';

const KICK = 36;
const CRASH = 49;

function compose(genre: GenreId, extra = {}): Composition {
  return composeTrack(
    makeBrief({ genre, durationSeconds: 60, arousal: 0.7, instruments: [DRUMS, BASS, PIANO], ...extra }),
    {
      seed: 6,
    },
  );
}

/** Sixteenth steps (within the bar) where a drum note plays in the main body of the first verse/drop. */
function stepsOf(c: Composition, pitch: number): Set<number> {
  const section = c.sections.find((s) => s.name === 'verse' || s.name === 'drop' || s.name === 'theme')!;
  const notes = c.parts[0]!.notes.filter(
    (n: NoteEvent) =>
      n.pitch === pitch && n.startTick >= section.startTick && n.startTick < section.endTick - c.ticksPerBar,
  );
  return new Set(notes.map((n) => Math.round((n.startTick % c.ticksPerBar) / 120)));
}

describe('drums', () => {
  it('plays four on the floor for house', () => {
    assert.deepEqual(
      [...stepsOf(compose('house'), KICK)].sort((a, b) => a - b),
      [0, 4, 8, 12],
    );
  });

  it('plays the one drop for reggae: kick on beat 3 only', () => {
    assert.deepEqual([...stepsOf(compose('reggae'), KICK)], [8]);
  });

  it('plays half-time for trap: the clap lands on beat 3 only', () => {
    assert.deepEqual([...stepsOf(compose('trap'), 39)], [8]);
  });

  it('plays a breakbeat for drum and bass: kicks on 1 and the "and" of 3', () => {
    assert.deepEqual(
      [...stepsOf(compose('drum_and_bass'), KICK)].sort((a, b) => a - b),
      [0, 10],
    );
  });

  it('adds double-kick sixteenths for energetic metal', () => {
    assert.ok(stepsOf(compose('metal', { arousal: 0.95 }), KICK).size >= 12);
  });

  it('lands a crash on the first beat of every section after the first', () => {
    const c = compose('rock');
    const crashes = new Set(
      c.parts[0]!.notes.filter((n) => n.pitch === CRASH).map((n) => Math.round(n.startTick / 60)),
    );
    for (const section of c.sections.slice(1)) {
      const near = [-1, 0, 1].some((d) => crashes.has(Math.round(section.startTick / 60) + d));
      assert.ok(near, `crash at ${section.name}`);
    }
  });

  it('fills into section changes with toms or snare in the last beat', () => {
    const c = compose('pop');
    const fillNotes = new Set([38, 41, 43, 45, 47, 48, 50]);
    for (const section of c.sections.slice(1)) {
      const lastBeat = c.parts[0]!.notes.filter(
        (n) =>
          fillNotes.has(n.pitch) && n.startTick >= section.startTick - 480 && n.startTick < section.startTick,
      );
      assert.ok(lastBeat.length >= 2, `fill before ${section.name}`);
    }
  });

  it('keeps electronic genres on the grid and humanises acoustic ones', () => {
    const offGrid = (c: Composition) => c.parts[0]!.notes.filter((n) => n.startTick % 60 !== 0).length;
    assert.equal(offGrid(compose('techno')), 0);
    assert.ok(offGrid(compose('rock')) > 20);
  });

  it('swings jazz eighths late (2:1) and leaves pop straight', () => {
    const jazz = compose('jazz');
    assert.equal(jazz.swing, 0.667);
    const offbeats = jazz.parts[0]!.notes.filter((n) => n.pitch === 51).map((n) => n.startTick % 480);
    assert.ok(
      offbeats.some((t) => t > 290 && t < 350),
      'ride skip note near the triplet position',
    );
    assert.equal(compose('pop').swing, 0.5);
  });

  it('writes 808 glides as pitch bends on the trap bass', () => {
    const bass = compose('trap').parts.find((p) => p.role === 'bass')!;
    assert.ok(bass.controls.some((ctl) => ctl.type === 'pitchBend' && ctl.value < 0));
    assert.ok(bass.controls.some((ctl) => ctl.type === 'pitchBend' && ctl.value === 0));
  });
});
