// Worker-thread side of the render pool: keeps a parsed bank warm (decoded samples stay, in the
// table the process's threads share) and renders its share of a composition's parts chunk by
// chunk. Between renders the same thread encodes MP3 segments, so the pool's threads serve the
// encoding stage too.
import { parentPort } from 'node:worker_threads';
import { encodeMp3Stream } from '../encoding/wasm-encoders.js';
import type { Composition, GenreId, SoundBank } from '../types.js';
import { forgetSpeeches } from '../vocals/flite/flite-voice.js';
import type { VoiceBank } from '../vocals/sing.js';
import { yieldToEventLoop } from '../yield-to-event-loop.js';
import { createPartRenderer } from './part-renderer.js';
import { whenDecoderReady } from './renderer.js';
import type { SharedSampleTable } from './shared-samples.js';
import { loadSoundBank, shareDecodedSamples } from './sound-bank.js';
import {
  firstSungAlike,
  PHRASES_PREPARED_TOGETHER,
  prepareVocalPhrases,
  type SungElsewhere,
  singVocalPhrase,
  type VocalPhraseRef,
  vocalPhraseSchedule,
} from './vocal-renderer.js';

/** Messages the pool sends to a worker. */
export type ToWorker =
  | {
      type: 'init';
      bytes: Uint8Array;
      name: string;
      /** Where the process keeps decoded samples (undefined for a bank that is not SF3). */
      samples: SharedSampleTable | undefined;
      trackMemory: boolean;
      voiceBank: VoiceBank | undefined;
    }
  | { type: 'read-memory'; jobId: number; collectFirst: boolean }
  | {
      type: 'job';
      jobId: number;
      composition: Composition;
      partIndexes: number[];
      sampleRate: number;
      totalSamples: number;
      chunkSamples: number;
      genre?: GenreId;
      synthesis?: boolean;
      /** Only when the pool holds none of its own. */
      voiceBank?: VoiceBank;
      /**
       * A vocal part whose phrases the job's threads share: its own thread sings each phrase it
       * reaches unless another thread claimed it first, the others sing ahead while they are ahead
       * of the mixer. `claims[i]` (Atomics) is 1 once a thread took phrase i of vocalPhraseSchedule.
       */
      sharedSinging?: { partIndex: number; claims: Int32Array };
    }
  | { type: 'sung'; jobId: number; take: number; index: number; audio: Float32Array }
  | {
      type: 'consumed';
      jobId: number;
      chunkIndex: number;
      /** This thread's arrays of the chunk before, handed back for reuse. */
      returned: Float32Array[];
    }
  | { type: 'cancel'; jobId: number }
  | {
      type: 'encode-mp3';
      jobId: number;
      sampleRate: number;
      bitrateKbps: number;
      left: Float32Array;
      right: Float32Array;
    };

/** Messages a worker sends back. */
export type FromWorker =
  | {
      type: 'chunk';
      jobId: number;
      chunkIndex: number;
      parts: { index: number; left: Float32Array; right: Float32Array }[];
    }
  | { type: 'sung'; jobId: number; take: number; index: number; audio: Float32Array }
  | { type: 'encoded'; jobId: number; bytes: Uint8Array }
  | { type: 'memory'; jobId: number; peakBytes: number }
  | { type: 'error'; jobId: number; message: string };

/** How far a worker may run ahead of the mixer, bounding memory held in flight. */
const MAX_CHUNKS_AHEAD = 24;
/**
 * A thread that waits for the mixer (which waits for another thread) sings the vocal part's next
 * phrases, up to this far past its own place, instead of idling.
 */
const SING_AHEAD_SECONDS = 30;

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

let bank: SoundBank | undefined;
let voiceBank: VoiceBank | undefined;
let trackMemory = false;
/** Collect garbage before every 16th sample (a bench's --expose-gc run), so peaks are live memory. */
let collectFirst = false;
let samples = 0;
/** Largest heap + array buffers seen since the pool last asked (only with trackMemory). */
let peakMemoryBytes = 0;
let activeJob = -1;
/** Chunk arrays the mixer has handed back; reusing them spares the collector ~200 MB a 120 s track. */
const spareArrays: Float32Array[] = [];
let consumedChunks = -1;
let wakeUp: (() => void) | undefined;

interface Deferred {
  promise: Promise<Float32Array>;
  resolve: (audio: Float32Array) => void;
  reject: (error: Error) => void;
}
/** Phrases of this thread's vocal part that another thread sings, by "take/index". */
const phrasesSungElsewhere = new Map<string, Deferred>();

function phraseSungElsewhere(key: string): Deferred {
  let deferred = phrasesSungElsewhere.get(key);
  if (!deferred) {
    let resolve!: (audio: Float32Array) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<Float32Array>((onResolve, onReject) => {
      resolve = onResolve;
      reject = onReject;
    });
    // a job cancelled while it waits rejects a promise nobody may await any more
    promise.catch(() => undefined);
    deferred = { promise, resolve, reject };
    phrasesSungElsewhere.set(key, deferred);
  }
  return deferred;
}

