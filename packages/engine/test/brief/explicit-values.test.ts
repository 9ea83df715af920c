import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeKey, formatMeter, parseBrief, parseKey, parseMeter } from '../../src/brief/index.js';

const brief = (prompt: string, seed = 1) => parseBrief(prompt, { durationSeconds: 30, seed });

describe('explicit tempo', () => {
  const cases: Array<[string, number]> = [
    ['lofi at 92 bpm', 92],
    ['house 128bpm', 128],
    ['techno, tempo 132', 132],
    ['rock song at 140 BPM', 140],
    ['canción de salsa a 120 ppm', 120],
    ['samba a 100 lpm', 100],
    ['un morceau à 120 bpm', 120],
    ['Techno mit 120 Schläge pro Minute', 120],
    ['batida a 95 batidas por minuto', 95],
    ['tempo: 87', 87],
    ['something between 120-130 bpm', 125],
  ];
  for (const [prompt, bpm] of cases) {
    it(`reads ${bpm} from "${prompt}"`, () => {
      const result = brief(prompt);
      assert.equal(result.bpm, bpm);
      assert.equal(result.bpmSource, 'prompt');
    });
  }

  it('clamps absurd tempos to 40–220', () => {
    assert.equal(brief('metal at 999 bpm').bpm, 220);
    assert.equal(brief('ambient at 5 bpm').bpm, 40);
  });

  it('moves the tempo with tempo words in every language', () => {
    for (const [slow, fast] of [
      ['slow pop', 'fast pop'],
      ['pop lento', 'pop rápido'],
      ['pop lent', 'pop rapide'],
      ['langsamer Pop', 'schneller Pop'],
      ['pop devagar', 'pop acelerado'],
    ] as const) {
      for (const seed of [1, 2, 3])
        assert.ok(brief(slow, seed).bpm < brief(fast, seed).bpm, `${slow} < ${fast}`);
    }
    assert.ok(brief('very fast rock').bpm >= 150);
    assert.ok(brief('slow ambient').bpm <= 80);
  });

  it('keeps half-time trap in its stated range when no tempo is given', () => {
    for (let seed = 0; seed < 20; seed++) {
      const { bpm } = brief('dark trap beat', seed);
      assert.ok(bpm >= 130 && bpm <= 150, String(bpm));
    }
  });
});

describe('explicit key', () => {
  const cases: Array<[string, string]> = [
    ['lofi in D minor', 'D minor'],
    ['Bb major jazz', 'Bb major'],
    ['F# minor synthwave', 'F# minor'],
    ['piano in A min', 'A minor'],
    ['sad song in Am', 'A minor'],
    ['C#m trap', 'C# minor'],
    ['guitar in E phrygian', 'E phrygian'],
    ['funk groove, D dorian', 'D dorian'],
    ['B flat minor ballad', 'Bb minor'],
    ['in a minor, with strings', 'A minor'],
    ['balada en la menor', 'A minor'],
    ['samba em lá menor', 'A minor'],
    ['valse en ré mineur', 'D minor'],
    ['rock en do mayor', 'C major'],
    ['cumbia en sol# menor', 'G# minor'],
    ['bolero en si bemol mayor', 'Bb major'],
    ['Rock in a-Moll', 'A minor'],
    ['Marsch in D-Dur', 'D major'],
    ['Ballade in fis-Moll', 'F# minor'],
    ['Pop in H-Dur', 'B major'],
    ['Jazz in B-Dur', 'Bb major'],
    ['Trauermarsch in es-Moll', 'Eb minor'],
  ];
  for (const [prompt, key] of cases) {
    it(`reads ${key} from "${prompt}"`, () => {
      const result = brief(prompt);
      assert.equal(describeKey(result.key), key);
      assert.equal(result.keySource, 'prompt');
    });
  }

  it('does not read everyday words as keys', () => {
    for (const prompt of [
      'I am a fan of a band',
      'am I dreaming? a song for a rainy day',
      'a major hit for the summer',
      'música em casa, em paz',
      'la mayor parte del tiempo tranquila',
      'mi mayor sueño',
      'fm radio synth pop, 10 cm',
      'low-key a little sad',
      'a monkey of a song',
    ]) {
      for (let seed = 0; seed < 4; seed++) {
        assert.notEqual(brief(prompt, seed).keySource, 'prompt', prompt);
      }
    }
  });

  it('takes the mode alone from "a minor key" and the tonic alone from "key of E"', () => {
    const minorOnly = brief('a melody in a minor key');
    assert.equal(minorOnly.key.mode, 'minor');
    assert.equal(brief('in the key of E').key.tonic, 'E');
  });

  it('parses key overrides and rejects nonsense', () => {
    assert.deepEqual(parseKey('D minor'), { tonic: 'D', mode: 'minor' });
    assert.deepEqual(parseKey('F#m'), { tonic: 'F#', mode: 'minor' });
    assert.deepEqual(parseKey('Am'), { tonic: 'A', mode: 'minor' });
    assert.deepEqual(parseKey('Bb'), { tonic: 'Bb', mode: 'major' });
    assert.deepEqual(parseKey('la menor'), { tonic: 'A', mode: 'minor' });
    assert.deepEqual(parseKey('fis-Moll'), { tonic: 'F#', mode: 'minor' });
    assert.equal(parseKey('purple'), null);
    assert.equal(parseKey(''), null);
    assert.equal(parseKey('H minor'), null);
  });
});

