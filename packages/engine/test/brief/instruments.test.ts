import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';
import type { Brief, InstrumentChoice } from '../../src/types.js';

const brief = (prompt: string, seed = 1) => parseBrief(prompt, { durationSeconds: 30, seed });
const programs = (result: Brief) => result.instruments.map((choice) => choice.program);
const lead = (result: Brief) => result.instruments.find((choice) => choice.role === 'lead');
const hasDrums = (result: Brief) =>
  result.instruments.some((choice) => choice.isDrums || choice.role === 'percussion');
const isPiano = (choice: InstrumentChoice) => !choice.isDrums && choice.program <= 5;

describe('named instruments', () => {
  it('adds named instruments to the genre defaults in every language', () => {
    const cases: Array<[string, number]> = [
      ['lofi with cello', 42],
      ['lofi con violonchelo', 42],
      ['lofi avec violoncelle', 42],
      ['Lofi mit Cello', 42],
      ['lofi com violoncelo', 42],
      ['pop with flute', 73],
      ['pop con flauta', 73],
      ['pop avec flûte', 73],
      ['Pop mit Flöte', 73],
      ['rock with organ', 16],
      ['jazz with trumpet', 56],
      ['house with choir', 52],
      ['folk with harp', 46],
      ['country with pedal steel', 25],
      ['pop with ukulele', 24],
      ['synthwave with synth pad', 89],
      ['ambient con cuerdas', 48],
      ['ambient avec cordes', 48],
      ['Ambient mit Streichern', 48],
      ['ambient com cordas', 48],
      ['rock with violin', 40],
      ['pop avec guitare acoustique', 25],
      ['jazz com violão', 24],
    ];
    for (const [prompt, program] of cases) assert.ok(programs(brief(prompt)).includes(program), prompt);
  });

  it('makes a named lead the only lead', () => {
    const cello = brief('jazzy lo-fi with cello lead');
    assert.equal(lead(cello)?.program, 42);
    const sax = brief('saxophone solo over a lofi beat');
    assert.equal(lead(sax)?.name, 'saxophone');
    for (const result of [cello, sax]) {
      assert.equal(result.instruments.filter((choice) => choice.role === 'lead').length, 1);
    }
  });

  it('gives the 808 and trap their TR-808 sound', () => {
    const result = brief('beat with heavy 808s');
    assert.equal(result.genre, 'trap');
    assert.ok(result.instruments.some((choice) => choice.role === 'bass' && choice.name.includes('808')));
    assert.equal(result.instruments.find((choice) => choice.role === 'drums')?.program, 25);
  });

  it('plays only the named instrument for "solo piano", "only piano" and "piano only"', () => {
    for (const prompt of [
      'solo piano',
      'only piano',
      'piano only, sad',
      'solo piano triste',
      'nur Klavier',
      'seulement piano',
      'apenas piano',
    ]) {
      const result = brief(prompt);
      assert.ok(result.instruments.length > 0, prompt);
      assert.ok(result.instruments.every(isPiano), `${prompt}: ${JSON.stringify(result.instruments)}`);
      assert.equal(result.instruments.filter((choice) => choice.role === 'lead').length, 1);
    }
  });

  it('does not add drums for "beats per minute"', () => {
    assert.equal(hasDrums(brief('ambient at 70 beats per minute')), false);
    assert.equal(hasDrums(brief('ambiente a 70 batidas por minuto')), false);
  });

  it('does not hear a voice in "singing bowls"', () => {
    const result = brief('meditation music with singing bowls and flute');
    assert.ok(!result.instruments.some((choice) => choice.program === 53));
    assert.equal(lead(result)?.program, 73);
  });

  it('thins default parts for calm prompts but keeps what was named', () => {
    const calm = brief('calm sleepy orchestral music');
    const lively = brief('energetic orchestral music');
    assert.ok(calm.instruments.length < lively.instruments.length);
    assert.ok(brief('calm orchestral music with harp').instruments.some((choice) => choice.program === 46));
  });

  it('expands named ensembles into their instruments', () => {
    const quartet = brief('romantic string quartet');
    assert.equal(quartet.genre, 'orchestral');
    assert.deepEqual(
      programs(quartet).sort((a, b) => a - b),
      [40, 40, 41, 42],
    );
    const trio = brief('trio de jazz tranquilo');
    assert.deepEqual(
      [...new Set(programs(trio))].sort((a, b) => a - b),
      [0, 32],
    );
    assert.ok(hasDrums(trio));
  });

  it('keeps "only piano and cello" to those two', () => {
    const result = brief('only piano and cello');
    assert.deepEqual(
      [...new Set(programs(result))].sort((a, b) => a - b),
      [0, 42],
    );
  });
});

