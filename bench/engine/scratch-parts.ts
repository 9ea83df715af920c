import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { composeTrack } from '../../packages/engine/src/composition/index.js';
import { BANK_FILES, loadSoundBank, parseBrief } from '../../packages/engine/src/index.js';
import { createPartRenderer } from '../../packages/engine/src/rendering/part-renderer.js';
import { canCacheNotes } from '../../packages/engine/src/rendering/cached-part-stream.js';
import { whenDecoderReady } from '../../packages/engine/src/rendering/renderer.js';
const require = createRequire(import.meta.url);
const bank = loadSoundBank(new Uint8Array(readFileSync(require.resolve(BANK_FILES.full))), 'full');
await whenDecoderReady();
for (const prompt of process.argv.slice(2)) {
  const brief = parseBrief(prompt, { durationSeconds: 120, seed: 7 });
  const comp = composeTrack(brief, { seed: 7 });
  for (let run = 0; run < 2; run++) {
    const out: string[] = [];
    comp.parts.forEach((part, index) => {
      const r = createPartRenderer(comp, index, bank, { sampleRate: 44100, totalSamples: 120 * 44100, genre: brief.genre });
      const l = new Float32Array(8192), rr = new Float32Array(8192);
      const t0 = performance.now();
      for (let s = 0; s < 120 * 44100; s += 8192) { const n = Math.min(8192, 120 * 44100 - s); l.fill(0); rr.fill(0); r.renderChunk(l, rr, s, n); }
      out.push(`${part.id}(${part.program}${canCacheNotes(part) ? '' : ',stream'},${part.notes.length}n) ${(performance.now() - t0).toFixed(0)}`);
    });
    console.log(brief.genre, run, out.join('  '));
  }
}
