// A phrase of notes → what the voice does when: phoneme segments on a time line and a pitch curve.
// Timing follows singers: a syllable's onset consonants sound before its beat so the vowel starts
// on the note, the vowel holds for the note (and any melisma notes after it), coda consonants close
// the note just before the next syllable's onset begins.
import {
  type ConsonantAcoustics,
  getPhonemeAcoustics,
  isSonorant,
  isVoicelessStop,
} from './phoneme-acoustics.js';
import { isVowelPhoneme } from './pronounce.js';
import type { SingerSpec, VocalDelivery, VocalNote, VocalPhrase } from './vocal-types.js';

export interface PhonemeSegment {
  phoneme: string;
  startSeconds: number;
  endSeconds: number;
  role: 'onset' | 'vowel' | 'coda';
  /** The vowel of this segment's syllable: consonants take its formants where they have none. */
  vowel: string;
  /** The syllable's stress (0 unstressed, 1 primary, 2 secondary). */
  stress: number;
}

export interface PitchNote {
  startSeconds: number;
  endSeconds: number;
  midi: number;
  stress: number;
}

export interface PhrasePlan {
  segments: PhonemeSegment[];
  notes: PitchNote[];
  delivery: VocalDelivery;
  /** Where sound may begin (the breath before the first consonant) and must have ended. */
  startSeconds: number;
  endSeconds: number;
  /** The breath taken before the phrase, when there is room for it. */
  breath: { startSeconds: number; endSeconds: number } | null;
  /** Rap: the speech pitch the contour moves around (MIDI). */
  speechMidi: number;
}

/**
 * How much of a note consonants may take when they must be squeezed: the next syllable's onset
 * (sung before its beat, so inside this note) and this syllable's coda. Sonorants (m, n, l, r, w,
 * y) are voiced and carry the pitch, so they may take more than the noisy obstruents, which
 * silence the pitch. Sung notes stay mostly vowel, as in singing: the coda and the next onset
 * share one allowance (the onset, which starts the next word, first; the coda gets what is left,
 * short, at the very end of the held vowel). Rap keeps nearer to speech: each has its own.
 */
const CONSONANT_SHARE = {
  sung: { obstruent: 0.1, sonorant: 0.25, codaSharesWithNextOnset: true },
  rap: { obstruent: 0.35, sonorant: 0.4, codaSharesWithNextOnset: false },
} as const;

/** Seconds that obstruents and sonorants may take, each kind its own. */
interface ConsonantAllowance {
  obstruentSeconds: number;
  sonorantSeconds: number;
}

/** What `share` of a note's `roomSeconds` (plus a rest before the note ends) allows. */
function allowanceOf(
  roomSeconds: number,
  share: { obstruent: number; sonorant: number },
  restSeconds: number,
): ConsonantAllowance {
  return {
    obstruentSeconds: restSeconds + roomSeconds * share.obstruent,
    sonorantSeconds: restSeconds + roomSeconds * share.sonorant,
  };
}

/**
 * Each consonant's length: natural when it fits, else sonorants and obstruents squeezed apart. An
 * onset's voiceless stop keeps room for its closure and release (a coda's closes the note and is
 * heard by its silence; given that room it took the held vowel's).
 */
function fitConsonants(
  phonemes: readonly string[],
  allowance: ConsonantAllowance,
  role: 'onset' | 'coda',
): number[] {
  const natural = (wanted: boolean) =>
    phonemes
      .filter((phoneme) => isSonorant(phoneme) === wanted)
      .reduce((sum, p) => sum + consonantSeconds(p), 0);
  const sonorantScale = Math.min(1, allowance.sonorantSeconds / Math.max(natural(true), 1e-9));
  const obstruentScale = Math.min(1, allowance.obstruentSeconds / Math.max(natural(false), 1e-9));
  return phonemes.map((phoneme) =>
    Math.max(
      consonantSeconds(phoneme) * (isSonorant(phoneme) ? sonorantScale : obstruentScale),
      role === 'onset' && isVoicelessStop(phoneme) ? MIN_VOICELESS_STOP_SECONDS : MIN_CONSONANT_SECONDS,
    ),
  );
}

/** The seconds `phonemes` with these lengths take of each kind. */
function usedAllowance(phonemes: readonly string[], lengths: readonly number[]): ConsonantAllowance {
  let obstruentSeconds = 0;
  let sonorantSeconds = 0;
  phonemes.forEach((phoneme, index) => {
    if (isSonorant(phoneme)) sonorantSeconds += lengths[index]!;
    else obstruentSeconds += lengths[index]!;
  });
  return { obstruentSeconds, sonorantSeconds };
}