describe('exclusions', () => {
  const drumless: Array<[string, string]> = [
    ['lofi, no drums', 'drums'],
    ['lofi without drums', 'drums'],
    ['drumless lofi', 'drums'],
    ['lofi sin batería', 'drums'],
    ['lofi sans batterie', 'drums'],
    ['Lofi ohne Schlagzeug', 'drums'],
    ['lofi sem bateria', 'drums'],
    ['latin salsa without percussion or drums', 'drums'],
  ];
  for (const [prompt, word] of drumless) {
    it(`removes drums and percussion for "${prompt}"`, () => {
      const result = brief(prompt);
      assert.ok(result.exclusions.includes(word));
      assert.equal(hasDrums(result), false);
    });
  }

  it('removes pianos, bass and guitars in every language', () => {
    const cases: Array<[string, string, (choice: InstrumentChoice) => boolean]> = [
      ['jazz without piano', 'piano', isPiano],
      ['jazz sin piano', 'piano', isPiano],
      ['jazz sans piano', 'piano', isPiano],
      ['Jazz ohne Klavier', 'piano', isPiano],
      ['jazz sem piano', 'piano', isPiano],
      ['house, no bass', 'bass', (choice) => choice.role === 'bass'],
      ['rock sin bajo', 'bass', (choice) => choice.role === 'bass'],
      [
        'rock ohne Gitarre',
        'guitar',
        (choice) => !choice.isDrums && choice.program >= 24 && choice.program <= 31,
      ],
      [
        'funk, keine Gitarren und kein Bass',
        'guitar',
        (choice) =>
          choice.role === 'bass' || (choice.program >= 24 && choice.program <= 31 && !choice.isDrums),
      ],
    ];
    for (const [prompt, word, forbidden] of cases) {
      const result = brief(prompt);
      assert.ok(result.exclusions.includes(word), `${prompt}: ${result.exclusions}`);
      assert.equal(
        result.instruments.filter(forbidden).length,
        0,
        `${prompt}: ${JSON.stringify(result.instruments)}`,
      );
    }
  });

  it('carries a negation across an "or" list', () => {
    const result = brief('synthwave, no drums, bass or piano');
    assert.deepEqual(result.exclusions, ['drums', 'bass', 'piano']);
    assert.ok(
      !result.instruments.some((choice) => choice.role === 'bass' || isPiano(choice) || choice.isDrums),
    );
  });

  it('records vocals exclusions without removing the music', () => {
    for (const prompt of ['instrumental trap', 'trap, no vocals', 'trap sin voz', 'trap ohne Gesang']) {
      const result = brief(prompt);
      assert.ok(result.exclusions.includes('vocals'), prompt);
      assert.ok(
        !result.instruments.some(
          (choice) => [52, 53, 54, 85, 91].includes(choice.program) && !choice.isDrums,
        ),
      );
      assert.ok(result.instruments.some((choice) => choice.role === 'lead'));
    }
  });

  it('reads Portuguese "no piano" as "on the piano"', () => {
    const result = brief('uma música calma tocada no piano, com cordas');
    assert.equal(result.language, 'pt');
    assert.ok(!result.exclusions.includes('piano'));
  });

  it('replaces an excluded synth bass with another bass', () => {
    const result = brief('synthwave with no synths');
    assert.ok(result.instruments.some((choice) => choice.role === 'bass'));
    assert.ok(
      result.instruments.every((choice) => choice.isDrums || choice.program < 80 || choice.program > 103),
    );
  });
});

describe('playable part lists', () => {
  it('always has one lead, at most one drum part, at most 8 parts and a bass where the genre has one', () => {
    const prompts = [
      'epic cinematic orchestral trailer with choir, strings, brass, taiko, piano, harp, flute, violin, cello and drums',
      'only drums',
      'no piano, no guitar, no strings, no synth, no brass, no flute, no sax, no organ, no bells, no pads',
      'afrobeat with congas, bongos and a drum machine',
      'ambient',
    ];
    for (const prompt of prompts) {
      const result = brief(prompt);
      const roles = result.instruments.map((choice) => choice.role);
      assert.ok(result.instruments.length >= 1 && result.instruments.length <= 8, prompt);
      assert.equal(roles.filter((role) => role === 'lead').length, 1, prompt);
      assert.ok(roles.filter((role) => role === 'drums').length <= 1, prompt);
      assert.ok(
        result.instruments.some(
          (choice) => !choice.isDrums && choice.role !== 'bass' && choice.role !== 'percussion',
        ),
      );
    }
    assert.ok(brief('ambient').instruments.some((choice) => choice.role === 'bass'));
    assert.ok(brief('rock').instruments.some((choice) => choice.role === 'bass'));
  });
});
