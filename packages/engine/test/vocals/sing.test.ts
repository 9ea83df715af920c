import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { loadVoiceBank } from '../../node/load-voices.js';
import { syllabifyLine } from '../../src/vocals/pronounce.js';
import { SINGERS, type SingerSpec, singPhrases, type VocalNote } from '../../src/vocals/sing.js';
import { measurePitchAccuracy, measureVowelOnsets } from './measure-vocal.js';

const SAMPLE_RATE_HZ = 22050;
const voiceBank = loadVoiceBank();

/** A line laid one syllable per note on a simple tune inside the singer's range. */
function layLine(line: string, singer: SingerSpec, startSeconds: number, beatSeconds: number): VocalNote[] {
  const tune = [0, 2, 4, 5, 7, 5, 4, 2, 0];
  let time = startSeconds;
  const syllables = syllabifyLine(line);
  return syllables.map((syllable, index) => {
    const beats = index === syllables.length - 1 ? 3 : syllable.stress === 1 ? 1 : 0.5;
    const note = {
      startSeconds: time,
      durationSeconds: beats * beatSeconds * 0.95,
      midi: singer.rangeMidi[0] + 5 + tune[index % tune.length]!,
      syllable,
    };
    time += beats * beatSeconds;
    return note;
  });
}

const alto = SINGERS.find((singer) => singer.id === 'alto')!;

describe('singPhrases', () => {
  it('offers at least four singers, female and male, low and high', () => {
    assert.ok(SINGERS.length >= 4);
    const lows = SINGERS.map((singer) => singer.rangeMidi[0]);
    assert.ok(Math.max(...lows) - Math.min(...lows) >= 12, 'ranges span more than an octave');
    const shifts = SINGERS.map((singer) => singer.formantShift ?? 1);
    assert.ok(Math.max(...shifts) >= 1.1 && Math.min(...shifts) <= 1, 'female and male vocal tracts');
    assert.equal(new Set(SINGERS.map((singer) => singer.id)).size, SINGERS.length);
  });

  it('returns identical PCM for the same request', async () => {
    const notes = layLine('Hello darling we are dancing tonight', alto, 0.5, 0.4);
    const request = {
      phrases: [{ notes }],
      singer: alto,
      delivery: 'sung' as const,
      sampleRateHz: SAMPLE_RATE_HZ,
      voiceBank,
      totalSeconds: 6,
    };
    const hash = (pcm: Float32Array) => createHash('sha256').update(new Uint8Array(pcm.buffer)).digest('hex');
    assert.equal(hash(await singPhrases(request)), hash(await singPhrases(request)));
  });

  it('returns a buffer of the asked length, silent before the first breath and after the last note', async () => {
    const notes = layLine('Take me home', alto, 1.5, 0.4);
    const pcm = await singPhrases({
      phrases: [{ notes }],
      singer: alto,
      delivery: 'sung',
      sampleRateHz: SAMPLE_RATE_HZ,
      voiceBank,
      totalSeconds: 5,
    });
    assert.equal(pcm.length, 5 * SAMPLE_RATE_HZ);
    // Breath (~0.2 s) and the first consonant come just before 1.5 s; nothing may hum earlier.
    const early = pcm.subarray(0, Math.round(1.0 * SAMPLE_RATE_HZ));
    assert.ok(early.every((sample) => sample === 0));
    const lastEnd = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds;
    const late = pcm.subarray(Math.round((lastEnd + 0.3) * SAMPLE_RATE_HZ));
    assert.ok(late.every((sample) => Math.abs(sample) < 1e-3));
  });

  for (const singer of SINGERS) {
    it(`sings the written notes in tune (${singer.id})`, async () => {
      const notes = layLine('We sing the night away until the morning light', singer, 0.5, 0.45);
      const totalSeconds = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds + 0.5;
      const pcm = await singPhrases({
        phrases: [{ notes }],
        singer,
        delivery: 'sung',
        sampleRateHz: SAMPLE_RATE_HZ,
        voiceBank,
        totalSeconds,
      });
      const accuracy = measurePitchAccuracy(pcm, SAMPLE_RATE_HZ, notes);
      assert.ok(accuracy.shareWithin50Cents >= 0.95, `within ±50 cents: ${accuracy.shareWithin50Cents}`);
      notes.forEach((note, index) => {
        if (note.durationSeconds >= 0.3) {
          assert.ok(
            accuracy.voicedShareByNote[index]! >= 0.8,
            `note ${index} voiced ${accuracy.voicedShareByNote[index]}`,
          );
        }
      });
    });
  }

  it('starts vowels on their notes, consonants before the beat', async () => {
    const notes = layLine('Take it to the sky so high', alto, 0.6, 0.5);
    const totalSeconds = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds + 0.5;
    const pcm = await singPhrases({
      phrases: [{ notes }],
      singer: alto,
      delivery: 'sung',
      sampleRateHz: SAMPLE_RATE_HZ,
      voiceBank,
      totalSeconds,
    });
    const onsets = measureVowelOnsets(pcm, SAMPLE_RATE_HZ, notes).filter((error) => error !== null);
    assert.ok(onsets.length >= 4, `measured ${onsets.length} onsets`);
    for (const error of onsets)
      assert.ok(Math.abs(error) <= 0.03, `vowel onset ${Math.round(error * 1000)} ms off`);
  });

  it('holds a melisma on the previous vowel across its notes', async () => {
    const [syllable] = syllabifyLine('oh');
    const notes: VocalNote[] = [
      { startSeconds: 0.5, durationSeconds: 0.5, midi: 62, syllable: syllable! },
      { startSeconds: 1.0, durationSeconds: 0.5, midi: 64, syllable: null },
      { startSeconds: 1.5, durationSeconds: 1.5, midi: 65, syllable: null },
    ];
    const pcm = await singPhrases({
      phrases: [{ notes }],
      singer: alto,
      delivery: 'sung',
      sampleRateHz: SAMPLE_RATE_HZ,
      voiceBank,
      totalSeconds: 3.5,
    });
    const accuracy = measurePitchAccuracy(pcm, SAMPLE_RATE_HZ, notes);
    assert.ok(
      accuracy.voicedShareByNote.every((share) => share >= 0.9),
      `${accuracy.voicedShareByNote}`,
    );
    assert.ok(accuracy.shareWithin50Cents >= 0.95);
  });

  it('raps in the speaking range, ignoring the written pitches, on the written rhythm', async () => {
    const baritone = SINGERS.find((singer) => singer.id === 'baritone')!;
    const notes = layLine('Money on my mind and the city never sleeps', baritone, 0.3, 0.2).map((note) => ({
      ...note,
      midi: 80,
    }));
    const totalSeconds = notes.at(-1)!.startSeconds + notes.at(-1)!.durationSeconds + 0.5;
    const pcm = await singPhrases({
      phrases: [{ notes }],
      singer: baritone,
      delivery: 'rap',
      sampleRateHz: SAMPLE_RATE_HZ,
      voiceBank,
      totalSeconds,
    });
    const accuracy = measurePitchAccuracy(pcm, SAMPLE_RATE_HZ, notes);
    assert.ok(accuracy.voicedFrames > 20);
    // Every voiced frame is far below the written MIDI 80: the rapper speaks, he does not sing it.
    assert.equal(accuracy.shareWithin50Cents, 0);
    const onsets = measureVowelOnsets(pcm, SAMPLE_RATE_HZ, notes).filter((error) => error !== null);
    for (const error of onsets)
      assert.ok(Math.abs(error) <= 0.03, `rapped onset ${Math.round(error * 1000)} ms off`);
  });
});
