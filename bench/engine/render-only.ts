// Rendering stage alone (brief → composition → renderComposition), for profiling the renderer.
// Run: npx tsx bench/engine/render-only.ts "prompt" [threads]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { composeTrack } from '../../packages/engine/src/composition/index.js';
import {
  BANK_FILES,
  createRenderPool,
  loadSoundBank,
  parseBrief,
  renderComposition,
} from '../../packages/engine/src/index.js';

const require = createRequire(import.meta.url);
const bank = loadSoundBank(new Uint8Array(readFileSync(require.resolve(BANK_FILES.full))), 'full');
const prompt = process.argv[2] ?? 'uplifting progressive house, energetic, 124 bpm';
const threads = Number(process.argv[3] ?? 0);
const pool = threads > 0 ? createRenderPool(bank, { threads }) : undefined;
for (let run = 0; run < 3; run++) {
  const brief = parseBrief(prompt, { durationSeconds: 120, seed: 7 });
  const composition = composeTrack(brief, { seed: 7 });
  const startMs = performance.now();
  await renderComposition(composition, bank, {
    genre: brief.genre,
    seed: 7,
    createSource: pool?.createSource,
  });
  console.log(
    `run ${run}: render ${(performance.now() - startMs).toFixed(0)} ms (${composition.parts.length} parts)`,
  );
}
await pool?.close();
