// MP3 in parallel segments that join without a seam. Each segment's encoder starts a few frames
// early on the frame grid of the whole stream (so its frames line up with a single encoder's, and
// its filterbank and psychoacoustic model are warm by the seam) and runs a few frames past the
// next seam. The join takes the frames of each encoder up to a seam frame, chosen where both
// encoders picked the same block types (so the MDCT windows still overlap-add correctly), and
// moves every frame's main data into one bit reservoir. Each frame then carries exactly the bits
// its own encoder wrote: it decodes to the same coefficients, and only the overlap-add across the
// seam mixes two encoders' rounding, as any two consecutive frames mix their own.
import {
  collectReservoir,
  MP3_FRAME_SAMPLES,
  type Mp3Frame,
  parseMp3Frames,
  writeMainDataBegin,
} from './mp3-frames.js';

/** Audio per segment: long enough that the overlap is a few percent of the work. */
const SEGMENT_SECONDS = 15;
/** Frames a segment's encoder starts before its nominal first frame. */
const PRE_ROLL_FRAMES = 6;
/** Frames an encoder needs before its output is used: the filterbank's 512-tap history, the
 * MDCT's previous granule and the psychoacoustic model's attack memory span under two frames. */
const WARM_UP_FRAMES = 3;
/** Frames after a nominal seam that may still be chosen as the seam. */
const POST_SEAM_FRAMES = 3;
/** Frames an encoder keeps reading past the last frame that may be used, so LAME's look-ahead
 * and its end-of-stream padding never reach a kept frame. */
const LOOK_AHEAD_FRAMES = 4;
const MAX_MAIN_DATA_BEGIN_BYTES = 511;

/** One encoder's input: samples [fromSample, toSample) of the track, fromSample on the frame grid. */
export interface Mp3SegmentInput {
  fromSample: number;
  toSample: number;
}

/** Segments and, between each pair, the frames (of the whole stream) where the seam may fall. */
export interface Mp3SegmentPlan {
  segments: Mp3SegmentInput[];
  seams: { preferredFrame: number; firstFrame: number; lastFrame: number }[];
}

/** A seam is left out when the track ends this soon after it (the last segment then runs longer). */
const MIN_LAST_SEGMENT_FRAMES = PRE_ROLL_FRAMES + POST_SEAM_FRAMES + LOOK_AHEAD_FRAMES;

/**
 * Splits a track into segments of SEGMENT_SECONDS from its start (the last one takes the rest).
 * Seams sit at the same frames whatever the track's length, and the bytes never depend on how many
 * threads encode: so two tracks that share their first N seconds (an extension and its original)
 * share their MP3 frames up to about there too.
 */
export function planMp3Segments(totalSamples: number, sampleRateHz: number): Mp3SegmentPlan {
  const fullFrames = Math.floor(totalSamples / MP3_FRAME_SAMPLES);
  const segmentFrames = Math.max(1, Math.round((SEGMENT_SECONDS * sampleRateHz) / MP3_FRAME_SAMPLES));
  const nominal = [0];
  for (let frame = segmentFrames; frame + MIN_LAST_SEGMENT_FRAMES <= fullFrames; frame += segmentFrames)
    nominal.push(frame);
  nominal.push(fullFrames);
  const count = nominal.length - 1;
  const seams = nominal.slice(1, -1).map((frame) => ({
    preferredFrame: frame,
    firstFrame: frame - PRE_ROLL_FRAMES + WARM_UP_FRAMES,
    lastFrame: frame + POST_SEAM_FRAMES,
  }));
  const segments = nominal.slice(0, -1).map((frame, index) => ({
    fromSample: index === 0 ? 0 : (frame - PRE_ROLL_FRAMES) * MP3_FRAME_SAMPLES,
    toSample:
      index === count - 1
        ? totalSamples
        : Math.min(
            totalSamples,
            ((seams[index] as { lastFrame: number }).lastFrame + LOOK_AHEAD_FRAMES) * MP3_FRAME_SAMPLES,
          ),
  }));
  return { segments, seams };
}

interface Source {
  bytes: Uint8Array;
  frames: Mp3Frame[];
  reservoir: Uint8Array;
  /** Reservoir offset of each frame's own slot. */
  slotStarts: number[];
  /** The frame of the whole stream its first frame lines up with. */
  firstFrame: number;
}

interface Placed {
  source: Source;
  index: number;
  /** Offset of its own slot in the joined reservoir. */
  slotStart: number;
  /** Offset of its main data in the joined reservoir. */
  dataStart: number;
}

