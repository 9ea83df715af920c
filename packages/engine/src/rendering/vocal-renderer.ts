// The vocal part's sound: the singer (vocals/sing.ts) sings the score's notes and syllables phrase
// by phrase as the render reaches them, and the take streams through a vocal chain — high-pass, de-esser, a
// presence lift, a compressor — then is handed out chunk by chunk like
// any other part (its reverb comes from the mix's send bus). Rap line ends get a second take
// (the double) a little to each side.
import { findSinger } from '../composition/singer-choice.js';
import { type Composition, EngineError, type Part } from '../types.js';
import { forgetSpeeches } from '../vocals/flite/flite-voice.js';
import {
  prepareToSing,
  type SingPhrasesInput,
  singPhrases,
  type VocalNote,
  type VocalPhrase,
  type VoiceBank,
} from '../vocals/sing.js';
import { createVocalChain } from './vocal-chain.js';

/** A part renderer whose chunks may wait for a phrase to be sung (a Promise); asked for in order. */
export interface VocalRenderer {
  renderChunk(
    left: Float32Array,
    right: Float32Array,
    fromSample: number,
    sampleCount: number,
  ): void | Promise<void>;
}

// The double sits under the lead take (about −8 dB), 15 ms late on one side and 23 ms on the
// other, so it widens the line end rather than sounding like an echo.
const DOUBLE_GAIN = 0.4 / 2;
const DOUBLE_DELAYS_SECONDS: [number, number] = [0.015, 0.023];

/** The score's phrases in seconds, as singPhrases takes them; `only` keeps just those notes. */
export function phrasesOf(composition: Composition, part: Part, only?: ReadonlySet<number>): VocalPhrase[] {
  const vocal = part.vocal;
  if (!vocal) return [];
  const secondsPerTick = 60 / (composition.bpm * composition.ppq);
  const starts = new Set(vocal.phraseStarts);
  const phrases: VocalPhrase[] = [];
  part.notes.forEach((note, index) => {
    if (only && !only.has(index)) return;
    const sung: VocalNote = {
      startSeconds: note.startTick * secondsPerTick,
      durationSeconds: note.durationTicks * secondsPerTick,
      midi: note.pitch,
      syllable: vocal.syllables[index] ?? null,
    };
    // a double starts a phrase at each of its own first notes (a word, not a held vowel)
    const opens = only
      ? sung.syllable !== null && (phrases.length === 0 || !only.has(index - 1))
      : starts.has(index);
    if (opens || phrases.length === 0) phrases.push({ notes: [] });
    phrases.at(-1)!.notes.push(sung);
  });
  return phrases.filter((phrase) => phrase.notes.length > 0 && phrase.notes[0]!.syllable !== null);
}

// A phrase's sound starts before its first note (breath, leading consonants) and rings after its
// last: it is sung once the render reaches its first note less this much, into a window this much
// wider on each side.
const PHRASE_MARGIN_SECONDS = 1;

/** One phrase to sing, and where its window starts in the track. */
interface PendingPhrase {
  phrase: VocalPhrase;
  fromSeconds: number;
  toSeconds: number;
}

function pendingOf(phrases: VocalPhrase[]): PendingPhrase[] {
  return phrases.map((phrase) => {
    const first = phrase.notes[0]!;
    const last = phrase.notes.at(-1)!;
    return {
      phrase,
      fromSeconds: Math.max(0, first.startSeconds - PHRASE_MARGIN_SECONDS),
      toSeconds: last.startSeconds + last.durationSeconds + PHRASE_MARGIN_SECONDS,
    };
  });
}

/** The phrases of each take (the lead, then the double when rap lines end doubled), in order. */
function takesOf(composition: Composition, part: Part): PendingPhrase[][] {
  const vocal = part.vocal;
  const takes = [pendingOf(phrasesOf(composition, part))];
  const doubled =
    vocal && vocal.doubled.length > 0 ? phrasesOf(composition, part, new Set(vocal.doubled)) : [];
  if (doubled.length > 0) takes.push(pendingOf(doubled));
  return takes;
}

/** A phrase of a vocal part's takes, as another thread may sing it: `take` 0 is the lead. */
export interface VocalPhraseRef {
  take: number;
  index: number;
  /** Where its window starts in the track: the render needs it once it gets there. */
  fromSeconds: number;
}

/** Every phrase of the part's takes, in the order the render needs them (by window start). */
export function vocalPhraseSchedule(composition: Composition, part: Part): VocalPhraseRef[] {
  return takesOf(composition, part)
    .flatMap((pending, take) =>
      pending.map((phrase, index) => ({ take, index, fromSeconds: phrase.fromSeconds })),
    )
    .sort((a, b) => a.fromSeconds - b.fromSeconds || a.take - b.take || a.index - b.index);
}

