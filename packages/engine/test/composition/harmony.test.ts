import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { composeTrack } from '../../src/composition/index.js';
import type { Composition, GenreId, Mode } from '../../src/types.js';
import { makeBrief } from './make-brief.js';

const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];

function correlation(a: number[], b: number[]): number {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Krumhansl–Schmuckler key estimate on duration-weighted pitch classes (an analyzer's view). */
export function estimateKey(c: Composition): { tonicPc: number; mode: 'major' | 'minor' } {
  const histogram = new Array(12).fill(0) as number[];
  for (const part of c.parts) {
    if (part.isDrums) continue;
    for (const n of part.notes) histogram[n.pitch % 12]! += Math.min(n.durationTicks, 960);
  }
  let best = { tonicPc: 0, mode: 'major' as 'major' | 'minor', score: -2 };
  for (let tonicPc = 0; tonicPc < 12; tonicPc++) {
    const rotated = histogram.map((_, i) => histogram[(i + tonicPc) % 12]!);
    for (const [mode, profile] of [
      ['major', MAJOR_PROFILE],
      ['minor', MINOR_PROFILE],
    ] as const) {
      const score = correlation(rotated, profile);
      if (score > best.score) best = { tonicPc, mode, score };
    }
  }
  return best;
}

const MINOR_GENRES: GenreId[] = [
  'pop',
  'rock',
  'lofi',
  'trap',
  'orchestral',
  'jazz',
  'house',
  'synthwave',
  'metal',
  'folk',
];

describe('harmony', () => {
  for (const genre of MINOR_GENRES) {
    it(`ends ${genre} in A minor on the minor tonic chord and uses the leading tone`, () => {
      const c = composeTrack(makeBrief({ genre, key: { tonic: 'A', mode: 'minor' }, durationSeconds: 60 }), {
        seed: 8,
      });
      const last = c.chords.at(-1)!;
      assert.equal(last.root, 'A');
      const pcs = new Set(last.pitches.map((p) => p % 12));
      assert.ok(pcs.has(0) && !pcs.has(1), `final chord ${last.symbol} is minor`);
      assert.equal(
        c.chords.at(-2)!.symbol.startsWith('E'),
        true,
        `penultimate ${c.chords.at(-2)!.symbol} is the dominant`,
      );
      const leadingTone = c.chords.some((ch) => ch.pitches.some((p) => p % 12 === 8));
      assert.ok(leadingTone, 'some chord carries G#');
    });
  }

  for (const genre of ['pop', 'lofi', 'orchestral', 'synthwave', 'folk', 'rock'] as GenreId[]) {
    it(`sounds like A minor, not C major, to a key profile for ${genre}`, () => {
      const c = composeTrack(makeBrief({ genre, key: { tonic: 'A', mode: 'minor' }, durationSeconds: 90 }), {
        seed: 21,
      });
      const key = estimateKey(c);
      assert.deepEqual({ tonicPc: key.tonicPc, mode: key.mode }, { tonicPc: 9, mode: 'minor' });
    });
  }

  it('sounds like its major key to a key profile', () => {
    const c = composeTrack(
      makeBrief({ genre: 'pop', key: { tonic: 'D', mode: 'major' }, durationSeconds: 90 }),
      { seed: 21 },
    );
    const key = estimateKey(c);
    assert.equal(key.tonicPc, 2);
    assert.equal(key.mode, 'major');
  });

  const MODE_COLOUR: [Mode, number, string][] = [
    ['dorian', 9, 'the major IV'],
    ['phrygian', 1, 'the bII'],
    ['lydian', 6, 'the major II'],
    ['mixolydian', 10, 'the bVII'],
  ];
  for (const [mode, semitones, chordName] of MODE_COLOUR) {
    it(`uses ${chordName} in ${mode}`, () => {
      const c = composeTrack(makeBrief({ key: { tonic: 'D', mode }, durationSeconds: 60 }), { seed: 8 });
      const pc = (2 + semitones) % 12;
      assert.ok(
        c.chords.some((ch) => ch.pitches.some((p) => p % 12 === pc)),
        c.chords.map((ch) => ch.symbol).join(' '),
      );
    });
  }

  it('voices chords close, above C3, moving by small steps', () => {
    const c = composeTrack(makeBrief({ genre: 'jazz', durationSeconds: 90 }), { seed: 8 });
    let movement = 0;
    for (let i = 1; i < c.chords.length; i++) {
      const previous = c.chords[i - 1]!.pitches;
      const current = c.chords[i]!.pitches;
      movement +=
        current.reduce((sum, p) => sum + Math.min(...previous.map((q) => Math.abs(p - q))), 0) /
        current.length;
      assert.ok(Math.min(...current) >= 48, `${c.chords[i]!.symbol} ${current.join(',')}`);
      assert.ok(Math.max(...current) - Math.min(...current) <= 14);
    }
    assert.ok(movement / (c.chords.length - 1) <= 2.5, `mean movement ${movement / (c.chords.length - 1)}`);
  });

  it('gives the chorus different chords from the verse', () => {
    const c = composeTrack(makeBrief({ durationSeconds: 120 }), { seed: 3 });
    const symbols = (name: string) => {
      const s = c.sections.find((x) => x.name === name)!;
      return c.chords
        .filter((ch) => ch.startTick >= s.startTick && ch.startTick < s.endTick)
        .map((ch) => ch.symbol);
    };
    assert.notDeepEqual(symbols('verse'), symbols('chorus'));
    assert.notDeepEqual(symbols('bridge'), symbols('chorus'));
  });
});
