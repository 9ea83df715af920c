// Notes with syllables → a mono vocal: each lyric line is planned (consonants before the beat, the
// vowel starting on the note and held for it, pitch glides and vibrato) and sung in one pass, so
// syllables join as in one breath. Two voice models: 'flite-<voice>' — a recorded CMU ARCTIC voice
// spoken by Flite (WebAssembly, from the voice bank the caller passes) and moved onto the notes by
// TD-PSOLA — and 'formant', the engine's own source-filter voice that needs no data.
// Pure and deterministic: the same input gives the same PCM (Flite runs with a fixed clock, every
// noise source is seeded from the phrase), the same in a render worker thread, a test or the CLI.

import { hashString } from '../random.js';
import { EngineError } from '../types.js';
import {
  type FliteSpeech,
  fliteVoice,
  prepareSources,
  renderFliteVoice,
  speakPhones,
  toFlitePhone,
} from './flite/flite-voice.js';
import { compileFlite, type WasmModule } from './flite/flite-wasi.js';
import { renderFormantVoice } from './formant-voice.js';
import { SINGERS as SHIPPED_SINGERS } from './singers.js';
import { type PhrasePlan, planPhrase } from './vocal-plan.js';

import type { SingerSpec, SingPhrasesInput } from './vocal-types.js';

export type {
  SingerSpec,
  SingPhrasesInput,
  VocalDelivery,
  VocalNote,
  VocalPhrase,
  VoiceBank,
} from './vocal-types.js';

export const SINGERS: readonly SingerSpec[] = SHIPPED_SINGERS;

/** Peak of the returned vocal: headroom for the mix's EQ and compression. */
const OUTPUT_PEAK = 0.5;

/** Sings every phrase onto one mono buffer of `totalSeconds`; silence between phrases. */
export async function singPhrases(input: SingPhrasesInput): Promise<Float32Array> {
  const { singer, sampleRateHz } = input;
  const totalSamples = Math.max(0, Math.round(input.totalSeconds * sampleRateHz));
  const output = new Float32Array(totalSamples);
  const fliteVoice = singer.model.startsWith('flite-') ? singer.model.slice('flite-'.length) : null;
  let fliteModule: WasmModule | null = null;
  if (fliteVoice) {
    if (!input.voiceBank) {
      throw new EngineError(
        'rendering',
        `singer ${singer.id} (${singer.model}) needs the voice bank: pass voiceBank`,
      );
    }
    fliteModule = await compileFlite(input.voiceBank.flite);
  }
  // Where phrases were sung: the peak is looked for there, and a phrase that starts after every
  // earlier one ended is sung straight into the output (zeros there, as in its own new array).
  let sungFrom = totalSamples;
  let sungTo = 0;
  input.phrases.forEach((phrase, phraseIndex) => {
    if (phrase.notes.length === 0) return;
    const plan = planPhrase(phrase, singer, input.delivery);
    const seed = hashString(
      `${singer.id}|${phraseIndex}|${phrase.notes.map((note) => `${note.midi}:${note.syllable?.text ?? '~'}`).join(',')}`,
    );
    const startSample = Math.max(0, Math.floor(plan.startSeconds * sampleRateHz));
    const endSample = Math.min(totalSamples, Math.ceil(plan.endSeconds * sampleRateHz));
    if (endSample <= startSample) return;
    const renderOptions = { sampleRateHz, startSample, sampleCount: endSample - startSample, seed };
    const fresh = startSample >= sungTo;
    sungFrom = Math.min(sungFrom, startSample);
    sungTo = Math.max(sungTo, endSample);
    let audio: Float32Array;
    if (fliteModule && fliteVoice) {
      const { phones, speech } = speakPlan(fliteModule, fliteVoice, plan);
      if (speech.phones.length !== phones.length) {
        throw new EngineError(
          'rendering',
          `Flite returned ${speech.phones.length} phones for ${phones.length}`,
        );
      }
      if (fresh) {
        renderFliteVoice(plan, singer, speech, {
          ...renderOptions,
          into: output.subarray(startSample, endSample),
        });
        return;
      }
      audio = renderFliteVoice(plan, singer, speech, renderOptions);
    } else {
      audio = renderFormantVoice(plan, singer, renderOptions);
    }
    for (let i = 0; i < audio.length; i++) output[startSample + i]! += audio[i]!;
  });
  // outside what was sung the output is zeros: no peak there, and scaled they stay zeros
  scaleToPeak(output, sungFrom, sungTo);
  return output;
}