/** No consonant shrinks below this (seconds): shorter ones are not heard as the consonant. */
const MIN_CONSONANT_SECONDS = 0.018;
/**
 * A voiceless stop (p, t, k) is a silence, then a burst and breath before the voice: squeezed to
 * 23 ms before an uptempo "keep", its silence lasted 5 ms and Whisper heard "we need" / "we do".
 * An onset's keeps room for a short closure and its release.
 */
const MIN_VOICELESS_STOP_SECONDS = 0.05;
const BREATH_SECONDS = 0.22;
/** A gap this long between a note's end and the next onset is a rest, not legato. */
const REST_SECONDS = 0.12;
const RELEASE_SECONDS = 0.12;

interface SyllableGroup {
  phonemes: string[];
  vowelIndex: number;
  notes: VocalNote[];
  startSeconds: number;
  endSeconds: number;
  stress: number;
}

function consonantSeconds(phoneme: string): number {
  const acoustics = getPhonemeAcoustics(phoneme);
  return acoustics.kind === 'consonant' ? (acoustics as ConsonantAcoustics).naturalSeconds : 0.06;
}

/** Groups each syllable with the melisma notes that follow it; a leading melisma sings "ah". */
function groupSyllables(notes: readonly VocalNote[]): SyllableGroup[] {
  const groups: SyllableGroup[] = [];
  const sorted = [...notes].sort((a, b) => a.startSeconds - b.startSeconds);
  for (const note of sorted) {
    const last = groups[groups.length - 1];
    if (note.syllable === null && last) {
      last.notes.push(note);
      last.endSeconds = Math.max(last.endSeconds, note.startSeconds + note.durationSeconds);
      continue;
    }
    const phonemes =
      note.syllable && note.syllable.phonemes.length > 0 ? [...note.syllable.phonemes] : ['AH'];
    let vowelIndex = phonemes.findIndex((phoneme) => isVowelPhoneme(phoneme));
    if (vowelIndex < 0) {
      // A syllable with no vowel ("hmm", "shh"): its last voiced consonant carries the note.
      phonemes.push('AH');
      vowelIndex = phonemes.length - 1;
    }
    groups.push({
      phonemes,
      vowelIndex,
      notes: [note],
      startSeconds: note.startSeconds,
      endSeconds: note.startSeconds + note.durationSeconds,
      stress: note.syllable?.stress ?? 1,
    });
  }
  return groups;
}

function transposeIntoRange(midi: number, singer: SingerSpec): number {
  const limit = singer.transposeLimitSemitones;
  if (limit === undefined) return midi;
  const [low, high] = singer.rangeMidi;
  let moved = midi;
  while (moved < low - limit) moved += 12;
  while (moved > high + limit) moved -= 12;
  return moved;
}

