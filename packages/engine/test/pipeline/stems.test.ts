import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toDb } from '../../eval/dsp.js';
import { parseWav } from '../../eval/wav.js';
import { loadBankFile } from '../../node/load-bank.js';
import { loadVoiceBank } from '../../node/load-voices.js';
import { generateTrack } from '../../src/index.js';
import { findSungVoice, sungVoiceSpec } from '../../src/singer-voices.js';

const bank = loadBankFile('small');
const voiceBank = loadVoiceBank();

const peakDb = (channels: Float32Array[]) => {
  let peak = 0;
  for (const channel of channels) for (const sample of channel) peak = Math.max(peak, Math.abs(sample));
  return toDb(peak);
};

describe('stems', () => {
  it('lowers every stem together when the loudest would clip, so a sung vocal over a quiet ballad keeps its peaks', async () => {
    // at the master's loudness gain alone, this vocal stem reached full scale (3,162 samples clipped)
    const result = await generateTrack(
      {
        prompt: 'warm pop ballad, 80 bpm',
        durationSeconds: 20,
        seed: 7,
        lyrics: 'I walked along the river in the morning light\nThe city was asleep and everything was right',
        voice: sungVoiceSpec(findSungVoice('Silas Grant')!),
        outputs: { formats: ['wav'], stems: true, midi: false, waveform: false },
      },
      { bank, voiceBank },
    );
    const peaks = new Map(result.stems!.map((stem) => [stem.partId, peakDb(parseWav(stem.wav).channels)]));
    const loudest = Math.max(...peaks.values());
    assert.ok(loudest <= -1.25, `the loudest stem peaks at ${loudest.toFixed(2)} dBFS`);
    // lowered just enough, and by one gain: the vocal is the loudest, at the ceiling; the others
    // keep their distance under it rather than each being brought up to it
    assert.ok(loudest >= -1.35, `lowered further than the ceiling: ${loudest.toFixed(2)} dBFS`);
    assert.equal(peaks.get('vocals'), loudest);
    assert.ok(peaks.get('drums')! < loudest - 3, `drums peak at ${peaks.get('drums')!.toFixed(2)} dBFS`);
  });
});
