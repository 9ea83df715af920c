// MP3 for a whole track: LAME encodes about 50× real time on one core, so a 120 s track is ~2 s of
// one thread. The track is cut into segments (mp3-segments.ts) that this thread and any helper
// threads take one at a time, and the encodings are joined into one stream. The segments depend
// only on the track's length, so the bytes are the same however many threads take part. With
// onBytes the file is handed out while it is encoded: the Info frame depends only on the length and
// the first frame's header, and each joined frame as soon as no later one can change it, so a
// listener can play the very bytes that are stored.
import type { AudioBuffer } from '../types.js';
import { isMpeg1SampleRate, MP3_FRAME_SAMPLES } from './mp3-frames.js';
import { addGaplessInfo, gaplessInfoFrame } from './mp3-gapless.js';
import { concatBytes, createMp3Joiner, planMp3Segments } from './mp3-segments.js';
import { checkMp3Bitrate, encodeMp3Stream } from './wasm-encoders.js';

/** Encodes one segment of PCM as an MP3 stream, e.g. on a worker thread (RenderPool.mp3SegmentEncoders). */
export type Mp3SegmentEncoder = (segment: AudioBuffer, bitrateKbps: number) => Promise<Uint8Array>;

export interface Mp3Options {
  /** Constant bitrate; default 192 kbps. */
  bitrateKbps?: number;
  /** Encoders on other threads; each takes the next segment whenever it is free. */
  helpers?: readonly Mp3SegmentEncoder[];
  /** This thread starts taking segments once this settles (default at once), so it can make other files first. */
  localStart?: Promise<unknown>;
  /** Stops handing out segments; the call then rejects. */
  signal?: AbortSignal;
  /** Called with the fraction of segments encoded. */
  onProgress?: (fraction: number) => void;
  /**
   * Receives the file's bytes in order as they become final; together they are the returned file.
   * Should the segments not join (never seen on music), the pieces stop short and the file returned
   * is one encoder's: compare lengths before taking the pieces for the file.
   */
  onBytes?: (bytes: Uint8Array) => void;
}

/** Encodes stereo PCM as constant-bitrate MP3 (default 192 kbps), in segments over every encoder
 * given, with an Info frame so decoders return exactly the samples given (mp3-gapless.ts). */
export async function encodeMp3(buffer: AudioBuffer, options: Mp3Options = {}): Promise<Uint8Array> {
  const bitrateKbps = options.bitrateKbps ?? 192;
  checkMp3Bitrate(bitrateKbps);
  const totalSamples = buffer.left.length;
  // MPEG-2 rates have another side-info layout, which the joiner does not read
  if (!isMpeg1SampleRate(buffer.sampleRate) || totalSamples < 4 * MP3_FRAME_SAMPLES) {
    const file = addGaplessInfo(await encodeMp3Stream(buffer, { bitrateKbps }), totalSamples, bitrateKbps);
    options.onBytes?.(file);
    return file;
  }
  const plan = planMp3Segments(totalSamples, buffer.sampleRate);
  const joiner = createMp3Joiner(plan);
  const parts: Uint8Array[] = [];
  let joined = true;
  const emit = (bytes: Uint8Array) => {
    if (bytes.length === 0) return;
    parts.push(bytes);
    options.onBytes?.(bytes);
  };
  const take = (index: number, encoded: Uint8Array) => {
    if (!joined) return;
    const ready = joiner.add(index, encoded);
    if (!ready) {
      joined = false;
      return;
    }
    if (parts.length === 0 && ready.length > 0) {
      const info = gaplessInfoFrame(ready.subarray(0, 4), totalSamples, bitrateKbps);
      if (info) emit(info);
    }
    emit(ready);
  };
  let nextSegment = 0;
  let done = 0;
  const runLane = async (encode: Mp3SegmentEncoder, start?: Promise<unknown>) => {
    await start;
    while (nextSegment < plan.segments.length) {
      if (options.signal?.aborted) throw new Error('MP3 encoding was aborted');
      const index = nextSegment++;
      const { fromSample, toSample } = plan.segments[index] as { fromSample: number; toSample: number };
      take(
        index,
        await encode(
          {
            sampleRate: buffer.sampleRate,
            left: buffer.left.subarray(fromSample, toSample),
            right: buffer.right.subarray(fromSample, toSample),
          },
          bitrateKbps,
        ),
      );
      options.onProgress?.(++done / plan.segments.length);
    }
  };
  const local: Mp3SegmentEncoder = (segment, kbps) => encodeMp3Stream(segment, { bitrateKbps: kbps });
  try {
    await Promise.all([
      runLane(local, options.localStart),
      ...(options.helpers ?? []).map((helper) => runLane(helper)),
    ]);
  } catch (error) {
    nextSegment = plan.segments.length; // the other lanes stop after their current segment
    throw error;
  }
  if (joined) return concatBytes(parts);
  // no seam found (never seen on music, but not ruled out): one encoder for the whole track
  return addGaplessInfo(await encodeMp3Stream(buffer, { bitrateKbps }), totalSamples, bitrateKbps);
}
