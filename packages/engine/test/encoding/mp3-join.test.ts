import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { collectReservoir, parseMp3Frames } from '../../src/encoding/mp3-frames.js';
import { joinMp3Segments, type Mp3SegmentPlan } from '../../src/encoding/mp3-segments.js';

// Synthetic MPEG-1 Layer III streams at 192 kbps / 44.1 kHz without padding: 626-byte frames,
// 36 bytes of header and side info, so 590 bytes of main-data slot each.
const FRAME_BYTES = 626;
const SLOT_BYTES = 590;

interface FrameSpec {
  mainDataBegin: number;
  mainDataBytes: number;
  blockType?: number;
}

function writeBits(bytes: Uint8Array, state: { bit: number }, value: number, count: number): void {
  for (let i = count - 1; i >= 0; i--) {
    if ((value >> i) & 1) bytes[state.bit >> 3]! |= 0x80 >> (state.bit & 7);
    state.bit++;
  }
}

/** A stream whose frame k's main data is the byte `tag + k` repeated, placed as the specs say. */
function buildStream(specs: FrameSpec[], tag: number): Uint8Array {
  const out = new Uint8Array(specs.length * FRAME_BYTES);
  const reservoir = new Uint8Array(specs.length * SLOT_BYTES);
  let usedUntil = 0;
  specs.forEach((spec, k) => {
    const offset = k * FRAME_BYTES;
    out.set([0xff, 0xfb, 0xb0, 0x00], offset);
    const state = { bit: (offset + 4) * 8 };
    writeBits(out, state, spec.mainDataBegin, 9);
    writeBits(out, state, 0, 3 + 8);
    const bitsPerEntry = (spec.mainDataBytes * 8) / 4;
    for (let entry = 0; entry < 4; entry++) {
      writeBits(out, state, bitsPerEntry, 12);
      writeBits(out, state, 0, 9 + 8 + 4);
      if (spec.blockType) {
        writeBits(out, state, 1, 1);
        writeBits(out, state, spec.blockType, 2);
        writeBits(out, state, 0, 1 + 10 + 9);
      } else writeBits(out, state, 0, 1 + 22);
      writeBits(out, state, 0, 3);
    }
    const start = k * SLOT_BYTES - spec.mainDataBegin;
    assert.ok(start >= usedUntil && start + spec.mainDataBytes <= (k + 1) * SLOT_BYTES, 'a valid stream');
    reservoir.fill((tag + k) & 0xff, start, start + spec.mainDataBytes);
    usedUntil = start + spec.mainDataBytes;
  });
  specs.forEach((_, k) => {
    out.set(reservoir.subarray(k * SLOT_BYTES, (k + 1) * SLOT_BYTES), k * FRAME_BYTES + 36);
  });
  return out;
}

/** Each frame's main data, as a decoder collects it. */
function mainDataOf(bytes: Uint8Array): Uint8Array[] {
  const frames = parseMp3Frames(bytes);
  const reservoir = collectReservoir(bytes, frames);
  return frames.map((frame, k) => {
    const from = k * SLOT_BYTES - frame.mainDataBeginBytes;
    return reservoir.slice(from, from + frame.mainDataBytes);
  });
}

const frames = (count: number, spec: FrameSpec) => Array.from({ length: count }, () => ({ ...spec }));
// segment A holds frames 0–13, segment B frames 4–19; the seam may fall on frames 7–9, 8 preferred
const plan: Mp3SegmentPlan = {
  segments: [
    { fromSample: 0, toSample: 14 * 1152 },
    { fromSample: 4 * 1152, toSample: 20 * 1152 },
  ],
  seams: [{ preferredFrame: 8, firstFrame: 7, lastFrame: 9 }],
};
/** Which segment each joined frame came from, by its tag. */
function origins(joined: Uint8Array): string {
  return mainDataOf(joined)
    .map((data, k) =>
      data[0] === ((0x10 + k) & 0xff) ? 'A' : data[0] === ((0x80 + k - 4) & 0xff) ? 'B' : '?',
    )
    .join('');
}

describe('joinMp3Segments', () => {
  it('moves main data into the free reservoir when the next encoder had more saved than there is', () => {
    // A fills every slot to the brim; B's frames lean 100 bytes into their reservoir
    const a = buildStream(frames(14, { mainDataBegin: 0, mainDataBytes: SLOT_BYTES }), 0x10);
    const b = buildStream(
      [
        ...frames(1, { mainDataBegin: 0, mainDataBytes: 400 }),
        ...frames(15, { mainDataBegin: 100, mainDataBytes: 500 }),
      ],
      0x80,
    );
    const joined = joinMp3Segments([a, b], plan) as Uint8Array;
    assert.ok(joined);
    assert.equal(origins(joined), 'AAAAAAAABBBBBBBBBBBB');
    const joinedFrames = parseMp3Frames(joined);
    assert.equal(
      joinedFrames[8]?.mainDataBeginBytes,
      0,
      'the first frame after the seam starts in its own slot',
    );
    for (const [k, data] of mainDataOf(joined).entries())
      assert.ok(data.length > 0 && data.every((byte) => byte === data[0]), `frame ${k} is whole`);
  });

  it('moves the seam to a frame where both encoders chose the same windows', () => {
    const a = buildStream(frames(14, { mainDataBegin: 0, mainDataBytes: 300 }), 0x10);
    const bSpecs = frames(16, { mainDataBegin: 0, mainDataBytes: 300 });
    bSpecs[8 - 4] = { mainDataBegin: 0, mainDataBytes: 300, blockType: 1 }; // frame 8: a start window in B only
    const joined = joinMp3Segments([a, buildStream(bSpecs, 0x80)], plan) as Uint8Array;
    // 8 and 9 both touch B's frame 8, so the seam goes to 7
    assert.equal(origins(joined), 'AAAAAAABBBBBBBBBBBBB');
  });

  it('gives up when no candidate frame can hold the next encoder’s data', () => {
    const a = buildStream(frames(14, { mainDataBegin: 0, mainDataBytes: SLOT_BYTES }), 0x10);
    // B saves 490 bytes early, then spends them 10 bytes a frame past its slots over frames 6–14
    const b = buildStream(
      [
        { mainDataBegin: 0, mainDataBytes: 100 },
        { mainDataBegin: 490, mainDataBytes: 1000 },
        ...[80, 70, 60, 50, 40, 30, 20, 10].map((mainDataBegin) => ({ mainDataBegin, mainDataBytes: 600 })),
        ...frames(6, { mainDataBegin: 0, mainDataBytes: SLOT_BYTES }),
      ],
      0x80,
    );
    assert.equal(joinMp3Segments([a, b], plan), undefined);
  });
});
