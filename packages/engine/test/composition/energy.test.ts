import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { Brief } from '../../src/types.js';
import { BASS, DRUMS, LEAD, makeBrief, PAD, PIANO } from './make-brief.js';
import { allNotes, notesPerSecond, onsetsPerSecond } from './score-checks.js';

const CALM: Partial<Brief> = { arousal: 0.1, energyCurve: [0.2, 0.3, 0.25], moods: ['calm'] };
const ENERGETIC: Partial<Brief> = { arousal: 0.9, energyCurve: [0.7, 0.9, 1, 0.8], moods: ['energetic'] };
const FULL_BAND = [DRUMS, BASS, PIANO, PAD, LEAD];

function meanVelocity(brief: Brief): number {
  const notes = allNotes(composeTrack(brief, { seed: 5 }));
  return notes.reduce((sum, n) => sum + n.velocity, 0) / notes.length;
}

describe('energy', () => {
  const pairs: [string, Partial<Brief>, Partial<Brief>][] = [
    [
      'calm ambient vs energetic techno',
      { genre: 'ambient', bpm: 66, ...CALM },
      { genre: 'techno', bpm: 130, ...ENERGETIC },
    ],
    [
      'calm lo-fi vs energetic metal',
      { genre: 'lofi', bpm: 78, ...CALM },
      { genre: 'metal', bpm: 170, ...ENERGETIC },
    ],
    [
      'calm pop vs energetic pop',
      { genre: 'pop', bpm: 110, ...CALM },
      { genre: 'pop', bpm: 110, ...ENERGETIC },
    ],
    [
      'calm folk vs energetic house',
      { genre: 'folk', bpm: 90, ...CALM },
      { genre: 'house', bpm: 124, ...ENERGETIC },
    ],
  ];
  for (const [label, calm, energetic] of pairs) {
    it(`gives ${label} clearly fewer onsets and notes per second and softer velocities`, () => {
      const calmBrief = makeBrief({ durationSeconds: 60, instruments: FULL_BAND, ...calm });
      const energeticBrief = makeBrief({ durationSeconds: 60, instruments: FULL_BAND, ...energetic });
      const a = composeTrack(calmBrief, { seed: 5 });
      const b = composeTrack(energeticBrief, { seed: 5 });
      assert.ok(
        onsetsPerSecond(b) >= 1.8 * onsetsPerSecond(a),
        `onsets/s ${onsetsPerSecond(a)} vs ${onsetsPerSecond(b)}`,
      );
      assert.ok(
        notesPerSecond(b) >= 1.8 * notesPerSecond(a),
        `notes/s ${notesPerSecond(a)} vs ${notesPerSecond(b)}`,
      );
      assert.ok(meanVelocity(energeticBrief) > meanVelocity(calmBrief) + 8);
    });
  }

  it('keeps drums sparse or silent in a calm ambient piece', () => {
    const c = composeTrack(
      makeBrief({ genre: 'ambient', bpm: 64, durationSeconds: 60, instruments: FULL_BAND, ...CALM }),
      { seed: 5 },
    );
    const drums = c.parts.find((p) => p.isDrums)!;
    assert.ok(drums.notes.length / 60 < 0.5, `${drums.notes.length} drum hits`);
  });

  it('makes the chorus louder and denser than the verse', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 120, energyCurve: [0.5, 0.5] }), { seed: 5 });
    const stats = (name: string) => {
      const s = c.sections.find((x) => x.name === name)!;
      const notes = allNotes(c).filter((n) => n.startTick >= s.startTick && n.startTick < s.endTick);
      return {
        rate: notes.length / (s.endTick - s.startTick),
        velocity: notes.reduce((t, n) => t + n.velocity, 0) / notes.length,
      };
    };
    assert.ok(stats('chorus').velocity > stats('verse').velocity);
    assert.ok(stats('chorus').rate >= stats('verse').rate);
  });
});
