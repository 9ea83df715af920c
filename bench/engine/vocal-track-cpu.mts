import { loadBankFile } from '../../packages/engine/node/load-bank.js';
import { loadVoiceBank } from '../../packages/engine/node/load-voices.js';
import { generateTrack } from '../../packages/engine/src/index.js';
import { findSungVoice, sungVoiceSpec } from '../../packages/engine/src/singer-voices.js';
import { SONG } from './vocal-song.js';
const bank = loadBankFile('full');
const voiceBank = loadVoiceBank();
const base = { prompt: 'warm pop ballad, 96 bpm', durationSeconds: 120, seed: 3, outputs: { formats: ['wav'], midi: false, waveform: false } } as const;
const sung = { ...base, lyrics: SONG, voice: sungVoiceSpec(findSungVoice('Nora Vale')!) };
for (const [name, req] of [['without', base], ['with', sung], ['without', base], ['with', sung]] as const) {
  const c = process.cpuUsage(); const t = performance.now();
  await generateTrack(req as never, { bank, voiceBank });
  console.log(name, Math.round(performance.now() - t), 'ms wall', Math.round((process.cpuUsage(c).user + process.cpuUsage(c).system) / 1000), 'ms cpu');
}
