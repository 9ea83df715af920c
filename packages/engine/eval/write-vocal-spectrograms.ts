// `npm run spectrograms:vocals -w packages/engine`: renders one sung track with the full bank and
// writes the spectrograms of its mix and of its vocals stem to docs/spectrograms/ (ticks on top
// mark where each sung line starts), so a reader sees the voice's harmonics follow the notes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadBankFile } from '../node/load-bank.js';
import { loadVoiceBank } from '../node/load-voices.js';
import { generateTrack } from '../src/index.js';
import { findSungVoice, sungVoiceSpec } from '../src/singer-voices.js';
import { renderSpectrogramPng } from './spectrogram.js';
import { parseWav } from './wav.js';

const outDir = new URL('../../../docs/spectrograms/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const result = await generateTrack(
  {
    prompt: 'warm pop ballad, 80 bpm',
    durationSeconds: 30,
    seed: 7,
    lyrics:
      '[verse]\nHold on to the feeling\nnever let it go\n[chorus]\nsing it to the rafters\nlet the whole world know',
    voice: sungVoiceSpec(findSungVoice('Nora Vale')!),
    outputs: { formats: ['wav'], stems: true, midi: false, waveform: false },
  },
  { bank: loadBankFile('full'), voiceBank: loadVoiceBank() },
);
const markerSeconds = (result.music.lyrics ?? []).map((line) => line.start);
const mix = parseWav(result.files.wav as Uint8Array);
writeFileSync(
  new URL('sung-mix.png', outDir),
  renderSpectrogramPng(mix.channels, mix.sampleRate, { markerSeconds }),
);
const stem = result.stems?.find((s) => s.partId === 'vocals');
if (!stem) throw new Error('no vocals stem');
const vocals = parseWav(stem.wav);
writeFileSync(
  new URL('sung-vocals.png', outDir),
  renderSpectrogramPng(vocals.channels, vocals.sampleRate, { markerSeconds, maxHz: 8000 }),
);
console.log('wrote docs/spectrograms/sung-mix.png and sung-vocals.png');
for (const line of result.music.lyrics ?? []) console.log(`${line.start.toFixed(2)} s  ${line.text}`);
