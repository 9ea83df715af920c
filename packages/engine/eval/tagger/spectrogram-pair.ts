// Before/after spectrograms of the tagger eval's kept audio: for every <genre>.wav found in both
// --before and --after (two runs with --keep-audio, e.g. the previous commit's and this one's),
// writes <genre>-before.png and <genre>-after.png into --out, over the same stretch of time, so a
// change to a genre's sound can be seen beside what the tagger heard.
//   node --import tsx eval/tagger/spectrogram-pair.ts --before DIR --after DIR --out DIR [--from S] [--seconds S]
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { renderSpectrogramPng } from '../spectrogram.js';
import { parseWav } from '../wav.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string', default: '0' },
    seconds: { type: 'string', default: '30' },
  },
});
if (!values.before || !values.after || !values.out) {
  console.error('usage: spectrogram-pair.ts --before DIR --after DIR --out DIR [--from S] [--seconds S]');
  process.exit(2);
}
const fromSeconds = Number(values.from);
const seconds = Number(values.seconds);
const outDir = resolve(values.out);
mkdirSync(outDir, { recursive: true });

const genres = readdirSync(values.after)
  .filter((file) => file.endsWith('.wav') && existsSync(join(values.before as string, file)))
  .map((file) => file.slice(0, -'.wav'.length));
for (const genre of genres) {
  for (const [label, dir] of [
    ['before', values.before],
    ['after', values.after],
  ] as const) {
    const { channels, sampleRate } = parseWav(readFileSync(join(dir, `${genre}.wav`)));
    const from = Math.round(fromSeconds * sampleRate);
    const to = from + Math.round(seconds * sampleRate);
    const png = renderSpectrogramPng(
      channels.map((channel) => channel.subarray(from, to)),
      sampleRate,
      { widthPx: 900, heightPx: 360 },
    );
    writeFileSync(join(outDir, `${genre}-${label}.png`), png);
    console.log(`wrote ${join(outDir, `${genre}-${label}.png`)}`);
  }
}