describe('explicit meter', () => {
  const cases: Array<[string, string]> = [
    ['folk in 3/4', '3/4'],
    ['a 6/8 ballad', '6/8'],
    ['rock 4/4', '4/4'],
    ['a waltz for piano', '3/4'],
    ['un vals triste', '3/4'],
    ['une valse lente', '3/4'],
    ['ein Walzer', '3/4'],
    ['uma valsa', '3/4'],
    ['an irish jig', '6/8'],
    ['odd 7/8 groove', '7/8'],
  ];
  for (const [prompt, meter] of cases) {
    it(`reads ${meter} from "${prompt}"`, () => {
      const result = brief(prompt);
      assert.equal(formatMeter(result.meter), meter);
      assert.equal(result.meterSource, 'prompt');
    });
  }

  it('ignores slashes that are not meters', () => {
    assert.equal(brief('24/7 lofi stream').meterSource, 'genre');
    assert.equal(brief('on 12/25/2024').meterSource, 'genre');
  });

  it('parses meter overrides', () => {
    assert.deepEqual(parseMeter('6/8'), { beatsPerBar: 6, beatUnit: 8 });
    assert.deepEqual(parseMeter('waltz'), { beatsPerBar: 3, beatUnit: 4 });
    assert.equal(parseMeter('13/7'), null);
    assert.equal(parseMeter('fast'), null);
  });
});

describe('overrides', () => {
  it('win over the prompt and are marked as overrides', () => {
    const result = parseBrief('house at 124 bpm in A minor, 4/4', {
      durationSeconds: 60,
      seed: 3,
      overrides: { bpm: 100, key: 'F# dorian', meter: '3/4' },
    });
    assert.equal(result.bpm, 100);
    assert.equal(result.bpmSource, 'override');
    assert.equal(describeKey(result.key), 'F# dorian');
    assert.equal(result.keySource, 'override');
    assert.equal(formatMeter(result.meter), '3/4');
    assert.equal(result.meterSource, 'override');
  });

  it('ignores unreadable override strings', () => {
    const result = parseBrief('house in A minor', {
      durationSeconds: 60,
      seed: 3,
      overrides: { key: 'banana', meter: 'lots', bpm: Number.NaN },
    });
    assert.equal(describeKey(result.key), 'A minor');
    assert.equal(result.keySource, 'prompt');
    assert.equal(result.bpmSource, 'genre');
    assert.equal(result.meterSource, 'genre');
  });
});