/**
 * Scales samples `from`…`to` so their peak is OUTPUT_PEAK (silence stays silence). Its own plain
 * function: loops inside the async singPhrases ran several times slower.
 */
function scaleToPeak(output: Float32Array, from: number, to: number): void {
  let peak = 0;
  for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(output[i]!));
  if (peak === 0) return;
  const gain = OUTPUT_PEAK / peak;
  for (let i = from; i < to; i++) output[i]! *= gain;
}

/** Flite speaks the plan's phonemes (kept per thread: a repeated line is spoken once). */
function speakPlan(
  module: WasmModule,
  voice: string,
  plan: PhrasePlan,
): { phones: string[]; speech: FliteSpeech } {
  // A spoken "uh" after the phrase keeps its last vowel from being utterance-final, where Flite
  // lets the voice creak and fade; the time map never reads that tail.
  const phones = [
    'pau',
    ...plan.segments.map((segment) => toFlitePhone(segment.phoneme, segment.stress > 0)),
    'ax',
    'pau',
  ];
  return {
    phones,
    speech: speakPhones(
      module,
      voice,
      phones,
      speakingPitchHz(plan, voice),
      sungSpeechStretch(voice, plan.delivery),
    ),
  };
}

/**
 * Gets several singPhrases calls' speech ready at once (Flite, then resampling them together,
 * which costs about what one costs alone), so those calls, made next on this thread, skip it.
 * Changes no sample of what they sing.
 */
export async function prepareToSing(inputs: readonly SingPhrasesInput[]): Promise<void> {
  const speeches: FliteSpeech[] = [];
  let sampleRateHz = 0;
  for (const input of inputs) {
    const voice = input.singer.model.startsWith('flite-') ? input.singer.model.slice('flite-'.length) : null;
    if (!voice || !input.voiceBank) continue;
    const module = await compileFlite(input.voiceBank.flite);
    sampleRateHz = input.sampleRateHz;
    for (const phrase of input.phrases) {
      if (phrase.notes.length === 0) continue;
      speeches.push(speakPlan(module, voice, planPhrase(phrase, input.singer, input.delivery)).speech);
    }
  }
  if (speeches.length > 0) prepareSources(speeches, sampleRateHz);
}

/** The pitch to ask Flite to speak at: the phrase's median note, inside the voice's range. */
function speakingPitchHz(plan: PhrasePlan, voice: string): number {
  const [low, high] = fliteVoice(voice).speakingRangeHz;
  const midis = plan.notes.map((note) => note.midi).sort((a, b) => a - b);
  const median = midis[Math.floor(midis.length / 2)] ?? 60;
  const hz = plan.delivery === 'rap' ? Math.sqrt(low * high) : 440 * 2 ** ((median - 69) / 12);
  return Math.min(Math.max(hz, low), high);
}

/**
 * The duration stretch Flite speaks with for this voice and delivery (1: its own pace). Rap keeps
 * the voice's own pace: its syllables are read at about their spoken length.
 */
export function sungSpeechStretch(voice: string, delivery: PhrasePlan['delivery']): number {
  return delivery === 'sung' ? fliteVoice(voice).sungStretch : 1;
}

/** A singer by id; throws when none has it. */
export function getSinger(id: string): SingerSpec {
  const singer = SINGERS.find((candidate) => candidate.id === id);
  if (!singer) throw new Error(`no singer with id ${id}`);
  return singer;
}
