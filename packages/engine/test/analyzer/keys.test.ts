import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { judgeTempo } from '../../eval/checks.js';
import { judgeKey, modeFamily, pitchClassOf } from '../../eval/keys.js';

describe('key and tempo judgement', () => {
  it('treats enharmonic spellings as the same pitch class', () => {
    assert.equal(pitchClassOf('F#'), pitchClassOf('Gb'));
    assert.equal(pitchClassOf('Bb'), 10);
    assert.equal(pitchClassOf('Cb'), 11);
    assert.ok(Number.isNaN(pitchClassOf('H')));
  });

  it('folds church modes onto the family their third gives', () => {
    assert.equal(modeFamily('dorian'), 'minor');
    assert.equal(modeFamily('phrygian'), 'minor');
    assert.equal(modeFamily('lydian'), 'major');
    assert.equal(modeFamily('mixolydian'), 'major');
  });

  it('judges right, relative and wrong keys', () => {
    assert.equal(judgeKey({ tonic: 'F#', mode: 'minor' }, { tonic: 'Gb', mode: 'minor' }), 'right');
    assert.equal(judgeKey({ tonic: 'A', mode: 'minor' }, { tonic: 'C', mode: 'major' }), 'relative');
    assert.equal(judgeKey({ tonic: 'C', mode: 'major' }, { tonic: 'A', mode: 'minor' }), 'relative');
    assert.equal(judgeKey({ tonic: 'A', mode: 'minor' }, { tonic: 'A', mode: 'major' }), 'wrong');
    assert.equal(judgeKey({ tonic: 'A', mode: 'minor' }, { tonic: 'E', mode: 'minor' }), 'wrong');
  });

  it('passes a tempo only at 1× and names octave errors without passing them', () => {
    assert.equal(judgeTempo(128, 127.2), 'exact');
    assert.equal(judgeTempo(174, 87.1), 'half');
    assert.equal(judgeTempo(80, 160.5), 'double');
    assert.equal(judgeTempo(120, 123), 'other');
  });
});
