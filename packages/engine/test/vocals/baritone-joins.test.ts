// The baritone (CMU's kal16 diphones) joins its recorded diphones mid-phone, and at a join the
// spoken waveform changes from one period to the next: copied grain by grain, the sung voice
// there was no longer periodic for 10-20 ms and the pitch tracker lost it. In a held vowel that
// cost the note its voice ("a" before "stranger", 78 % voiced); in the "n" of "un" it read as a
// voice starting again, the vowel of "til" heard 75-80 ms early.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SINGERS } from '../../src/vocals/sing.js';
import { measureNoteVoicing, measureVowelOnsets } from './measure-vocal.js';
import { lay, SAMPLE_RATE_HZ, singAlone } from './sung-line.js';

const baritone = SINGERS.find((candidate) => candidate.id === 'baritone')!;

describe('the baritone across its diphone joins', () => {
  it("keeps every held note of the folk song's second line voiced for 80 % of it or more", async () => {
    // 100 bpm, a syllable a beat, as the composer writes the folk song for the baritone
    const notes = lay(
      'I met a stranger with a heart of gold',
      [0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.45],
      [45, 45, 50, 47, 47, 47, 47, 43, 43, 45],
    );
    // and "gold" carried on over a second note, a melisma
    notes.push({ startSeconds: 0.6 + 5.85, durationSeconds: 0.75, midi: 43, syllable: null });
    const pcm = await singAlone(notes, baritone);
    measureNoteVoicing(pcm, SAMPLE_RATE_HZ, notes).forEach((share, index) => {
      const text = notes[index]!.syllable?.text ?? '~';
      assert.ok(share >= 0.8, `"${text}" (note ${index}) is voiced for ${(share * 100).toFixed(1)} %`);
    });
  });

  it('starts the vowel of "til" on its note after the "n" of "un" (uptempo chorus)', async () => {
    const notes = lay(
      'Dancing on the wire until the night is gone',
      [0.703, 0.234, 0.703, 0.234, 0.469, 0.234, 0.234, 0.703, 0.234, 0.703, 0.234, 0.469],
      [48, 48, 48, 50, 50, 48, 50, 50, 50, 50, 50, 47],
    );
    const pcm = await singAlone(notes, baritone);
    const til = notes.findIndex((note) => note.syllable?.text === 'til');
    const errorSeconds = measureVowelOnsets(pcm, SAMPLE_RATE_HZ, notes)[til];
    assert.ok(errorSeconds !== null && errorSeconds !== undefined, 'the onset of "til" is measured');
    assert.ok(
      Math.abs(errorSeconds) <= 0.03,
      `the vowel of "til" starts ${Math.round(errorSeconds * 1000)} ms from its note`,
    );
  });
});