function dropPhrasesSungElsewhere(): void {
  for (const deferred of phrasesSungElsewhere.values()) deferred.reject(new Error('job cancelled'));
  phrasesSungElsewhere.clear();
}

/** This thread's side of a job's shared singing (see ToWorker's sharedSinging). */
function sharedSingingOf(job: Extract<ToWorker, { type: 'job' }>) {
  const shared = job.sharedSinging;
  const part = shared ? job.composition.parts[shared.partIndex] : undefined;
  if (!shared || !part?.vocal) return undefined;
  const jobVoiceBank = voiceBank ?? job.voiceBank;
  const schedule = vocalPhraseSchedule(job.composition, part);
  const claim = (position: number) => Atomics.compareExchange(shared.claims, position, 0, 1) === 0;
  /** Claims `first` (already claimed) and the next unclaimed phrases, up to a batch made ready together. */
  const claimBatchFrom = async (first: number, untilSeconds: number): Promise<VocalPhraseRef[]> => {
    const batch = [schedule[first]!];
    for (
      let at = first + 1;
      at < schedule.length &&
      batch.length < PHRASES_PREPARED_TOGETHER &&
      schedule[at]!.fromSeconds < untilSeconds;
      at++
    ) {
      if (claim(at)) batch.push(schedule[at]!);
    }
    await prepareVocalPhrases(job.composition, part, batch, job.sampleRate, jobVoiceBank);
    return batch;
  };
  const singsPart = job.partIndexes.includes(shared.partIndex);
  const keyOf = (ref: { take: number; index: number }) => `${ref.take}/${ref.index}`;
  const positions = new Map(schedule.map((ref, position) => [keyOf(ref), position]));
  // A phrase sung again (a repeated chorus line) is claimed with the phrase it repeats, by the
  // thread that sings that one: it hands the same samples on, instead of another thread speaking,
  // analysing and singing the line again.
  const firstAlike = firstSungAlike(job.composition, part, schedule, job.sampleRate);
  const claimRepeatsOf = (position: number): VocalPhraseRef[] => {
    const repeats: VocalPhraseRef[] = [];
    for (let at = position + 1; at < schedule.length; at++) {
      if (firstAlike[at] === firstAlike[position] && claim(at)) repeats.push(schedule[at]!);
    }
    return repeats;
  };
  /** Sings a claimed phrase; its repeats, claimed too, get its samples (handed on by `share`). */
  const singWithRepeats = async (
    ref: VocalPhraseRef,
    share: (repeat: VocalPhraseRef, audio: Float32Array) => void,
  ): Promise<Float32Array> => {
    const repeats = claimRepeatsOf(positions.get(keyOf(ref))!);
    const audio = await singVocalPhrase(job.composition, part, ref, job.sampleRate, jobVoiceBank);
    if (activeJob === job.jobId) for (const repeat of repeats) share(repeat, audio);
    return audio;
  };
  // the part's own thread reads shared samples as they are (it only adds them to its take)
  const shareHere = (repeat: VocalPhraseRef, audio: Float32Array) =>
    phraseSungElsewhere(keyOf(repeat)).resolve(audio);
  /** Phrases this thread claimed for its own part, sung where the render reaches them. */
  const singsHere = new Set<string>();
  // the part's thread: a phrase nobody took yet is sung where the render reaches it, with the
  // next few made ready alongside
  const sungElsewhere: SungElsewhere | undefined = singsPart
    ? (ref) => {
        const key = keyOf(ref);
        const position = positions.get(key);
        if (position === undefined) return undefined;
        if (singsHere.has(key)) return singWithRepeats(schedule[position]!, shareHere);
        if (!claim(position)) return phraseSungElsewhere(key).promise;
        return claimBatchFrom(position, Number.POSITIVE_INFINITY).then((batch) => {
          for (const claimed of batch) singsHere.add(keyOf(claimed));
          return singWithRepeats(schedule[position]!, shareHere);
        });
      }
    : undefined;
  /** Hands a phrase sung here to the part's thread: the last use may move the samples, not copy them. */
  const post = (ref: VocalPhraseRef, audio: Float32Array) => {
    const message: FromWorker = { type: 'sung', jobId: job.jobId, take: ref.take, index: ref.index, audio };
    port?.postMessage(message, [audio.buffer as ArrayBuffer]);
  };
  let next = 0;
  /** Sings the next unclaimed phrases whose windows start before `untilSeconds`; false when none. */
  const singAhead = async (untilSeconds: number): Promise<boolean> => {
    while (next < schedule.length && schedule[next]!.fromSeconds < untilSeconds) {
      const position = next++;
      if (!claim(position)) continue;
      for (const ref of await claimBatchFrom(position, untilSeconds)) {
        const audio = await singWithRepeats(ref, (repeat, samples) =>
          singsPart ? shareHere(repeat, samples) : post(repeat, samples.slice()),
        );
        if (activeJob !== job.jobId) return false;
        if (singsPart) phraseSungElsewhere(keyOf(ref)).resolve(audio);
        else post(ref, audio);
      }
      return true;
    }
    return false;
  };
  return { sungElsewhere, singAhead };
}