/** The joined reservoir's state: bytes of slots so far and where the last main data ended. */
interface Cursor {
  slotBytes: number;
  usedBytes: number;
}

/**
 * Places a frame's main data where its own encoder had it relative to its slot when that is free,
 * else as early as the reservoir allows; undefined when it cannot end inside its own slot.
 */
function place(source: Source, index: number, cursor: Cursor): Placed | undefined {
  const frame = source.frames[index] as Mp3Frame;
  const original = cursor.slotBytes - frame.mainDataBeginBytes;
  const dataStart =
    original >= cursor.usedBytes
      ? original
      : Math.max(cursor.usedBytes, cursor.slotBytes - MAX_MAIN_DATA_BEGIN_BYTES);
  const slot = frame.lengthBytes - frame.headerBytes;
  if (dataStart + frame.mainDataBytes > cursor.slotBytes + slot) return undefined;
  const slotStart = cursor.slotBytes;
  cursor.slotBytes += slot;
  cursor.usedBytes = dataStart + frame.mainDataBytes;
  return { source, index, slotStart, dataStart };
}

function sameBlockTypes(a: Mp3Frame | undefined, b: Mp3Frame | undefined): boolean {
  return !!a && !!b && a.blockTypes.every((type, index) => type === b.blockTypes[index]);
}

/** Seam candidates in order of preference: the nominal frame, then alternately later and earlier. */
function candidateFrames(seam: Mp3SegmentPlan['seams'][number]): number[] {
  const frames: number[] = [seam.preferredFrame];
  for (let step = 1; frames.length < seam.lastFrame - seam.firstFrame + 1; step++) {
    if (seam.preferredFrame + step <= seam.lastFrame) frames.push(seam.preferredFrame + step);
    if (seam.preferredFrame - step >= seam.firstFrame) frames.push(seam.preferredFrame - step);
  }
  return frames;
}

/**
 * Joins the segments' encodings (one per plan segment, in order) into one stream; undefined when
 * some seam has no frame where both encoders agree on block types and the reservoir fits.
 */
export function joinMp3Segments(
  encoded: readonly Uint8Array[],
  plan: Mp3SegmentPlan,
): Uint8Array | undefined {
  if (encoded.length !== plan.segments.length) throw new Error('one encoding per segment is needed');
  if (encoded.length === 1) return encoded[0];
  const joiner = createMp3Joiner(plan);
  const parts: Uint8Array[] = [];
  for (const [index, bytes] of encoded.entries()) {
    const ready = joiner.add(index, bytes);
    if (!ready) return undefined;
    parts.push(ready);
  }
  return concatBytes(parts);
}

/** Joins segments as their encodings arrive, in any order, handing out the stream as it becomes final. */
export interface Mp3Joiner {
  /**
   * Takes segment `index`'s encoding; returns the bytes of the joined stream that became final
   * (continuing the previous ones; empty when none did, all the rest after the last segment), or
   * undefined when a seam cannot be joined (the stream handed out so far then goes no further).
   */
  add(index: number, encoded: Uint8Array): Uint8Array | undefined;
}

/**
 * Frames are handed out as soon as no later frame can change them: a frame's slot may still receive
 * a later frame's main data until the reservoir's used bytes pass its end (place() never puts main
 * data before them), and its own main_data_begin is fixed when it is placed. Seams are decided in
 * order, each once both of its segments are in, exactly as joining them all at the end would.
 */
