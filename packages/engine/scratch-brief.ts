import { generateTrack } from './src/index.js';
import { loadBankFile } from './node/load-bank.js';
const r = await generateTrack({ prompt: process.argv[2], durationSeconds: 30, seed: Number(process.argv[3] ?? 1), outputs: { formats: [], midi: false, waveform: false, stems: false } }, { bank: loadBankFile('small') });
console.log(r.brief.genre, r.brief.bpm, JSON.stringify(r.brief.instruments ?? r.brief.parts).slice(0, 800));