function sampleMemory(): void {
  if (!trackMemory) return;
  if (collectFirst && samples++ % 16 === 0) (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  peakMemoryBytes = Math.max(peakMemoryBytes, usage.heapUsed + usage.arrayBuffers);
}

async function runJob(job: Extract<ToWorker, { type: 'job' }>): Promise<void> {
  if (!bank) throw new Error('worker has no sound bank');
  await whenDecoderReady();
  const singing = sharedSingingOf(job);
  const renderers = job.partIndexes.map((index) => ({
    index,
    renderer: createPartRenderer(job.composition, index, bank as SoundBank, {
      ...job,
      voiceBank: voiceBank ?? job.voiceBank,
      sungElsewhere: singing?.sungElsewhere,
    }),
  }));
  const secondsAt = (chunkIndex: number) => (chunkIndex * job.chunkSamples) / job.sampleRate;
  for (let chunkIndex = 0; chunkIndex * job.chunkSamples < job.totalSamples; chunkIndex++) {
    while (activeJob === job.jobId && chunkIndex - consumedChunks > MAX_CHUNKS_AHEAD) {
      // waiting for the mixer, which waits for another thread: sing the next phrases meanwhile
      if (singing && (await singing.singAhead(secondsAt(chunkIndex) + SING_AHEAD_SECONDS))) {
        await yieldToEventLoop();
        continue;
      }
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
      });
    }
    if (activeJob !== job.jobId) return;
    const fromSample = chunkIndex * job.chunkSamples;
    const count = Math.min(job.chunkSamples, job.totalSamples - fromSample);
    const take = () => {
      const spare = count === job.chunkSamples ? spareArrays.pop() : undefined;
      return spare ? spare.fill(0) : new Float32Array(count);
    };
    const parts: { index: number; left: Float32Array; right: Float32Array }[] = [];
    for (const { index, renderer } of renderers) {
      const left = take();
      const right = take();
      // a vocal part answers with a Promise while it sings the phrase this chunk reaches
      const singing = renderer.renderChunk(left, right, fromSample, count);
      if (singing) await singing;
      parts.push({ index, left, right });
    }
    if (activeJob !== job.jobId) return;
    sampleMemory();
    const message: FromWorker = { type: 'chunk', jobId: job.jobId, chunkIndex, parts };
    port?.postMessage(
      message,
      parts.flatMap((part) => [part.left.buffer as ArrayBuffer, part.right.buffer as ArrayBuffer]),
    );
    // Let cancel and consumed messages in between chunks.
    await yieldToEventLoop();
  }
  // the track is rendered here: what is left of the singing is shared while the others finish
  while (singing && activeJob === job.jobId && (await singing.singAhead(Number.POSITIVE_INFINITY)))
    await yieldToEventLoop();
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'init':
      if (message.samples) shareDecodedSamples(message.bytes, message.samples);
      bank = loadSoundBank(message.bytes, message.name);
      trackMemory = message.trackMemory;
      voiceBank = message.voiceBank;
      break;
    case 'read-memory':
      // a bench's memory run with --expose-gc gets levels without garbage (a timed run must not:
      // a full collection also drops compiled code the next track then compiles again)
      if (message.collectFirst) (globalThis as { gc?: () => void }).gc?.();
      sampleMemory();
      port.postMessage({
        type: 'memory',
        jobId: message.jobId,
        peakBytes: peakMemoryBytes,
      } satisfies FromWorker);
      peakMemoryBytes = 0;
      collectFirst = message.collectFirst;
      break;
    case 'job':
      activeJob = message.jobId;
      consumedChunks = -1;
      spareArrays.length = 0;
      dropPhrasesSungElsewhere();
      forgetSpeeches();
      runJob(message)
        .catch((error: Error) => {
          const reply: FromWorker = { type: 'error', jobId: message.jobId, message: error.message };
          port.postMessage(reply);
        })
        .finally(() => {
          // an idle thread holds no speech or Flite memory (unless the next job has begun)
          if (activeJob === message.jobId || activeJob === -1) forgetSpeeches();
        });
      break;
    case 'consumed':
      if (message.jobId === activeJob) {
        consumedChunks = Math.max(consumedChunks, message.chunkIndex);
        spareArrays.push(...message.returned);
      }
      wakeUp?.();
      break;
    case 'cancel':
      if (message.jobId === activeJob) {
        activeJob = -1;
        dropPhrasesSungElsewhere();
      }
      wakeUp?.();
      break;
    case 'sung':
      if (message.jobId === activeJob)
        phraseSungElsewhere(`${message.take}/${message.index}`).resolve(message.audio);
      break;
    case 'encode-mp3': {
      const { jobId, sampleRate, left, right, bitrateKbps } = message;
      sampleMemory();
      encodeMp3Stream({ sampleRate, left, right }, { bitrateKbps }).then(
        (bytes) =>
          port.postMessage({ type: 'encoded', jobId, bytes } satisfies FromWorker, [
            bytes.buffer as ArrayBuffer,
          ]),
        (error: Error) =>
          port.postMessage({ type: 'error', jobId, message: error.message } satisfies FromWorker),
      );
      break;
    }
  }
});
