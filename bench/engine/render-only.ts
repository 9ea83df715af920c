// Rendering stage alone (brief → composition → renderComposition), for profiling the renderer.
// Run: npx tsx bench/engine/render-only.ts "prompt" [threads]

import { loadBankFile } from '../../packages/engine/node/load-bank.js';
import { composeTrack } from '../../packages/engine/src/composition/index.js';
import { createRenderPool, parseBrief, renderComposition } from '../../packages/engine/src/index.js';

const bank = loadBankFile('full');
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
