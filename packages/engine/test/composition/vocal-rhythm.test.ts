import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeLine, type RhythmGrid, sungStress } from '../../src/composition/vocal-rhythm.js';
import { composeRequest } from '../../src/lineage.js';
import { findSungVoice, sungVoiceSpec } from '../../src/singer-voices.js';
import { PPQ } from '../../src/types.js';
import { syllabifyLine } from '../../src/vocals/pronounce.js';

const gridAt = (bpm: number): RhythmGrid => ({ bpm, beatTicks: PPQ, ticksPerBar: 4 * PPQ });
const secondsOf = (ticks: number, bpm: number) => (ticks * 60) / (bpm * PPQ);

describe('the rhythm of a sung line', () => {
  const LINES = [
    'The city was asleep and everything was right',
    'I walked along the river in the morning light',
    'Quiet now, the snow is falling',
  ];

  it('gives the time a stress waits for its beat to a stressed syllable, never to an unstressed one', () => {
    for (const bpm of [66, 80, 100, 128]) {
      for (const text of LINES) {
        const syllables = syllabifyLine(text);
        const timings = placeLine(syllables, 0, 4 * 4 * PPQ, 'sung', gridAt(bpm));
        timings.slice(0, -1).forEach((timing, i) => {
          const syllable = syllables[i]!;
          if (sungStress(syllable) > 0) return;
          assert.ok(
            timing.durationTicks <= PPQ,
            `"${syllable.text}" of "${text}" at ${bpm} bpm held ${timing.durationTicks / PPQ} beats`,
          );
        });
      }
    }
  });

  it('holds a line’s last note at most two beats or 1.5 s, leaving the rest of a long span as a rest', () => {
    const bpm = 80;
    const syllables = syllabifyLine('I walked along the river in the morning light');
    const timings = placeLine(syllables, 0, 4 * 4 * PPQ, 'sung', gridAt(bpm));
    const last = timings.at(-1)!;
    assert.ok(
      secondsOf(last.durationTicks, bpm) <= Math.max(1.5, secondsOf(2 * PPQ, bpm)) + 1e-9,
      `last note ${secondsOf(last.durationTicks, bpm).toFixed(2)} s`,
    );
    assert.ok(secondsOf(last.durationTicks, bpm) >= secondsOf(PPQ, bpm), 'still held a beat or more');
  });

  it('counts one-syllable function words as unstressed and content words as the lexicon stresses them', () => {
    const stresses = syllabifyLine('the city was asleep').map((syllable) => [
      syllable.text,
      sungStress(syllable),
    ]);
    assert.deepEqual(stresses, [
      ['the', 0],
      ['ci', 1],
      ['ty', 0],
      ['was', 0],
      ['as', 0],
      ['leep', 1],
    ]);
  });
});

describe('the melody written for the words', () => {
  it('sings a melisma only on a stressed syllable, never on the unstressed end of "falling"', () => {
    const lyrics = `[verse]
Quiet now, the snow is falling
Softly on the sleeping town
[chorus]
Stay with me until the morning
Hold me close and don't look down`;
    const voice = sungVoiceSpec(findSungVoice('Nora Vale')!);
    let melismas = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const { composition } = composeRequest({
        prompt: 'warm pop ballad, 80 bpm',
        durationSeconds: 60,
        seed,
        lyrics,
        voice,
      });
      const vocal = composition.parts.find((part) => part.vocal)!.vocal!;
      vocal.syllables.forEach((syllable, i) => {
        if (syllable !== null) return;
        melismas++;
        const sung = vocal.syllables.slice(0, i).findLast((candidate) => candidate !== null)!;
        assert.ok(sungStress(sung) > 0, `seed ${seed}: a melisma on unstressed "${sung.text}"`);
      });
    }
    assert.ok(melismas > 0, 'some lines end in a melisma');
  });
});

describe('the breath between sung lines', () => {
  it('leaves half a second between a line’s last note and the next line when the last note can spare it', () => {
    // the folk song's lines: 10 syllables in three bars at 100 bpm, the next line right after
    const bpm = 100;
    const span = 3 * 4 * PPQ;
    const timings = placeLine(
      syllabifyLine('Down by the water where the willows grow'),
      0,
      span,
      'sung',
      gridAt(bpm),
    );
    const last = timings.at(-1)!;
    const rest = secondsOf(span - last.offsetTicks - last.durationTicks, bpm);
    assert.ok(rest >= 0.5 - 1e-9, `the voice stops ${rest.toFixed(2)} s before the next line`);
    assert.ok(
      secondsOf(last.durationTicks, bpm) >= secondsOf(2 * PPQ, bpm),
      'the last note still held two beats',
    );
  });

  it('keeps the last note a beat long rather than the breath when the line is tight', () => {
    const bpm = 100;
    const syllables = syllabifyLine('Down by the water where the willows grow');
    // nine eighths, a beat and the eighth's breath: the least this line needs
    const span = 9 * (PPQ / 2) + PPQ + PPQ / 2;
    const timings = placeLine(syllables, 0, span, 'sung', gridAt(bpm));
    assert.equal(timings.at(-1)!.durationTicks, PPQ);
  });
});
