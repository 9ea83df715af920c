import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createStreamingMaster, masterTrack, measureLoudness } from '../../src/mastering/index.js';
import type { AudioBuffer } from '../../src/types.js';
import { joinChunks, musicLike, stereoSine } from './signals.js';

function assertMastered(buffer: AudioBuffer, inputLength: number): void {
  const measured = measureLoudness(buffer);
  assert.equal(buffer.left.length, inputLength);
  assert.equal(buffer.right.length, inputLength);
  assert.ok(Math.abs(measured.integratedLufs - -14) <= 0.5, `loudness ${measured.integratedLufs}`);
  assert.ok(measured.truePeakDbtp <= -1, `true peak ${measured.truePeakDbtp}`);
}

describe('masterTrack', () => {
  it('brings a quiet mix up to −14 LUFS under −1 dBTP, keeping its exact length', () => {
    const input = musicLike(12, 0.05);
    assert.ok(measureLoudness(input).integratedLufs < -25);
    const result = masterTrack(input);
    assertMastered(result.buffer, input.left.length);
    assert.ok(Math.abs(result.loudnessLufs - measureLoudness(result.buffer).integratedLufs) < 0.01);
    assert.ok(result.gainDb > 8);
  });

  it('brings a hot, clipping-prone mix down to −14 LUFS under −1 dBTP', () => {
    const input = musicLike(12, 1.2, 2);
    assert.ok(measureLoudness(input).truePeakDbtp > 0);
    const result = masterTrack(input);
    assertMastered(result.buffer, input.left.length);
    assert.ok(result.truePeakDbtp <= -1);
  });

  it('limits a peaky signal hard enough to reach the target without passing the ceiling', () => {
    // sparse loud clicks over a quiet pad: reaching −14 LUFS needs many dB of limiting
    const input = musicLike(10, 0.02, 3);
    for (let i = 0; i < input.left.length; i += 4410) {
      input.left[i] = 0.9;
      input.right[i] = -0.9;
    }
    assertMastered(masterTrack(input).buffer, input.left.length);
  });

  it('fades the edges in and out', () => {
    const input = musicLike(6, 0.3);
    const { buffer } = masterTrack(input);
    assert.ok(Math.abs(buffer.left[0]!) < 0.01 && Math.abs(buffer.right[0]!) < 0.01);
    const last = buffer.left.length - 1;
    assert.ok(Math.abs(buffer.left[last]!) < 0.01 && Math.abs(buffer.right[last]!) < 0.01);
  });

  it('joins the end to the start without a jump when looping', () => {
    // a 55 Hz bass whose period does not divide the length: the raw seam jumps by a lot
    const input = musicLike(8.013, 0.3, 4);
    const rawJump = Math.abs(input.left[0]! - input.left[input.left.length - 1]!);
    const { buffer } = masterTrack(input, { loop: true });
    assert.equal(buffer.left.length, input.left.length);
    for (const channel of [buffer.left, buffer.right]) {
      const n = channel.length;
      let neighbourDelta = 0;
      for (let i = 1; i < 64; i++) {
        neighbourDelta = Math.max(neighbourDelta, Math.abs(channel[i]! - channel[i - 1]!));
        neighbourDelta = Math.max(neighbourDelta, Math.abs(channel[n - i]! - channel[n - i - 1]!));
      }
      const seamJump = Math.abs(channel[0]! - channel[n - 1]!);
      assert.ok(
        seamJump <= neighbourDelta,
        `seam ${seamJump} vs neighbours ${neighbourDelta} (raw ${rawJump})`,
      );
    }
    const measured = measureLoudness(buffer);
    assert.ok(Math.abs(measured.integratedLufs - -14) <= 0.5 && measured.truePeakDbtp <= -1);
  });

  it('returns silence unchanged in length and level', () => {
    const input = stereoSine(100, 0, 2, 44100);
    const result = masterTrack(input);
    assert.equal(result.buffer.left.length, input.left.length);
    assert.ok(result.buffer.left.every((v) => v === 0));
    assert.equal(result.loudnessLufs, Number.NEGATIVE_INFINITY);
  });

  it('keeps a blip too short to measure under the ceiling', () => {
    const input = stereoSine(440, 1, 0.3, 44100);
    const result = masterTrack(input);
    assert.equal(result.buffer.left.length, input.left.length);
    assert.ok(measureLoudness(result.buffer).truePeakDbtp <= -1);
  });

  it('gives identical output for identical input', () => {
    const input = musicLike(4, 0.2, 5);
    const a = masterTrack(input).buffer;
    const b = masterTrack(input).buffer;
    assert.deepEqual(a.left, b.left);
    assert.deepEqual(a.right, b.right);
  });
});

describe('createStreamingMaster', () => {
  it('outputs exactly as many samples as it receives, close in level to masterTrack with the same gains', () => {
    const input = musicLike(10, 0.1, 6);
    const offline = masterTrack(input);
    const master = createStreamingMaster({
      sampleRate: input.sampleRate,
      gainDb: offline.gainDb,
      compressionGainDb: offline.compressionGainDb,
    });
    const chunks: AudioBuffer[] = [];
    const sizes = [100, 7, 4410, 30000, 1, 65536];
    let offset = 0;
    for (let k = 0; offset < input.left.length; k++) {
      const end = Math.min(input.left.length, offset + sizes[k % sizes.length]!);
      chunks.push(
        master.process({
          sampleRate: input.sampleRate,
          left: input.left.slice(offset, end),
          right: input.right.slice(offset, end),
        }),
      );
      offset = end;
    }
    chunks.push(master.finish());
    const streamed = joinChunks(chunks);
    assert.equal(streamed.left.length, input.left.length);
    const measured = measureLoudness(streamed);
    assert.ok(
      Math.abs(measured.integratedLufs - offline.loudnessLufs) < 1,
      `${measured.integratedLufs} vs ${offline.loudnessLufs}`,
    );
    assert.ok(measured.truePeakDbtp <= -1, `${measured.truePeakDbtp}`);
  });

  it('hides its latency: output sample i belongs to input sample i', () => {
    // a quiet 3 kHz tone passes the chain untouched but for the EQ's few degrees of phase; one
    // sample of misalignment would differ by 2π·3000/44100 ≈ 43 % of the amplitude
    const amplitude = 0.01;
    const input = stereoSine(3000, amplitude, 1, 44100);
    const master = createStreamingMaster({ sampleRate: 44100, gainDb: 0 });
    const output = joinChunks([master.process(input), master.finish()]);
    let worst = 0;
    for (let i = 4410; i < 40000; i++) worst = Math.max(worst, Math.abs(output.left[i]! - input.left[i]!));
    assert.ok(worst < 0.15 * amplitude, `${worst / amplitude}`);
  });

  it('keeps the length of an input shorter than its latency', () => {
    const master = createStreamingMaster({ sampleRate: 44100, gainDb: 0 });
    const first = master.process({
      sampleRate: 44100,
      left: new Float32Array(10),
      right: new Float32Array(10),
    });
    const rest = master.finish();
    assert.equal(first.left.length + rest.left.length, 10);
  });
});
