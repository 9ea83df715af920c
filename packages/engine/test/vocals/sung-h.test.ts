// A sung "h" is breath. rms and slt voice an "h" between two vowels ("the hills", "a heart"), as
// speech does; sung, that voice ran into the vowel after it, which was heard starting 45-60 ms
// before its note (and where the "h" stayed voiced throughout, its onset could not be measured).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SINGERS } from '../../src/vocals/sing.js';
import { measureVowelOnsets } from './measure-vocal.js';
import { lay, SAMPLE_RATE_HZ, singAlone } from './sung-line.js';

describe('a sung "h" between vowels', () => {
  for (const [singerId, line, syllable, midis] of [
    // the folk song's last line and second line (100 bpm, a syllable a beat) as the tenor sings them
    ['tenor', 'And stories older than the hills are old', 'hills', [52, 53, 52, 52, 53, 55, 53, 55, 53, 53]],
    ['tenor', 'I met a stranger with a heart of gold', 'heart', [50, 50, 55, 52, 52, 52, 52, 48, 48, 50]],
  ] as const) {
    it(`is breath, so the vowel of "${syllable}" starts on its note (${singerId})`, async () => {
      const singer = SINGERS.find((candidate) => candidate.id === singerId)!;
      const notes = lay(
        line,
        midis.map((_, index) => (index === midis.length - 1 ? 1.2 : 0.6)),
        midis,
      );
      const pcm = await singAlone(notes, singer);
      const index = notes.findIndex((note) => note.syllable?.text === syllable);
      const errorSeconds = measureVowelOnsets(pcm, SAMPLE_RATE_HZ, notes)[index];
      assert.ok(typeof errorSeconds === 'number', `the onset of "${syllable}" is measured`);
      assert.ok(
        Math.abs(errorSeconds) <= 0.03,
        `the vowel of "${syllable}" starts ${Math.round(errorSeconds * 1000)} ms from its note`,
      );
    });
  }
});
