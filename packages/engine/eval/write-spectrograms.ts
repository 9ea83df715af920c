// `npm run spectrograms -w packages/engine`: renders a few prompts with the full bank and writes
// their spectrograms to docs/spectrograms/ (section starts ticked along the top), so reviewers can
// see structure — sections, drums, bass — without playing audio.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadBankFile } from '../node/load-bank.js';
import { generateTrack } from '../src/index.js';
import { renderSpectrogramPng } from './spectrogram.js';
import { parseWav } from './wav.js';

const SAMPLES = [
  { file: 'techno', prompt: 'dark techno, 128 bpm, A minor', seed: 7, durationSeconds: 60 },
  {
    file: 'lofi',
    prompt: 'chill lo-fi hip hop beat for studying, 80 bpm in F major',
    seed: 7,
    durationSeconds: 60,
  },
  { file: 'orchestral', prompt: 'epic orchestral battle theme in C minor', seed: 7, durationSeconds: 60 },
  { file: 'reggae', prompt: 'roots reggae one drop, 72 bpm in G major', seed: 7, durationSeconds: 60 },
  {
    file: 'ambient-no-drums',
    prompt: 'calm ambient soundscape for sleep, no drums',
    seed: 7,
    durationSeconds: 60,
  },
];

const outDir = new URL('../../../docs/spectrograms/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const bank = loadBankFile('full');
const lines = [
  '# Spectrograms (listen-proxy)',
  '',
  'Made by `npm run spectrograms -w packages/engine` (full bank). Log frequency 30 Hz–16 kHz upward, time rightward; ticks on top mark section starts.',
  '',
  '| file | prompt | seed | duration | understood as | sections |',
  '|---|---|---|---|---|---|',
];
for (const sample of SAMPLES) {
  const result = await generateTrack(
    {
      prompt: sample.prompt,
      durationSeconds: sample.durationSeconds,
      seed: sample.seed,
      outputs: { formats: ['wav'], midi: false, waveform: false },
    },
    { bank },
  );
  const { channels, sampleRate } = parseWav(result.files.wav as Uint8Array);
  const png = renderSpectrogramPng(channels, sampleRate, {
    markerSeconds: result.music.sections.map((s) => s.start),
  });
  writeFileSync(new URL(`${sample.file}.png`, outDir), png);
  const { music } = result;
  lines.push(
    `| ${sample.file}.png | ${sample.prompt} | ${sample.seed} | ${sample.durationSeconds} s | ${music.genre}, ${music.bpm} bpm, ${music.key}, ${music.instruments.join(', ')} | ${music.sections.map((s) => `${s.name} ${s.start.toFixed(1)}s`).join(' · ')} |`,
  );
  console.log(`wrote docs/spectrograms/${sample.file}.png`);
}
writeFileSync(new URL('README.md', outDir), `${lines.join('\n')}\n`);