/**
 * For each phrase of a schedule, the position of the first phrase whose singing is the same (its
 * own position when none before it is): a chorus line sung again asks singPhrases for equal notes,
 * syllables and window, and singPhrases being pure, for equal samples — so it is sung once and its
 * samples used again. Compared as the exact input (every number as stored), never approximately.
 */
export function firstSungAlike(
  composition: Composition,
  part: Part,
  schedule: readonly { take: number; index: number }[],
  sampleRate: number,
): Int32Array {
  const takes = takesOf(composition, part);
  const firstByInput = new Map<string, number>();
  return Int32Array.from(schedule, (ref, position) => {
    const pending = takes[ref.take]?.[ref.index];
    if (!pending) return position;
    const input = JSON.stringify(singInputOf(part, pending, sampleRate, undefined), (_key, value) =>
      Object.is(value, -0) ? '-0' : value,
    );
    const first = firstByInput.get(input);
    if (first !== undefined) return first;
    firstByInput.set(input, position);
    return position;
  });
}

/** Sings one phrase of a take into its window (pure: any thread gets the same samples). */
export function singVocalPhrase(
  composition: Composition,
  part: Part,
  ref: { take: number; index: number },
  sampleRate: number,
  voiceBank: VoiceBank | undefined,
): Promise<Float32Array> {
  const pending = takesOf(composition, part)[ref.take]?.[ref.index];
  if (!pending) throw new EngineError('rendering', `no vocal phrase ${ref.take}/${ref.index}`);
  return singPending(part, pending, sampleRate, voiceBank);
}

/**
 * Phrases whose speech is made together (prepareToSing): the costliest step costs about as much
 * for four as for one; more would hold back the first phrase (and the first chunk) longer.
 */
export const PHRASES_PREPARED_TOGETHER = 4;

/** Gets several phrases ready to sing on this thread at once (changes none of their samples). */
export function prepareVocalPhrases(
  composition: Composition,
  part: Part,
  refs: readonly { take: number; index: number }[],
  sampleRate: number,
  voiceBank: VoiceBank | undefined,
): Promise<void> {
  const takes = takesOf(composition, part);
  const inputs = refs.flatMap((ref) => {
    const pending = takes[ref.take]?.[ref.index];
    return pending ? [singInputOf(part, pending, sampleRate, voiceBank)] : [];
  });
  return prepareToSing(inputs);
}

function singInputOf(
  part: Part,
  { phrase, fromSeconds, toSeconds }: PendingPhrase,
  sampleRate: number,
  voiceBank: VoiceBank | undefined,
): SingPhrasesInput {
  const vocal = part.vocal;
  const singer = vocal ? findSinger(vocal.singerId) : undefined;
  if (!vocal || !singer)
    throw new EngineError('rendering', `no singer "${vocal?.singerId}" for the vocal part`);
  const shifted: VocalPhrase = {
    notes: phrase.notes.map((note) => ({ ...note, startSeconds: note.startSeconds - fromSeconds })),
  };
  return {
    phrases: [shifted],
    singer,
    delivery: vocal.delivery,
    sampleRateHz: sampleRate,
    totalSeconds: toSeconds - fromSeconds,
    voiceBank,
  };
}

function singPending(
  part: Part,
  pending: PendingPhrase,
  sampleRate: number,
  voiceBank: VoiceBank | undefined,
): Promise<Float32Array> {
  return singPhrases(singInputOf(part, pending, sampleRate, voiceBank));
}

/**
 * Adds `count` samples into `target` from `at`: a plain function, not a loop inside the async
 * singing (where it ran several times slower, its generator frame not optimised).
 */
function addInto(target: Float32Array, at: number, samples: Float32Array, count: number): void {
  for (let i = 0; i < count; i++) target[at + i] = target[at + i]! + samples[i]!;
}

/**
 * Another thread's share of the singing (the render pool's): called for each phrase before it is
 * sung here; a Promise of the phrase's samples when that thread sings it, undefined to sing here.
 */
export type SungElsewhere = (ref: { take: number; index: number }) => Promise<Float32Array> | undefined;

/**
 * Creates the renderer of a vocal part. Each phrase is sung when the render first needs it (one
 * singPhrases call per phrase, in a window around it) and the take streams through the channel
 * strip chunk by chunk, so the singing runs alongside the other parts instead of before them.
 * Chunks must be asked for in order, as every part source does. With `sungElsewhere` some phrases
 * come from another thread; they are added in the same order, so the PCM is the same.
 */
