import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { guessPronunciation, syllabify, syllabifyLine } from '../../src/vocals/pronounce.js';

const shape = (word: string) => syllabify(word).map((syllable) => [syllable.text, syllable.stress]);

describe('syllabify', () => {
  it('splits dictionary words into syllables with their stress', () => {
    assert.deepEqual(shape('hello'), [
      ['hel', 0],
      ['lo', 1],
    ]);
    assert.deepEqual(shape('happy'), [
      ['hap', 1],
      ['py', 0],
    ]);
    assert.deepEqual(shape('tonight'), [
      ['to', 0],
      ['night', 1],
    ]);
    assert.deepEqual(shape('table'), [
      ['ta', 1],
      ['ble', 0],
    ]);
    assert.equal(syllabify('beautiful').length, 3);
    assert.equal(syllabify('strength').length, 1);
  });

  it('gives each syllable one vowel with its consonants by maximal onset', () => {
    assert.deepEqual(
      syllabify('extra').map((syllable) => syllable.phonemes),
      [
        ['EH', 'K'],
        ['S', 'T', 'R', 'AH'],
      ],
    );
    assert.deepEqual(syllabify('strength')[0]!.phonemes, ['S', 'T', 'R', 'EH', 'NG', 'K', 'TH']);
  });

  it('joins the syllables of a word back into the word', () => {
    for (const word of [
      'Beautiful',
      'everything',
      'tomorrow',
      'singing',
      "don't",
      'Trackforge',
      'zorbulant',
    ]) {
      assert.equal(
        syllabify(word)
          .map((syllable) => syllable.text)
          .join(''),
        word,
      );
    }
  });

  it('pronounces words the dictionary lacks with letter-to-sound rules', () => {
    assert.deepEqual(guessPronunciation('zinkle'), ['Z', 'IH1', 'N', 'K', 'AH0', 'L']);
    const made = syllabify('blorptastic');
    assert.equal(made.length, 3);
    assert.equal(made[0]!.stress, 1);
    assert.ok(made.every((syllable) => syllable.phonemes.length > 0));
  });

  it('marks word starts and ends and drops punctuation', () => {
    const line = syllabifyLine('Hello, darling — tonight!');
    assert.deepEqual(
      line.map((syllable) => syllable.text),
      ['Hel', 'lo', 'dar', 'ling', 'to', 'night'],
    );
    assert.deepEqual(
      line.map((syllable) => [syllable.wordStart, syllable.wordEnd]),
      [
        [true, false],
        [false, true],
        [true, false],
        [false, true],
        [true, false],
        [false, true],
      ],
    );
  });

  it('reads small numbers as words and ignores bare punctuation', () => {
    assert.equal(syllabify('7').length, 2);
    assert.deepEqual(syllabify('—'), []);
  });
});
