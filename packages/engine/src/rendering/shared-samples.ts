// Decoded samples, once per process. A bank's samples are Ogg Vorbis that the synthesizer decodes to
// float PCM on first use (431 MB for all of MuseScore General) and keeps. Each thread keeps its own
// parse of the bank, so without this every render thread decodes and keeps its own copy of every
// sample it has played. Here the first thread to need a sample decodes it into memory all threads
// share, and the others read it from there.
import type { BasicSoundBank } from 'spessasynth_core';
import { EngineError } from '../types.js';

/** The shared memory behind a bank's decoded samples; post it to the threads that render it. */
export interface SharedSampleTable {
  /** Int32 slots: [floats handed out so far, then per sample: state, offset, length]. */
  readonly slots: SharedArrayBuffer;
  /** Float PCM of every decoded sample, grown as samples are decoded. */
  readonly pcm: SharedArrayBuffer;
}

type GrowableSharedArrayBuffer = SharedArrayBuffer & {
  grow(byteLength: number): void;
  readonly maxByteLength: number;
};

const NEXT_FREE = 0;
const FIELDS = 3;
const STATE = 0;
const OFFSET = 1;
const LENGTH = 2;
const ABSENT = 0;
const DECODING = 1;
const READY = 2;
/** Decoded by each thread on its own (the shared memory was full, or decoding failed). */
const PRIVATE = 3;

/** Decoded PCM is ~11× its Vorbis bytes for MuseScore General; the table reserves room for 16×. */
const DECODED_PER_COMPRESSED_BYTE = 16;
/** Address space only: memory is committed as the table grows and resident once written. */
const MAX_TABLE_BYTES = 4 * 2 ** 30;
const GROW_STEP_BYTES = 2 ** 20;
/** How long a thread waits for another to finish decoding a sample before decoding it itself. */
const WAIT_FOR_DECODE_MS = 2_000;

/** An empty table for a bank of sampleCount samples whose compressed data is compressedBytes long. */
export function createSharedSampleTable(sampleCount: number, compressedBytes: number): SharedSampleTable {
  const maxByteLength = Math.min(
    MAX_TABLE_BYTES,
    Math.ceil((compressedBytes * DECODED_PER_COMPRESSED_BYTE) / GROW_STEP_BYTES) * GROW_STEP_BYTES,
  );
  const Growable = SharedArrayBuffer as unknown as new (
    byteLength: number,
    options: { maxByteLength: number },
  ) => GrowableSharedArrayBuffer;
  return {
    slots: new SharedArrayBuffer((1 + sampleCount * FIELDS) * Int32Array.BYTES_PER_ELEMENT),
    pcm: new Growable(0, { maxByteLength }),
  };
}

/**
 * Makes every sample of a parsed bank take its decoded PCM from the table, decoding it there if no
 * thread has yet. The synthesizer reads samples only through getAudioData, so that is where the
 * table comes in; the sample's own decoded copy is dropped once the shared one is in place.
 */
export function decodeSamplesInto(bank: BasicSoundBank, table: SharedSampleTable): void {
  const slots = new Int32Array(table.slots);
  if (slots.length !== 1 + bank.samples.length * FIELDS) {
    throw new EngineError('bank', 'the shared sample table was made for another bank');
  }
  const pcm = table.pcm as GrowableSharedArrayBuffer;
  bank.samples.forEach((sample, index) => {
    const decodeOwn = sample.getAudioData.bind(sample);
    let decoded: Float32Array | undefined;
    sample.getAudioData = () => {
      if (decoded) return decoded;
      decoded = shared(slots, pcm, index, decodeOwn);
      sample.setAudioData(decoded, sample.sampleRate);
      return decoded;
    };
  });
}

function shared(
  slots: Int32Array,
  pcm: GrowableSharedArrayBuffer,
  index: number,
  decode: () => Float32Array,
): Float32Array {
  const at = 1 + index * FIELDS;
  for (;;) {
    const state = Atomics.load(slots, at + STATE);
    if (state === READY) return new Float32Array(pcm, (slots[at + OFFSET] as number) * 4, slots[at + LENGTH]);
    if (state === PRIVATE) return decode();
    if (state === DECODING) {
      // another thread is decoding it: a sample decodes in milliseconds
      if (Atomics.wait(slots, at + STATE, DECODING, WAIT_FOR_DECODE_MS) === 'timed-out') return decode();
      continue;
    }
    if (Atomics.compareExchange(slots, at + STATE, ABSENT, DECODING) !== ABSENT) continue;
    let own: Float32Array;
    try {
      own = decode();
    } catch (error) {
      publish(slots, at, PRIVATE);
      throw error;
    }
    const offset = Atomics.add(slots, NEXT_FREE, own.length);
    if (!reserve(pcm, (offset + own.length) * 4)) {
      publish(slots, at, PRIVATE);
      return own;
    }
    const view = new Float32Array(pcm, offset * 4, own.length);
    view.set(own);
    slots[at + OFFSET] = offset;
    slots[at + LENGTH] = own.length;
    // the atomic store orders the writes above before any thread that sees READY reads them
    publish(slots, at, READY);
    return view;
  }
}

function publish(slots: Int32Array, at: number, state: number): void {
  Atomics.store(slots, at + STATE, state);
  Atomics.notify(slots, at + STATE);
}

/** Grows the shared memory to at least byteLength; false when it cannot hold that much. */
function reserve(pcm: GrowableSharedArrayBuffer, byteLength: number): boolean {
  while (pcm.byteLength < byteLength) {
    if (byteLength > pcm.maxByteLength) return false;
    const before = pcm.byteLength;
    try {
      pcm.grow(Math.min(pcm.maxByteLength, Math.ceil(byteLength / GROW_STEP_BYTES) * GROW_STEP_BYTES));
    } catch {
      // another thread grew it past this size meanwhile (look again), or there is no memory left
      if (pcm.byteLength === before) return false;
    }
  }
  return true;
}
