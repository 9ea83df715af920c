import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { InputError, parseProgression, prepareTrack } from '../../src/index.js';
import { keyOfProgression, resolveProgression } from '../../src/inputs/chords.js';

const C_MAJOR = { tonic: 'C', mode: 'major' as const };

describe('chord progressions', () => {
  it('reads one bar per chord, bars after a colon, and bar lines that split a bar between its chords', () => {
    assert.deepEqual(
      parseProgression('Am F C G').map((c) => [c.text, c.bars]),
      [
        ['Am', 1],
        ['F', 1],
        ['C', 1],
        ['G', 1],
      ],
    );
    assert.deepEqual(
      parseProgression('Am:2 F C:0.5 G:1.5').map((c) => c.bars),
      [2, 1, 0.5, 1.5],
    );
    assert.deepEqual(
      parseProgression('| Dm7 G7 | Cmaj7 | % |').map((c) => [c.text, c.bars]),
      [
        ['Dm7', 0.5],
        ['G7', 0.5],
        ['Cmaj7', 1],
        ['Cmaj7', 1],
      ],
    );
    assert.deepEqual(
      parseProgression('Am, F, C, G').map((c) => c.text),
      ['Am', 'F', 'C', 'G'],
    );
  });

  it('resolves slash chords with their bass note and roman numerals in the key', () => {
    const [slash] = resolveProgression(parseProgression('C/E'), C_MAJOR);
    assert.equal(slash!.rootPc, 0);
    assert.equal(slash!.bassPc, 4);
    assert.deepEqual(slash!.pcs, [0, 4, 7]);
    const numerals = resolveProgression(parseProgression('I V vi IV'), { tonic: 'G', mode: 'major' });
    assert.deepEqual(
      numerals.map((c) => c.symbol),
      ['G', 'D', 'Em', 'C'],
    );
  });

  it('refuses an unknown chord symbol naming the symbol and where it is', () => {
    assert.throws(
      () => parseProgression('Am F H7 G'),
      (error: unknown) =>
        error instanceof InputError &&
        error.field === 'chords' &&
        error.message.includes('"H7"') &&
        error.message.includes('chord 3') &&
        error.message.includes('character 6'),
    );
    assert.throws(() => parseProgression('C/X'), /unknown chord symbol "C\/X"/);
    assert.throws(() => parseProgression('   '), InputError);
    assert.throws(() => parseProgression('| Am:2 |'), /drop the ":bars"/);
  });

  it('derives the key from a progression when the prompt names none', () => {
    const key = (text: string) => keyOfProgression(resolveProgression(parseProgression(text), C_MAJOR));
    assert.deepEqual(key('Am F C G'), { tonic: 'A', mode: 'minor' });
    assert.deepEqual(key('C G Am F'), { tonic: 'C', mode: 'major' });
    assert.deepEqual(key('Dm7 G7 Cmaj7'), { tonic: 'C', mode: 'major' });
    assert.deepEqual(key('Em C G D'), { tonic: 'E', mode: 'minor' });
    const prepared = prepareTrack({ prompt: 'dreamy pop', durationSeconds: 20, seed: 1, chords: 'Em C G D' });
    assert.deepEqual(prepared.brief.key, { tonic: 'E', mode: 'minor' });
    assert.equal(prepared.brief.keySource, 'chords');
  });

  it('keeps a key the prompt states and reads numerals in it, their case choosing the mode otherwise', () => {
    const stated = prepareTrack({
      prompt: 'pop in D major',
      durationSeconds: 20,
      seed: 1,
      chords: 'I V vi IV',
    });
    assert.deepEqual(stated.brief.key, { tonic: 'D', mode: 'major' });
    assert.deepEqual(
      stated.inputs.progression!.map((c) => c.symbol),
      ['D', 'A', 'Bm', 'G'],
    );
    const minor = prepareTrack({ prompt: 'pop', durationSeconds: 20, seed: 1, chords: 'i bVI bIII bVII' });
    assert.equal(minor.brief.key.mode, 'minor');
  });
});
