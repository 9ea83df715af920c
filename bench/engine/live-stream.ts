// What a live stream costs, per prompt (120 s, full bank, a render pool of 2 threads):
// - loudness: the streaming master with its gain predicted from the first 0.5 s (deps.onChunk)
//   against the −14 LUFS the whole-track master measures and hits;
// - when the first bytes of the finished MP3 (deps.onMp3Bytes: what the API streams and stores)
//   come, against the whole generation;
// - CPU-seconds (all threads) of the API's work per track, as it was (streaming master + a live
//   LAME encode of its chunks + the file's encode) and as it is (one encode, streamed as made).
// Run: npx tsx bench/engine/live-stream.ts [prompt count, default 4]
import { loadBankFile } from '../../packages/engine/node/load-bank.js';
import { createMp3ChunkEncoder, createRenderPool, generateTrack } from '../../packages/engine/src/index.js';
import { measureIntegratedLoudness } from '../../packages/engine/src/mastering/loudness.js';
import { PROMPTS } from './prompts.js';

const TARGET_LUFS = -14;
const count = Number(process.argv[2] ?? 4);
const bank = loadBankFile('full');
const renderPool = createRenderPool(bank, { threads: 2 });
const request = (prompt: string, durationSeconds: number) => ({
  prompt,
  durationSeconds,
  seed: 7,
  outputs: { formats: ['mp3' as const], midi: false, waveform: false },
});
try {
  // warm: the first track of a genre decodes its samples
  for (const prompt of PROMPTS.slice(0, count))
    await generateTrack(request(prompt, 10), { bank, renderPool });
  for (const prompt of PROMPTS.slice(0, count)) {
    const left: Float32Array[] = [];
    const right: Float32Array[] = [];
    const startMs = performance.now();
    let firstMp3Ms = Number.NaN;
    const result = await generateTrack(request(prompt, 120), {
      bank,
      renderPool,
      onChunk: (chunk) => {
        left.push(chunk.buffer.left);
        right.push(chunk.buffer.right);
      },
      onMp3Bytes: () => {
        if (Number.isNaN(firstMp3Ms)) firstMp3Ms = performance.now() - startMs;
      },
    });
    const totalMs = performance.now() - startMs;
    const cpuSeconds = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      const wallStartMs = performance.now();
      await work();
      const used = process.cpuUsage(before);
      return { cpu: (used.user + used.system) / 1e6, wall: (performance.now() - wallStartMs) / 1000 };
    };
    const twoEncodes = await cpuSeconds(async () =>
      generateTrack(request(prompt, 120), {
        bank,
        renderPool,
        onChunk: await createMp3ChunkEncoder({ onBytes: () => {} }),
      }),
    );
    const oneEncode = await cpuSeconds(() =>
      generateTrack(request(prompt, 120), { bank, renderPool, onMp3Bytes: () => {} }),
    );
    const join = (parts: Float32Array[]) => {
      const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
      let at = 0;
      for (const part of parts) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    };
    const streamedLufs = measureIntegratedLoudness(join(left), join(right), 44100);
    console.log(
      `${prompt}: whole-track master ${result.audio.loudnessLufs.toFixed(2)} LUFS; streaming master ` +
        `(gain from the first 0.5 s) ${streamedLufs.toFixed(2)} LUFS, ${(streamedLufs - TARGET_LUFS).toFixed(2)} LU off; ` +
        `first MP3 bytes ${(firstMp3Ms / 1000).toFixed(2)} s of ${(totalMs / 1000).toFixed(2)} s; ` +
        `live stream + file: ${twoEncodes.cpu.toFixed(2)} CPU-s (${twoEncodes.wall.toFixed(2)} s) with two encodes, ` +
        `${oneEncode.cpu.toFixed(2)} CPU-s (${oneEncode.wall.toFixed(2)} s) with one`,
    );
  }
} finally {
  await renderPool.close();
}
