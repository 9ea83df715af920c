// Long sung notes keep their voice to the last consonant, and vowels start on their notes: the
// cases the lyric evaluation found failing, each a few notes from its song.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SINGERS, type VocalNote } from '../../src/vocals/sing.js';
import { planPhrase } from '../../src/vocals/vocal-plan.js';
import { measureNoteVoicing, measureVowelOnsets } from './measure-vocal.js';
import { lay, SAMPLE_RATE_HZ, singAlone } from './sung-line.js';

const singer = (id: string) => SINGERS.find((candidate) => candidate.id === id)!;

async function sing(notes: VocalNote[], singerId: string): Promise<Float32Array> {
  return singAlone(notes, singer(singerId));
}

// 128 bpm: a quarter note is 0.469 s
const DONT_STOP = lay("we don't stop", [0.469, 0.938, 0.469], [72, 74, 72]);

describe('long sung notes', () => {
  it('leave the vowel most of a long note when its coda meets the next word (plan)', () => {
    const plan = planPhrase({ notes: DONT_STOP }, singer('soprano'), 'sung');
    const note = DONT_STOP[1]!;
    const vowel = plan.segments.find(
      (segment) => segment.role === 'vowel' && segment.startSeconds === note.startSeconds,
    )!;
    const share = (vowel.endSeconds - vowel.startSeconds) / note.durationSeconds;
    assert.ok(share >= 0.8, `"don't" is vowel for ${Math.round(share * 100)} % of its note`);
  });

  it('keep a high note voiced through its nasal coda ("don\'t" before "stop")', async () => {
    const voiced = measureNoteVoicing(await sing(DONT_STOP, 'soprano'), SAMPLE_RATE_HZ, DONT_STOP);
    assert.ok(voiced[1]! >= 0.8, `"don't" voiced ${Math.round(voiced[1]! * 100)} %`);
  });

  for (const singerId of ['tenor', 'baritone']) {
    it(`keep a short vowel voiced up to a voiceless cluster ("as" of "asleep", ${singerId})`, async () => {
      // 80 bpm eighths, as the ballad sings the line
      const notes = lay(
        'the city was asleep and everything was right',
        [0.375, 0.375, 0.375, 0.375, 0.375, 1.125, 0.375, 0.375, 0.375, 0.375, 0.375, 0.5625],
        [45, 48, 48, 45, 48, 48, 50, 48, 48, 50, 50, 48],
      );
      const voiced = measureNoteVoicing(await sing(notes, singerId), SAMPLE_RATE_HZ, notes);
      assert.ok(voiced[4]! >= 0.8, `"as" voiced ${Math.round(voiced[4]! * 100)} %`);
    });
  }

  it('keep a vowel voiced before a voiced coda and the next onset ("willows grow")', async () => {
    const notes = lay('where the willows grow', [0.6, 0.6, 0.6, 0.6, 0.45], [59, 59, 59, 60, 62]);
    const voiced = measureNoteVoicing(await sing(notes, 'tenor'), SAMPLE_RATE_HZ, notes);
    assert.ok(voiced[3]! >= 0.8, `"-lows" voiced ${Math.round(voiced[3]! * 100)} %`);
  });
});

describe('vowel onsets', () => {
  it('start a phrase-opening vowel on its note ("I")', async () => {
    const notes = lay('I met a stranger', [0.6, 0.6, 0.6, 0.6, 0.6], [54, 52, 54, 52, 55]);
    const [onset] = measureVowelOnsets(await sing(notes, 'tenor'), SAMPLE_RATE_HZ, notes);
    assert.ok(onset !== null && onset !== undefined, 'the first vowel has a measurable onset');
    assert.ok(Math.abs(onset) <= 0.03, `"I" starts ${Math.round(onset * 1000)} ms off its note`);
  });

  it('start after a voiceless consonant on the note, the held vowel before it unbroken ("sleeping", "water")', async () => {
    // 66 bpm: "slee" held 1.36 s, then "ping"; 100 bpm: "wa" 0.6 s, then "ter"
    const sleeping = lay(
      'softly on the sleeping town',
      [1.364, 0.455, 1.364, 0.455, 1.364, 0.455, 1.364],
      [67, 67, 67, 67, 65, 65, 65],
    );
    const water = lay('down by the water where', [0.6, 0.6, 0.6, 0.6, 0.6, 0.6], [67, 67, 71, 67, 67, 71]);
    for (const [notes, index, word] of [
      [sleeping, 5, 'ping'],
      [water, 4, 'ter'],
    ] as const) {
      const onset = measureVowelOnsets(await sing(notes, 'soprano'), SAMPLE_RATE_HZ, notes)[index];
      assert.ok(onset !== null && onset !== undefined, `"${word}" has a measurable onset`);
      assert.ok(Math.abs(onset) <= 0.03, `"${word}" starts ${Math.round(onset * 1000)} ms off its note`);
    }
  });
});
