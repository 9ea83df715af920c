import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MPEGDecoder } from 'mpg123-decoder';
import { encodeMp3, encodeMp3Stream, type Mp3SegmentEncoder } from '../../src/encoding/index.js';
import { collectReservoir, type Mp3Frame, parseMp3Frames } from '../../src/encoding/mp3-frames.js';
import { joinMp3Segments, planMp3Segments } from '../../src/encoding/mp3-segments.js';
import type { AudioBuffer } from '../../src/types.js';
import { musicLike } from '../mastering/signals.js';

const SAMPLE_RATE = 44100;
// 40 s makes three segments, so two seams
const input = musicLike(40, 0.3, 21, SAMPLE_RATE);
const plan = planMp3Segments(input.left.length, SAMPLE_RATE);
const slice = (from: number, to: number): AudioBuffer => ({
  sampleRate: SAMPLE_RATE,
  left: input.left.subarray(from, to),
  right: input.right.subarray(from, to),
});
const segments = await Promise.all(
  plan.segments.map((s) => encodeMp3Stream(slice(s.fromSample, s.toSample))),
);
const joined = joinMp3Segments(segments, plan) as Uint8Array;
const single = await encodeMp3Stream(input);

/** Each frame's side info (main_data_begin masked) and main data: what a decoder reads for it. */
function frameContents(bytes: Uint8Array): { frame: Mp3Frame; key: string }[] {
  const frames = parseMp3Frames(bytes);
  const reservoir = collectReservoir(bytes, frames);
  let slotStart = 0;
  return frames.map((frame) => {
    const sideInfo = bytes.slice(frame.offsetBytes, frame.offsetBytes + frame.headerBytes);
    sideInfo[4] = 0; // main_data_begin: the top 8 of its 9 bits …
    sideInfo[5] = (sideInfo[5] as number) & 0x7f; // … and the last
    sideInfo[2] = (sideInfo[2] as number) & ~2; // the padding bit only sizes the slot
    const from = slotStart - frame.mainDataBeginBytes;
    const mainData = reservoir.subarray(from, from + frame.mainDataBytes);
    slotStart += frame.lengthBytes - frame.headerBytes;
    return {
      frame,
      key: `${Buffer.from(sideInfo).toString('hex')}:${Buffer.from(mainData).toString('hex')}`,
    };
  });
}

