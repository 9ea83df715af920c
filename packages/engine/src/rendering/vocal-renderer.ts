// The vocal part's sound: the singer (vocals/sing.ts) sings the score's notes and syllables once,
// before the first chunk, and the take goes through a vocal chain — high-pass, de-esser, a
// presence lift, a compressor, a dotted-eighth delay — then is handed out chunk by chunk like
// any other part (its reverb comes from the mix's send bus). Rap line ends get a second take
// (the double) a little to each side.
import { findSinger } from '../composition/singer-choice.js';
import { type Composition, EngineError, type Part } from '../types.js';
import { singPhrases, type VocalNote, type VocalPhrase, type VoiceBank } from '../vocals/sing.js';
import { processVocal } from './vocal-chain.js';

/** A part renderer that must finish `ready` before its first chunk. */
export interface VocalRenderer {
  ready: Promise<void>;
  renderChunk(left: Float32Array, right: Float32Array, fromSample: number, sampleCount: number): void;
}

// The double sits under the lead take (about −8 dB), 15 ms late on one side and 23 ms on the
// other, so it widens the line end rather than sounding like an echo.
const DOUBLE_GAIN = 0.4;
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

/** Creates the renderer of a vocal part; `ready` resolves once the take is sung and processed. */
export function createVocalRenderer(
  composition: Composition,
  part: Part,
  sampleRate: number,
  totalSamples: number,
  voiceBank: VoiceBank | undefined,
): VocalRenderer {
  const vocal = part.vocal;
  const singer = vocal ? findSinger(vocal.singerId) : undefined;
  if (!vocal || !singer)
    throw new EngineError('rendering', `no singer "${vocal?.singerId}" for the vocal part`);
  const left = new Float32Array(totalSamples);
  const right = new Float32Array(totalSamples);
  const totalSeconds = totalSamples / sampleRate;
  const sing = (phrases: VocalPhrase[]) =>
    singPhrases({
      phrases,
      singer,
      delivery: vocal.delivery,
      sampleRateHz: sampleRate,
      totalSeconds,
      voiceBank,
    });
  const ready = (async () => {
    const take = await sing(phrasesOf(composition, part));
    const doubled =
      vocal.doubled.length > 0 ? await sing(phrasesOf(composition, part, new Set(vocal.doubled))) : null;
    const beatSeconds = 60 / composition.bpm;
    const [wetLeft, wetRight] = processVocal(take, sampleRate, { delaySeconds: 0.75 * beatSeconds });
    left.set(wetLeft.subarray(0, totalSamples));
    right.set(wetRight.subarray(0, totalSamples));
    if (doubled) {
      const [doubleLeft] = processVocal(doubled, sampleRate, { delaySeconds: 0 });
      const [offsetLeft, offsetRight] = DOUBLE_DELAYS_SECONDS.map((s) => Math.round(s * sampleRate)) as [
        number,
        number,
      ];
      for (let i = 0; i < totalSamples; i++) {
        left[i] = left[i]! + DOUBLE_GAIN * (i >= offsetLeft ? doubleLeft[i - offsetLeft]! : 0);
        right[i] = right[i]! + DOUBLE_GAIN * (i >= offsetRight ? doubleLeft[i - offsetRight]! : 0);
      }
    }
  })();
  // awaited by the caller before the first chunk; this keeps an early failure from going unhandled
  ready.catch(() => {});
  return {
    ready,
    renderChunk(outLeft, outRight, fromSample, sampleCount) {
      const count = Math.max(0, Math.min(sampleCount, totalSamples - fromSample));
      for (let i = 0; i < count; i++) {
        outLeft[i] = outLeft[i]! + left[fromSample + i]!;
        outRight[i] = outRight[i]! + right[fromSample + i]!;
      }
    },
  };
}
