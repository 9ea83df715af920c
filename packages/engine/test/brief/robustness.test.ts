import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseBrief } from '../../src/brief/index.js';
import { createRng } from '../../src/random.js';
import { type Brief, GENRE_IDS } from '../../src/types.js';

const MODES = ['major', 'minor', 'dorian', 'phrygian', 'lydian', 'mixolydian'];
const SECTIONS = ['intro', 'verse', 'chorus', 'bridge', 'build', 'drop', 'breakdown', 'outro', 'theme'];
const KITS = [0, 8, 16, 24, 25, 32, 40, 48];

function assertValid(result: Brief, label: string): void {
  assert.ok(GENRE_IDS.includes(result.genre), label);
  assert.ok(result.secondaryGenre === null || GENRE_IDS.includes(result.secondaryGenre), label);
  assert.ok(['en', 'es', 'fr', 'de', 'pt', 'unknown'].includes(result.language), label);
  assert.ok(result.valence >= -1 && result.valence <= 1, label);
  assert.ok(result.arousal >= 0 && result.arousal <= 1, label);
  assert.ok(Number.isFinite(result.bpm) && result.bpm >= 40 && result.bpm <= 220, label);
  assert.match(result.key.tonic, /^[A-G][#b]?$/, label);
  assert.ok(MODES.includes(result.key.mode), label);
  assert.ok(result.meter.beatsPerBar >= 2 && result.meter.beatsPerBar <= 12, label);
  assert.ok([2, 4, 8].includes(result.meter.beatUnit), label);
  assert.ok(result.instruments.length >= 1 && result.instruments.length <= 8, label);
  assert.equal(result.instruments.filter((choice) => choice.role === 'lead').length, 1, label);
  assert.ok(result.instruments.filter((choice) => choice.role === 'drums').length <= 1, label);
  for (const choice of result.instruments) {
    assert.ok(Number.isInteger(choice.program) && choice.program >= 0 && choice.program <= 127, label);
    if (choice.isDrums) assert.ok(KITS.includes(choice.program), label);
  }
  if (result.exclusions.includes('drums')) {
    assert.ok(!result.instruments.some((choice) => choice.isDrums || choice.role === 'percussion'), label);
  }
  assert.ok(result.energyCurve.length >= 4, label);
  assert.ok(
    result.energyCurve.every((value) => value >= 0 && value <= 1),
    label,
  );
  assert.ok(
    result.structureHints.every((hint) => SECTIONS.includes(hint)),
    label,
  );
  assert.equal(typeof result.loop, 'boolean');
  assert.ok(result.durationSeconds > 0);
}

function randomText(seed: number): string {
  const rng = createRng(seed);
  const alphabet =
    'abcdefghijklmnopqrstuvwxyzáéíóúüñçßœ ÄÖÜ0123456789/#&-.,;!?\'"<>()[]{}\n\t😀🎵中文日本語한국어العربية';
  const chars = Array.from(alphabet);
  return Array.from({ length: rng.int(0, 300) }, () => rng.pick(chars)).join('');
}

describe('any text gives a valid brief', () => {
  const odd = [
    '',
    ' ',
    '\n\n\t',
    '🎵🎶🎸🥁',
    '一首悲伤的钢琴曲，慢节奏',
    'مقطوعة موسيقية هادئة',
    "'; DROP TABLE tracks; --",
    '<script>alert("x")</script><b>rock</b>',
    'a'.repeat(2000),
    'no '.repeat(700),
    'in A minor in B major in C# minor 3/4 6/8 120 bpm 90 bpm',
    'only only only solo solo',
    'without without without',
    '999999999999 bpm',
    '0/0 1/1 99/99',
    'NaN undefined null [object Object]',
    'drums drums drums drums drums drums drums drums drums with piano guitar bass strings choir brass flute sax organ harp bells',
    'no drums with drums',
    'lofi '.repeat(400),
  ];
  for (const text of odd) {
    it(`handles ${JSON.stringify(text.slice(0, 40))}${text.length > 40 ? '…' : ''}`, () => {
      for (const seed of [0, 1, 4294967295])
        assertValid(parseBrief(text, { durationSeconds: 30, seed }), text.slice(0, 40));
    });
  }

  it('handles 300 random strings of mixed scripts and symbols', () => {
    for (let seed = 0; seed < 300; seed++) {
      const text = randomText(seed);
      assertValid(parseBrief(text, { durationSeconds: 30, seed }), JSON.stringify(text));
    }
  });

  it('survives bad options instead of throwing', () => {
    const loose = parseBrief as unknown as (prompt: unknown, options: unknown) => Brief;
    assertValid(loose(undefined, { durationSeconds: Number.NaN, seed: Number.NaN }), 'undefined prompt');
    assertValid(
      loose(42, { durationSeconds: -5, seed: 1.5, overrides: { bpm: 'fast', key: 7 } }),
      'number prompt',
    );
  });

  // How long parsing takes is a benchmark's question (timed tests fail on a loaded machine); this
  // checks that the longest prompt the API accepts still reads what it says.
  it('reads a 2000-character prompt of repeated phrases as the phrase says', () => {
    const prompt = 'a dreamy lo-fi beat with piano, no drums, in D minor at 80 bpm and some rain. '
      .repeat(26)
      .slice(0, 2000);
    const result = parseBrief(prompt, { durationSeconds: 30, seed: 1 });
    assertValid(result, 'long prompt');
    assert.equal(result.bpm, 80);
    assert.deepEqual([result.key.tonic, result.key.mode], ['D', 'minor']);
  });
});

describe('determinism and variety', () => {
  it('returns deep-equal briefs for the same prompt and options', () => {
    for (const prompt of ['chill lofi', 'epic orchestral build and drop', 'música triste', '']) {
      const options = { durationSeconds: 45, seed: 99, loop: false };
      assert.deepEqual(parseBrief(prompt, options), parseBrief(prompt, options));
    }
  });

  it('varies tonic and bpm across seeds when the prompt does not fix them', () => {
    const briefs = Array.from({ length: 12 }, (_, seed) =>
      parseBrief('chill lofi', { durationSeconds: 30, seed }),
    );
    assert.ok(new Set(briefs.map((result) => result.key.tonic)).size > 2);
    assert.ok(new Set(briefs.map((result) => result.bpm)).size > 2);
  });

  it('keeps stated values fixed across seeds', () => {
    const briefs = Array.from({ length: 8 }, (_, seed) =>
      parseBrief('house at 124 bpm in F minor', { durationSeconds: 30, seed }),
    );
    assert.ok(
      briefs.every((result) => result.bpm === 124 && result.key.tonic === 'F' && result.key.mode === 'minor'),
    );
  });
});

describe('structure, loop and energy', () => {
  it('reads structure hints in five languages', () => {
    assert.deepEqual(
      parseBrief('intro, build-up, drop and outro', { durationSeconds: 60, seed: 1 }).structureHints,
      ['intro', 'build', 'drop', 'outro'],
    );
    assert.ok(
      parseBrief('con puente y estribillo', { durationSeconds: 60, seed: 1 }).structureHints.includes(
        'bridge',
      ),
    );
    assert.ok(
      parseBrief('avec un pont et un refrain', { durationSeconds: 60, seed: 1 }).structureHints.includes(
        'chorus',
      ),
    );
    assert.ok(
      parseBrief('mit Brücke und Strophe', { durationSeconds: 60, seed: 1 }).structureHints.includes('verse'),
    );
    assert.ok(
      parseBrief('com ponte e refrão', { durationSeconds: 60, seed: 1 }).structureHints.includes('bridge'),
    );
  });

  it('does not read "one drop" or "drop D" as a drop section', () => {
    assert.deepEqual(parseBrief('reggae one drop', { durationSeconds: 30, seed: 1 }).structureHints, []);
    assert.deepEqual(
      parseBrief('metal riffs in drop D', { durationSeconds: 30, seed: 1 }).structureHints,
      [],
    );
  });

  it('sets loop from the prompt in five languages and from options', () => {
    for (const prompt of [
      'seamless loop',
      'un bucle de lofi',
      'une boucle',
      'eine Schleife',
      'lofi em loop',
    ]) {
      assert.equal(parseBrief(prompt, { durationSeconds: 30, seed: 1 }).loop, true, prompt);
    }
    assert.equal(parseBrief('lofi', { durationSeconds: 30, seed: 1 }).loop, false);
    assert.equal(parseBrief('lofi', { durationSeconds: 30, seed: 1, loop: true }).loop, true);
  });

  it('shapes energy: calm stays lower than energetic, a build rises into the drop', () => {
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const calm = parseBrief('calm sleep music', { durationSeconds: 60, seed: 1 });
    const loud = parseBrief('energetic workout music', { durationSeconds: 60, seed: 1 });
    assert.ok(mean(calm.energyCurve) < mean(loud.energyCurve));
    assert.ok(Math.max(...calm.energyCurve) < Math.max(...loud.energyCurve));
    const edm = parseBrief('house with a long build and a big drop', { durationSeconds: 60, seed: 1 });
    const curve = edm.energyCurve;
    assert.ok(curve[1]! < curve[2]! && curve[2]! < curve[3]! && curve[3]! < curve[4]!);
    assert.equal(Math.max(...curve), curve[4]);
  });
});