export function planPhrase(phrase: VocalPhrase, singer: SingerSpec, delivery: VocalDelivery): PhrasePlan {
  const groups = groupSyllables(phrase.notes);
  const segments: PhonemeSegment[] = [];
  // Onsets first: each takes time before its note, at most what the previous syllable can spare.
  const onsetLengths = groups.map((group, index) => {
    const onset = group.phonemes.slice(0, group.vowelIndex);
    const previous = groups[index - 1];
    if (!previous) return onset.map((phoneme) => consonantSeconds(phoneme));
    const previousLength = group.startSeconds - previous.startSeconds;
    const rest = Math.max(0, group.startSeconds - previous.endSeconds);
    return fitConsonants(onset, allowanceOf(previousLength, CONSONANT_SHARE[delivery], rest), 'onset');
  });
  const onsetStarts = groups.map(
    (group, index) => group.startSeconds - onsetLengths[index]!.reduce((sum, length) => sum + length, 0),
  );
  groups.forEach((group, index) => {
    const vowel = group.phonemes[group.vowelIndex]!;
    let cursor = onsetStarts[index]!;
    const onsetPhonemes = group.phonemes.slice(0, group.vowelIndex);
    for (const [position, phoneme] of onsetPhonemes.entries()) {
      const length = onsetLengths[index]![position]!;
      segments.push({
        phoneme,
        startSeconds: cursor,
        endSeconds: cursor + length,
        role: 'onset',
        vowel,
        stress: group.stress,
      });
      cursor += length;
    }
    // Legato (the next onset follows soon): the vowel holds up to the next onset and the coda
    // closes it inside that time. Before a rest or at the phrase's end: the vowel fills the note
    // and the coda sounds after it at its natural length, so word endings are heard.
    const next = groups[index + 1];
    const nextOnset = next ? Math.min(onsetStarts[index + 1]!, next.startSeconds) : Number.POSITIVE_INFINITY;
    const restAfter = nextOnset - group.endSeconds >= REST_SECONDS;
    let singEnd = restAfter ? group.endSeconds : nextOnset;
    if (delivery === 'rap') {
      // Speech does not hold vowels: a rapped syllable lasts about as long as spoken, then rests.
      singEnd = Math.min(singEnd, group.startSeconds + Math.max(0.16, (singEnd - group.startSeconds) * 0.8));
    }
    const coda = group.phonemes.slice(group.vowelIndex + 1);
    const vowelRoom = Math.max(singEnd - group.startSeconds, 0.02);
    let codaLengths: number[];
    let vowelEnd: number;
    if (restAfter) {
      const natural = coda.map((phoneme) => consonantSeconds(phoneme));
      const room = Math.max(nextOnset - singEnd - 0.02, 0);
      const total = natural.reduce((sum, length) => sum + length, 0);
      const scale = total > room ? room / total : 1;
      codaLengths = natural.map((length) => length * scale);
      vowelEnd = singEnd;
    } else {
      const share = CONSONANT_SHARE[delivery];
      let allowance = allowanceOf(vowelRoom, share, 0);
      if (share.codaSharesWithNextOnset && next) {
        // The note holds its vowel: its coda and the next word's onset sung inside it together
        // stay within the note's allowance (a 0.9 s "don't" before "stop" was a fifth consonants).
        const nextOnset = next.phonemes.slice(0, next.vowelIndex);
        const taken = usedAllowance(nextOnset, onsetLengths[index + 1]!);
        const whole = allowanceOf(next.startSeconds - group.startSeconds, share, 0);
        allowance = {
          obstruentSeconds: Math.min(
            allowance.obstruentSeconds,
            Math.max(0, whole.obstruentSeconds - taken.obstruentSeconds),
          ),
          sonorantSeconds: Math.min(
            allowance.sonorantSeconds,
            Math.max(0, whole.sonorantSeconds - taken.sonorantSeconds),
          ),
        };
      }
      codaLengths = fitConsonants(coda, allowance, 'coda');
      const fitted = codaLengths.reduce((sum, length) => sum + length, 0);
      const codaLength = Math.min(fitted, vowelRoom * 0.5);
      codaLengths = codaLengths.map((length) => (length * codaLength) / Math.max(fitted, 1e-9));
      vowelEnd = singEnd - codaLength;
    }
    segments.push({
      phoneme: vowel,
      startSeconds: group.startSeconds,
      endSeconds: Math.max(vowelEnd, group.startSeconds + 0.02),
      role: 'vowel',
      vowel,
      stress: group.stress,
    });
    cursor = Math.max(vowelEnd, group.startSeconds + 0.02);
    for (const [position, phoneme] of coda.entries()) {
      const length = codaLengths[position]!;
      segments.push({
        phoneme,
        startSeconds: cursor,
        endSeconds: cursor + length,
        role: 'coda',
        vowel,
        stress: group.stress,
      });
      cursor += length;
    }
  });

  const notes: PitchNote[] = [];
  for (const group of groups) {
    for (const note of group.notes) {
      notes.push({
        startSeconds: note.startSeconds,
        endSeconds: note.startSeconds + note.durationSeconds,
        midi: transposeIntoRange(note.midi, singer),
        stress: note === group.notes[0] ? group.stress : 0,
      });
    }
  }
  const firstSound = segments.length > 0 ? Math.min(...segments.map((segment) => segment.startSeconds)) : 0;
  const lastSound = segments.length > 0 ? Math.max(...segments.map((segment) => segment.endSeconds)) : 0;
  const breathEnd = firstSound - 0.06;
  const breath =
    delivery === 'sung' && breathEnd - BREATH_SECONDS >= 0
      ? { startSeconds: breathEnd - BREATH_SECONDS, endSeconds: breathEnd }
      : null;
  const [low, high] = singer.rangeMidi;
  return {
    segments,
    notes,
    delivery,
    startSeconds: Math.max(0, breath ? breath.startSeconds : firstSound - 0.01),
    endSeconds: lastSound + RELEASE_SECONDS,
    breath,
    speechMidi: low + Math.min(5, (high - low) / 4),
  };
}