describe('MP3 in segments', () => {
  it('plans segments on the frame grid with room for each seam', () => {
    assert.equal(plan.segments.length, 3);
    assert.equal(plan.seams.length, 2);
    for (const [index, seam] of plan.seams.entries()) {
      const before = plan.segments[index]!;
      const after = plan.segments[index + 1]!;
      assert.equal(after.fromSample % 1152, 0);
      assert.ok(
        after.fromSample / 1152 < seam.firstFrame,
        'the encoder after a seam is warm by its first candidate',
      );
      assert.ok(
        before.toSample / 1152 > seam.lastFrame + 2,
        'the encoder before a seam reads past its last candidate',
      );
    }
  });

  it('joins into as many frames as one encoder writes, each carrying exactly its own encoder’s bits', () => {
    const out = frameContents(joined);
    assert.equal(out.length, parseMp3Frames(single).length);
    const sources = segments.map((bytes) => frameContents(bytes));
    // every frame is the same-numbered frame of one segment's encoding, and the segment only
    // ever moves forward, once per seam
    let segment = 0;
    const switches: number[] = [];
    for (const [frameIndex, { key }] of out.entries()) {
      const local = (s: number) => frameIndex - plan.segments[s]!.fromSample / 1152;
      if (sources[segment]![local(segment)]?.key !== key) {
        segment++;
        switches.push(frameIndex);
      }
      assert.equal(
        sources[segment]?.[local(segment)]?.key,
        key,
        `frame ${frameIndex} is segment ${segment}'s`,
      );
    }
    assert.equal(switches.length, plan.seams.length);
    for (const [index, frame] of switches.entries()) {
      const seam = plan.seams[index]!;
      assert.ok(frame >= seam.firstFrame && frame <= seam.lastFrame, `seam ${index} at frame ${frame}`);
    }
    // the MDCT windows follow each other as the standard allows (long → long or start, start →
    // short, short → short or stop, stop → long or start), so overlap-add cancels the aliasing
    const allowed = [[0, 1], [2], [2, 3], [0, 1]];
    const frames = out.map(({ frame }) => frame);
    for (let channel = 0; channel < 2; channel++) {
      const windows = frames.flatMap((frame) => [frame.blockTypes[channel]!, frame.blockTypes[2 + channel]!]);
      for (let g = 1; g < windows.length; g++)
        assert.ok(
          allowed[windows[g - 1]!]!.includes(windows[g]!),
          `granule ${g}: ${windows[g - 1]} → ${windows[g]}`,
        );
    }
  });

  it('gives the same bytes whichever threads take the segments', async () => {
    const viaHelpers: Mp3SegmentEncoder[] = [0, 1].map(
      () => (segment, bitrateKbps) => encodeMp3Stream(segment, { bitrateKbps }),
    );
    const alone = await encodeMp3(input);
    const helped = await encodeMp3(input, { helpers: viaHelpers });
    assert.deepEqual(helped, alone);
    // after the gapless Info frame (mp3-gapless.ts), the joined stream
    assert.deepEqual(alone.subarray(alone.length - joined.length), joined);
  });

  it('hands out the file while it is encoded: the pieces are the file, and the first comes before the last segment is in', async () => {
    const pieces: { bytes: Uint8Array; segmentsDone: number }[] = [];
    let segmentsDone = 0;
    const file = await encodeMp3(input, {
      onProgress: (fraction) => {
        segmentsDone = Math.round(fraction * plan.segments.length);
      },
      onBytes: (bytes) => pieces.push({ bytes, segmentsDone }),
    });
    assert.deepEqual(Buffer.concat(pieces.map((piece) => piece.bytes)), Buffer.from(file));
    assert.ok(pieces.length >= plan.segments.length, `${pieces.length} pieces`);
    // the first frames go out once the first seam is decided, with only two of three segments in
    assert.ok((pieces[1]?.segmentsDone ?? 0) < plan.segments.length);
    assert.equal(pieces[0]?.bytes.length, 626, 'the Info frame leads');
  });

  // mpg123 (as WASM, a test-time dependency) decodes both streams; the same decoder on both keeps
  // the comparison about the encoder, not about a decoder's delay handling.
  const decode = async (bytes: Uint8Array): Promise<Float32Array> => {
    const decoder = new MPEGDecoder();
    await decoder.ready;
    try {
      const { channelData, samplesDecoded } = decoder.decode(bytes);
      const [left, right] = channelData as [Float32Array, Float32Array];
      const interleaved = new Float32Array(2 * samplesDecoded);
      for (let i = 0; i < samplesDecoded; i++) {
        interleaved[2 * i] = left[i] as number;
        interleaved[2 * i + 1] = right[i] as number;
      }
      return interleaved;
    } finally {
      decoder.free();
    }
  };
  /** Decoder output lags the input by the encoder's and decoder's delays: found by alignment. */
  const findDelay = (decoded: Float32Array): number => {
    let best = 0;
    let bestError = Number.POSITIVE_INFINITY;
    for (let delay = 0; delay <= 2400; delay++) {
      let error = 0;
      for (let i = 20000; i < 24000; i++) error += (decoded[2 * (i + delay)]! - input.left[i]!) ** 2;
      if (error < bestError) {
        bestError = error;
        best = delay;
      }
    }
    return best;
  };

  it('decodes without a click: near each seam the error is no larger than one encoder’s', async () => {
    const decodedSingle = await decode(single);
    const decodedJoined = await decode(joined);
    assert.equal(decodedJoined.length, decodedSingle.length, 'same duration');
    const delay = findDelay(decodedSingle);
    const errorEnergy = (decoded: Float32Array, from: number, to: number) => {
      let energy = 0;
      for (let i = from; i < to; i++) {
        energy += (decoded[2 * (i + delay)]! - input.left[i]!) ** 2;
        energy += (decoded[2 * (i + delay) + 1]! - input.right[i]!) ** 2;
      }
      return energy;
    };
    for (const seam of plan.seams) {
      // every frame that may hold the seam, one frame either side
      const from = (seam.firstFrame - 1) * 1152;
      const to = (seam.lastFrame + 2) * 1152;
      const joinedError = errorEnergy(decodedJoined, from, to);
      const singleError = errorEnergy(decodedSingle, from, to);
      // a mismatched window or a misplaced frame shows up as a click 15–20 dB over the coding noise
      assert.ok(
        joinedError < 2 * singleError,
        `seam near frame ${seam.preferredFrame}: ${joinedError} vs ${singleError}`,
      );
    }
    const whole = input.left.length - 4000;
    const ratio = errorEnergy(decodedJoined, 2000, whole) / errorEnergy(decodedSingle, 2000, whole);
    assert.ok(ratio > 0.9 && ratio < 1.1, `overall coding error ratio ${ratio}`);
  });
});
