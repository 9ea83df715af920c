// Where the voice comes in — a held vowel after a voiceless consonant or at a phrase's start — its
// first periods carry the consonant's transition and are less alike than a steady vowel's. Copied
// grain by grain, the pitch tracker heard the voice steady only 35-50 ms after the note: slt's
// "Stay" (+50 ms), and the diphone baritone's "fal", "heart" and a phrase-opening "I" (+35-40 ms).
// slt's attack blends each grain with the one before; kal16 reads its vowel's first 30 ms twice
// as fast (FliteVoice.attackPeriodBlend, vowelHeadRate). Lines and notes are the lyric
// evaluation's composed songs, measured as it measures them: after the vocal strip (slt's "Stay"
// was on time before its compressor, 50 ms late after it).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createVocalChain } from '../../src/rendering/vocal-chain.js';
import { SINGERS } from '../../src/vocals/sing.js';
import { measureVowelOnsets } from './measure-vocal.js';
import { lay, SAMPLE_RATE_HZ, singAlone } from './sung-line.js';

const SLOW = [0.909, 0.909, 0.909, 0.909, 0.909, 0.909, 0.909, 1.818];

describe('a held vowel where the voice comes in', () => {
  for (const [singerId, line, syllables, lengths, midis] of [
    // the slow song's chorus (66 bpm) as the soprano sings it: "Stay" was 50 ms late
    ['soprano', 'Stay with me until the morning', ['Stay'], SLOW, [69, 70, 74, 70, 70, 70, 70, 70]],
    // the slow song's first line as the baritone sings it: "fal" was 40 ms late
    ['baritone', 'Quiet now the snow is falling', ['fal'], SLOW, [50, 46, 45, 46, 46, 46, 46, 46]],
    // the ballad's first line (80 bpm): the opening "I" was 40 ms late
    [
      'baritone',
      'I walked along the river in the morning light',
      ['I'],
      [0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 0.75, 1.5],
      [48, 48, 48, 48, 48, 48, 48, 48, 50, 48, 48, 47],
    ],
    // the folk song's second line (100 bpm): "heart" was 35 ms late
    [
      'baritone',
      'I met a stranger with a heart of gold',
      ['heart'],
      [0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 1.2],
      [45, 45, 50, 47, 47, 47, 47, 43, 43, 45],
    ],
  ] as const) {
    it(`starts the vowel of ${syllables.map((s) => `"${s}"`).join(', ')} on its note (${singerId})`, async () => {
      const singer = SINGERS.find((candidate) => candidate.id === singerId)!;
      const notes = lay(line, lengths, midis);
      const sung = await singAlone(notes, singer);
      const [left, right] = [new Float32Array(sung.length), new Float32Array(sung.length)];
      createVocalChain(SAMPLE_RATE_HZ).process(sung, 0, left, right, 0, sung.length);
      const errors = measureVowelOnsets(left, SAMPLE_RATE_HZ, notes);
      for (const syllable of syllables) {
        const errorSeconds = errors[notes.findIndex((note) => note.syllable?.text === syllable)];
        assert.ok(typeof errorSeconds === 'number', `the onset of "${syllable}" is measured`);
        // in whole ms, as the lyric evaluation counts them (the tracker's hop is 5 ms)
        const errorMs = Math.round(errorSeconds * 1000);
        assert.ok(Math.abs(errorMs) <= 30, `the vowel of "${syllable}" starts ${errorMs} ms from its note`);
      }
    });
  }
});