export function createMp3Joiner(plan: Mp3SegmentPlan): Mp3Joiner {
  const sources: (Source | undefined)[] = new Array(plan.segments.length);
  const placed: Placed[] = [];
  const cursor: Cursor = { slotBytes: 0, usedBytes: 0 };
  let reservoir = new Uint8Array(64 * 1024);
  /** Frames of the whole stream are numbered from 0; `next` is the first not yet placed. */
  let next = 0;
  let seamIndex = 0;
  let lastPlaced = false;
  let written = 0;
  let failed = false;

  const sourceOf = (bytes: Uint8Array, index: number): Source => {
    const frames = parseMp3Frames(bytes);
    const slotStarts: number[] = [];
    let at = 0;
    for (const frame of frames) {
      slotStarts.push(at);
      at += frame.lengthBytes - frame.headerBytes;
    }
    const { fromSample } = plan.segments[index] as Mp3SegmentInput;
    return {
      bytes,
      frames,
      reservoir: collectReservoir(bytes, frames),
      slotStarts,
      firstFrame: fromSample / MP3_FRAME_SAMPLES,
    };
  };
  const placeRun = (source: Source, untilFrame: number, into: Placed[], state: Cursor): boolean => {
    for (; next < untilFrame; next++) {
      const result = place(source, next - source.firstFrame, state);
      if (!result) return false;
      into.push(result);
    }
    return true;
  };
  const commit = (frames: readonly Placed[]) => {
    for (const frame of frames) {
      const { source, index, dataStart } = frame;
      const info = source.frames[index] as Mp3Frame;
      const end = Math.max(dataStart + info.mainDataBytes, frame.slotStart + info.lengthBytes);
      if (end > reservoir.length) {
        const grown = new Uint8Array(Math.max(end, reservoir.length * 2));
        grown.set(reservoir);
        reservoir = grown;
      }
      const from = (source.slotStarts[index] as number) - info.mainDataBeginBytes;
      reservoir.set(source.reservoir.subarray(from, from + info.mainDataBytes), dataStart);
      placed.push(frame);
    }
  };
  /** Decides every seam whose two segments are in; false when one cannot be joined. */
  const advance = (): boolean => {
    while (seamIndex < plan.seams.length) {
      const before = sources[seamIndex];
      const after = sources[seamIndex + 1];
      if (!before || !after) return true;
      const seam = plan.seams[seamIndex] as Mp3SegmentPlan['seams'][number];
      // the segment after must hold its frames up to the next seam's earliest candidate
      const afterUntil =
        seamIndex + 1 < plan.seams.length
          ? (plan.seams[seamIndex + 1] as { firstFrame: number }).firstFrame
          : after.firstFrame + after.frames.length;
      const run: Placed[] = [];
      if (!placeRun(before, seam.firstFrame, run, cursor)) return false;
      commit(run);
      const start = next;
      let joined = false;
      for (const frame of candidateFrames(seam)) {
        const a = before.frames;
        const b = after.frames;
        const agree =
          sameBlockTypes(a[frame - 1 - before.firstFrame], b[frame - 1 - after.firstFrame]) &&
          sameBlockTypes(a[frame - before.firstFrame], b[frame - after.firstFrame]);
        if (!agree) continue;
        next = start;
        const trial: Placed[] = [];
        const state = { ...cursor };
        if (placeRun(before, frame, trial, state) && placeRun(after, afterUntil, trial, state)) {
          commit(trial);
          Object.assign(cursor, state);
          joined = true;
          break;
        }
      }
      if (!joined) return false;
      seamIndex++;
    }
    const last = sources.at(-1);
    if (!lastPlaced && last) {
      const run: Placed[] = [];
      if (!placeRun(last, last.firstFrame + last.frames.length, run, cursor)) return false;
      commit(run);
      lastPlaced = true;
    }
    return true;
  };
  /** Writes the frames whose slots can no longer change: headers and side info as encoded, main_data_begin and main data moved. */
  const writeFinal = (): Uint8Array => {
    let until = written;
    while (until < placed.length) {
      const { source, index, slotStart } = placed[until] as Placed;
      const frame = source.frames[index] as Mp3Frame;
      if (!lastPlaced && slotStart + frame.lengthBytes - frame.headerBytes > cursor.usedBytes) break;
      until++;
    }
    let total = 0;
    for (let i = written; i < until; i++) {
      const { source, index } = placed[i] as Placed;
      total += (source.frames[index] as Mp3Frame).lengthBytes;
    }
    const out = new Uint8Array(total);
    let offset = 0;
    for (let i = written; i < until; i++) {
      const { source, index, slotStart, dataStart } = placed[i] as Placed;
      const frame = source.frames[index] as Mp3Frame;
      out.set(source.bytes.subarray(frame.offsetBytes, frame.offsetBytes + frame.headerBytes), offset);
      writeMainDataBegin(out, offset, slotStart - dataStart);
      const slot = frame.lengthBytes - frame.headerBytes;
      out.set(reservoir.subarray(slotStart, slotStart + slot), offset + frame.headerBytes);
      offset += frame.lengthBytes;
    }
    written = until;
    return out;
  };

  return {
    add(index, encoded) {
      if (failed) return undefined;
      if (sources[index]) throw new Error(`segment ${index} was already added`);
      sources[index] = sourceOf(encoded, index);
      if (plan.segments.length === 1) {
        lastPlaced = true;
        return encoded;
      }
      if (!advance()) {
        failed = true;
        return undefined;
      }
      return writeFinal();
    },
  };
}

export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