export function createVocalRenderer(
  composition: Composition,
  part: Part,
  sampleRate: number,
  totalSamples: number,
  voiceBank: VoiceBank | undefined,
  sungElsewhere?: SungElsewhere,
): VocalRenderer {
  const vocal = part.vocal;
  const singer = vocal ? findSinger(vocal.singerId) : undefined;
  if (!vocal || !singer)
    throw new EngineError('rendering', `no singer "${vocal?.singerId}" for the vocal part`);
  forgetSpeeches();
  const takes = takesOf(composition, part).map((pending) => ({
    pending,
    raw: new Float32Array(totalSamples),
    next: 0,
  }));
  const doubled = takes.length > 1;
  // sung here alone: the next few phrases are made ready together as the first of them is needed
  const schedule = sungElsewhere ? [] : vocalPhraseSchedule(composition, part);
  const positions = new Map(schedule.map((ref, position) => [`${ref.take}/${ref.index}`, position]));
  // a phrase sung again (a repeated chorus line) takes the samples of its first singing, kept
  // until its last repeat has them
  const firstAlike = firstSungAlike(composition, part, schedule, sampleRate);
  const usesLeft = new Map<number, number>();
  for (const first of firstAlike) usesLeft.set(first, (usesLeft.get(first) ?? 0) + 1);
  const sungAlike = new Map<number, Promise<Float32Array>>();
  const prepared = new Set<number>();
  const prepareFrom = (position: number) => {
    const batch: VocalPhraseRef[] = [];
    for (let at = position; at < schedule.length && batch.length < PHRASES_PREPARED_TOGETHER; at++) {
      if (prepared.has(at)) continue;
      prepared.add(at);
      batch.push(schedule[at]!);
    }
    return prepareVocalPhrases(composition, part, batch, sampleRate, voiceBank);
  };
  const leadChain = createVocalChain(sampleRate, vocal.delivery);
  const doubleChain = createVocalChain(sampleRate, vocal.delivery);
  // the double, processed, waits here for its 15/23 ms offsets
  const doubleMono = doubled ? new Float32Array(totalSamples) : null;
  const [offsetLeft, offsetRight] = DOUBLE_DELAYS_SECONDS.map((s) => Math.round(s * sampleRate)) as [
    number,
    number,
  ];

  /** Sings every phrase whose window starts before `untilSeconds`, into its take. */
  const singUntil = async (untilSeconds: number) => {
    for (const [takeIndex, take] of takes.entries()) {
      while (take.next < take.pending.length && take.pending[take.next]!.fromSeconds < untilSeconds) {
        const index = take.next++;
        const pending = take.pending[index]!;
        let audio = sungElsewhere?.({ take: takeIndex, index });
        if (!audio) {
          const position = positions.get(`${takeIndex}/${index}`);
          const first = position === undefined ? undefined : firstAlike[position]!;
          audio = first === undefined ? undefined : sungAlike.get(first);
          if (!audio) {
            if (position !== undefined && !prepared.has(position)) await prepareFrom(position);
            audio = singPending(part, pending, sampleRate, voiceBank);
          }
          if (first !== undefined) {
            const left = usesLeft.get(first)! - 1;
            usesLeft.set(first, left);
            if (left > 0) sungAlike.set(first, audio);
            else sungAlike.delete(first);
          }
        }
        const samples = await audio;
        const at = Math.round(pending.fromSeconds * sampleRate);
        addInto(take.raw, at, samples, Math.min(samples.length, totalSamples - at));
      }
    }
  };
  const needsSinging = (untilSeconds: number) =>
    takes.some(
      (take) => take.next < take.pending.length && take.pending[take.next]!.fromSeconds < untilSeconds,
    );

  const mix = (outLeft: Float32Array, outRight: Float32Array, fromSample: number, sampleCount: number) => {
    const count = Math.max(0, Math.min(sampleCount, totalSamples - fromSample));
    leadChain.process(takes[0]!.raw, fromSample, outLeft, outRight, 0, count);
    if (doubleMono) {
      // mono: both sides of the double's strip land in one array, twice the level (halved below)
      doubleChain.process(takes[1]!.raw, fromSample, doubleMono, doubleMono, fromSample, count);
      for (let i = 0; i < count; i++) {
        const at = fromSample + i;
        outLeft[i] = outLeft[i]! + DOUBLE_GAIN * (at >= offsetLeft ? doubleMono[at - offsetLeft]! : 0);
        outRight[i] = outRight[i]! + DOUBLE_GAIN * (at >= offsetRight ? doubleMono[at - offsetRight]! : 0);
      }
    }
  };
  return {
    renderChunk(outLeft, outRight, fromSample, sampleCount) {
      const untilSeconds = (fromSample + sampleCount) / sampleRate;
      const mixAndEnd = () => {
        mix(outLeft, outRight, fromSample, sampleCount);
        // the take's last chunk: the thread keeps no speech or Flite memory while it idles
        if (fromSample + sampleCount >= totalSamples) forgetSpeeches();
      };
      if (!needsSinging(untilSeconds)) {
        mixAndEnd();
        return;
      }
      return singUntil(untilSeconds).then(mixAndEnd);
    },
  };
}
