// A line laid on notes and sung alone by one singer: the fixture the vocal tests share.
import assert from 'node:assert/strict';
import { loadVoiceBank } from '../../node/load-voices.js';
import { syllabifyLine } from '../../src/vocals/pronounce.js';
import { type SingerSpec, singPhrases, type VocalNote } from '../../src/vocals/sing.js';

export const SAMPLE_RATE_HZ = 44100;
/** Read once: the bank is 21 MB, and every test here sings with it. */
const voiceBank = loadVoiceBank();

/** The line's syllables on notes of these lengths (seconds) and pitches, from `startSeconds`. */
export function lay(
  line: string,
  lengths: readonly number[],
  midis: readonly number[],
  startSeconds = 0.6,
): VocalNote[] {
  const syllables = syllabifyLine(line);
  assert.equal(syllables.length, lengths.length, `${line}: ${syllables.map((s) => s.text).join('-')}`);
  let time = startSeconds;
  return syllables.map((syllable, index) => {
    const note = { startSeconds: time, durationSeconds: lengths[index]!, midi: midis[index]!, syllable };
    time += lengths[index]!;
    return note;
  });
}

/** The notes sung by `singer` alone, with 0.6 s after the last note. */
export function singAlone(notes: VocalNote[], singer: SingerSpec): Promise<Float32Array> {
  const last = notes.at(-1)!;
  return singPhrases({
    phrases: [{ notes }],
    singer,
    delivery: 'sung',
    sampleRateHz: SAMPLE_RATE_HZ,
    voiceBank,
    totalSeconds: last.startSeconds + last.durationSeconds + 0.6,
  });
}
