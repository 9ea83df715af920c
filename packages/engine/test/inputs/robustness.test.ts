import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import { prepareTrack } from '../../src/index.js';
import type { TrackRequest } from '../../src/types.js';

const MELODY = {
  bpm: 90,
  meter: null,
  notes: [
    { startTick: 0, durationTicks: 480, pitch: 72, velocity: 90 },
    { startTick: 480, durationTicks: 240, pitch: 74, velocity: 70 },
    { startTick: 720, durationTicks: 1200, pitch: 76, velocity: 100 },
  ],
};

const CASES: Partial<TrackRequest>[] = [
  { chords: 'C' },
  { chords: 'Am:0.25 F:0.75 C:3' },
  { chords: 'i bVII bVI V7' },
  { chords: 'Dm7 G7 Cmaj7', loop: true },
  { chords: 'C G Am F', overrides: { meter: '6/8' } },
  { chords: 'Em C G D', overrides: { meter: '3/4', key: 'B minor' } },
  { melody: MELODY },
  { melody: { ...MELODY, notes: [{ startTick: 96_000, durationTicks: 120, pitch: 30, velocity: 1 }] } },
  { melody: MELODY, chords: 'F:2 C:2', loop: true },
  { sections: [{ name: 'Solo', bars: 6, instruments: ['lead', 'percussion'] }], prompt: 'salsa with congas' },
  {
    sections: [
      { name: 'x', seconds: 5 },
      { name: 'drop', bars: 2, energy: 0 },
    ],
    loop: true,
  },
  { sections: [{ name: 'verse', bars: 8, prompt: 'only piano, very calm' }], melody: MELODY },
  {
    sections: [
      { name: 'a', bars: 4, instruments: ['strings'] },
      { name: 'b', bars: 4, instruments: ['drums', 'bass'] },
    ],
    chords: '| C/E | F G |',
  },
];

const PROMPTS = ['lofi hip hop', 'heavy metal', 'orchestral film score', 'techno 130 bpm', 'solo piano'];

describe('inputs with every kind of prompt', () => {
  it('always compose a playable score: no throw, notes in range, sections covering the length', () => {
    for (const prompt of PROMPTS) {
      for (const [index, extra] of CASES.entries()) {
        const request: TrackRequest = { prompt, durationSeconds: 20, seed: index, ...extra };
        const prepared = prepareTrack(request);
        const composition = composeTrack(prepared.brief, { seed: index, ...prepared.inputs });
        const where = `${prompt} / case ${index + 1}`;
        const totalTicks = composition.sections.at(-1)!.endTick;
        assert.ok(totalTicks > 0, where);
        for (const part of composition.parts) {
          for (const note of part.notes) {
            assert.ok(Number.isInteger(note.startTick) && note.startTick >= 0, `${where}: ${part.id} start`);
            assert.ok(
              note.durationTicks > 0 && note.pitch >= 0 && note.pitch <= 127,
              `${where}: ${part.id} note`,
            );
            assert.ok(note.startTick < totalTicks, `${where}: ${part.id} inside the form`);
          }
        }
        assert.ok(
          composition.parts.some((part) => part.notes.length > 0),
          `${where}: something plays`,
        );
        assert.ok(Number.isFinite(prepared.durationSeconds) && prepared.durationSeconds >= 5, where);
      }
    }
  });
});
