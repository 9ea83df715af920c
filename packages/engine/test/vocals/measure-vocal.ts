// Measurements of a rendered vocal against the notes it was asked to sing, shared by the tests and
// the vocal evaluation: pitch on the note (a YIN tracker), voiced share of each note, vowel onsets.
import { centsBetween, midiToHz, trackPitch } from '../../src/vocals/pitch-track.js';
import type { VocalNote } from '../../src/vocals/sing.js';

export interface PitchAccuracy {
  voicedFrames: number;
  /** Voiced frames within ±50 cents of the written note, as a share of voiced frames. */
  shareWithin50Cents: number;
  medianAbsoluteCents: number;
  /** For each note: the share of its frames that are voiced. */
  voicedShareByNote: number[];
}

const UNVOICED_ONSETS = new Set(['P', 'T', 'K', 'CH', 'S', 'SH', 'F', 'TH', 'HH']);

export function measurePitchAccuracy(
  pcm: Float32Array,
  sampleRateHz: number,
  notes: readonly VocalNote[],
): PitchAccuracy {
  const track = trackPitch(pcm, { sampleRateHz, hopSeconds: 0.01 });
  const errors: number[] = [];
  const voicedShareByNote = notes.map(() => 0);
  const framesByNote = notes.map(() => 0);
  for (let frame = 0; frame < track.timesSeconds.length; frame++) {
    const time = track.timesSeconds[frame]!;
    const noteIndex = notes.findIndex(
      (note) => time >= note.startSeconds && time < note.startSeconds + note.durationSeconds,
    );
    if (noteIndex < 0) continue;
    framesByNote[noteIndex]!++;
    const frequencyHz = track.frequenciesHz[frame]!;
    if (Number.isNaN(frequencyHz)) continue;
    voicedShareByNote[noteIndex]!++;
    errors.push(Math.abs(centsBetween(frequencyHz, midiToHz(notes[noteIndex]!.midi))));
  }
  errors.sort((a, b) => a - b);
  return {
    voicedFrames: errors.length,
    shareWithin50Cents: errors.length > 0 ? errors.filter((cents) => cents <= 50).length / errors.length : 0,
    medianAbsoluteCents: errors.length > 0 ? errors[Math.floor(errors.length / 2)]! : Number.NaN,
    voicedShareByNote: voicedShareByNote.map((voiced, index) => voiced / Math.max(framesByNote[index]!, 1)),
  };
}

/**
 * Vowel onset error (seconds, positive = late) for each note whose vowel onset can be heard as the
 * start of voicing: syllables that begin with the vowel after a rest, or with unvoiced consonants.
 * Other notes (voiced consonants, vowel after vowel) give null.
 */
export function measureVowelOnsets(
  pcm: Float32Array,
  sampleRateHz: number,
  notes: readonly VocalNote[],
): Array<number | null> {
  const track = trackPitch(pcm, { sampleRateHz, hopSeconds: 0.005, silenceRms: 0.01 });
  const hopSeconds = track.hopSeconds;
  const windowCentreSeconds = track.timesSeconds.length > 0 ? track.timesSeconds[0]! : 0;
  const voicedAt = (time: number): boolean => {
    const frame = Math.round((time - windowCentreSeconds) / hopSeconds);
    return frame >= 0 && frame < track.frequenciesHz.length && !Number.isNaN(track.frequenciesHz[frame]!);
  };
  return notes.map((note, index) => {
    const syllable = note.syllable;
    if (!syllable) return null;
    const vowelIndex = syllable.phonemes.findIndex((phoneme) => /^[AEIOU]/.test(phoneme));
    const onset = syllable.phonemes.slice(0, Math.max(vowelIndex, 0));
    const previous = notes[index - 1];
    const afterRest =
      !previous || note.startSeconds - (previous.startSeconds + previous.durationSeconds) > 0.08;
    const measurable = onset.length > 0 ? onset.every((phoneme) => UNVOICED_ONSETS.has(phoneme)) : afterRest;
    if (!measurable) return null;
    // The first run of four voiced frames that follows an unvoiced one, near the note and after the
    // middle of the previous note (an earlier one is the previous syllable's vowel).
    const searchFrom = Math.max(
      note.startSeconds - 0.1,
      previous ? (previous.startSeconds + note.startSeconds) / 2 : 0,
    );
    for (let time = searchFrom; time < note.startSeconds + 0.1; time += hopSeconds) {
      if (voicedAt(time - hopSeconds)) continue;
      if ([0, 1, 2, 3].every((step) => voicedAt(time + step * hopSeconds))) return time - note.startSeconds;
    }
    return null;
  });
}

/**
 * For each note: the share of its middle that is voiced, as the lyric evaluation judges long notes
 * (a 5 ms YIN track; the glide in and the next syllable's consonants at the edges are left out:
 * 60 ms, or a quarter of a short note, at each end).
 */
export function measureNoteVoicing(
  pcm: Float32Array,
  sampleRateHz: number,
  notes: readonly VocalNote[],
): number[] {
  const track = trackPitch(pcm, {
    sampleRateHz,
    hopSeconds: 0.005,
    minFrequencyHz: 70,
    maxFrequencyHz: 1100,
  });
  const firstCentre = track.timesSeconds[0] ?? 0;
  const frameAt = (seconds: number) => Math.max(0, Math.round((seconds - firstCentre) / track.hopSeconds));
  return notes.map((note) => {
    const start = note.startSeconds;
    const end = start + note.durationSeconds;
    const edge = Math.min(0.06, note.durationSeconds * 0.25);
    const from = frameAt(start + edge);
    const to = Math.min(frameAt(end - edge), track.frequenciesHz.length);
    let voiced = 0;
    for (let frame = from; frame < to; frame++) if (!Number.isNaN(track.frequenciesHz[frame]!)) voiced++;
    return voiced / Math.max(1, to - from);
  });
}
