// Time to the first streamed chunk, per stage, for one prompt (warm bank, in-thread rendering).
// Run: npx tsx bench/engine/first-chunk.ts "prompt"
import { loadBankFile } from '../../packages/engine/node/load-bank.js';
import { generateTrack } from '../../packages/engine/src/index.js';

const bank = loadBankFile('full');
const prompt = process.argv[2] ?? 'chill lo-fi hip hop beat for studying';
for (let run = 0; run < 3; run++) {
  const startMs = performance.now();
  const marks: string[] = [];
  let lastStage = '';
  let firstChunkMs = Number.NaN;
  await generateTrack(
    {
      prompt,
      durationSeconds: 120,
      seed: 7 + run,
      outputs: { formats: ['mp3'], midi: false, waveform: false },
    },
    {
      bank,
      onProgress: (_fraction, stage) => {
        if (stage !== lastStage) marks.push(`${stage}@${(performance.now() - startMs).toFixed(0)}`);
        lastStage = stage;
      },
      onChunk: () => {
        if (Number.isNaN(firstChunkMs)) firstChunkMs = performance.now() - startMs;
      },
    },
  );
  console.log(
    `run ${run}: first chunk ${firstChunkMs.toFixed(0)} ms; stages ${marks.join(' ')}; total ${(performance.now() - startMs).toFixed(0)} ms`,
  );
}
