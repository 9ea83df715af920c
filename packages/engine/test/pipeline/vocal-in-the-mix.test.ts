import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadBankFile } from '../../node/load-bank.js';
import { loadVoiceBank } from '../../node/load-voices.js';
import { composeRequest } from '../../src/lineage.js';
import { kWeightedPower } from '../../src/mastering/loudness.js';
import { renderComposition } from '../../src/rendering/index.js';
import { findSungVoice, sungVoiceSpec } from '../../src/singer-voices.js';
import type { AudioBuffer, Composition, TrackRequest } from '../../src/types.js';

const bank = loadBankFile('small');
const voiceBank = loadVoiceBank();

/** K-weighted power per sample of a stereo buffer (BS.1770's weighting, as loudness is measured). */
function powerOf(buffer: AudioBuffer): Float32Array {
  const power = new Float32Array(buffer.left.length);
  kWeightedPower(buffer.left, buffer.right, buffer.sampleRate, power);
  return power;
}

const sumOf = (power: Float32Array, from = 0, to = power.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += power[i]!;
  return sum;
};

async function stemsOf(request: TrackRequest, keep: (composition: Composition) => Composition = (c) => c) {
  const { brief, composition } = composeRequest(request);
  const { stems } = await renderComposition(keep(composition), bank, {
    stems: true,
    genre: brief.genre,
    voiceBank,
    seed: request.seed,
  });
  return new Map(stems!.map((stem) => [stem.partId, powerOf(stem.buffer)]));
}

describe('the vocal in the mix', () => {
  it('returns the hall reverb at least 19 dB under a sung voice, so its tail does not blur the next words', async () => {
    // the vocal alone: the effects stem is then its own reverb (and chorus) return
    const stems = await stemsOf(
      {
        prompt: 'slow sad piano song',
        durationSeconds: 20,
        seed: 4,
        lyrics: '[verse]\nQuiet now the snow is falling\nSoftly on the sleeping town',
        voice: sungVoiceSpec(findSungVoice('Nora Vale')!),
      },
      (composition) => ({ ...composition, parts: composition.parts.filter((part) => part.vocal) }),
    );
    const voice = sumOf(stems.get('vocals')!);
    const hall = sumOf(stems.get('effects')!);
    const underDb = 10 * Math.log10(voice / hall);
    assert.ok(underDb >= 19, `the return sits ${underDb.toFixed(1)} dB under the voice`);
  });

  it('puts a rapped vocal on top of a trap beat while it raps', async () => {
    const stems = await stemsOf({
      prompt: 'dark trap beat',
      durationSeconds: 20,
      seed: 5,
      lyrics:
        "[verse]\nStep into the room and the bass is getting louder\nEvery single word that I'm saying got power",
      voice: sungVoiceSpec(findSungVoice('Theo Marsh')!),
    });
    const vocal = stems.get('vocals')!;
    const band = new Float32Array(vocal.length);
    // the beat: every other stem, and the effects return
    for (const [id, power] of stems) {
      if (id === 'vocals') continue;
      for (let i = 0; i < band.length; i++) band[i]! += power[i]!;
    }
    // over the 100 ms windows where the voice sounds (above −40 dB)
    const windowSamples = 4410;
    let voice = 0;
    let beat = 0;
    for (let from = 0; from + windowSamples <= vocal.length; from += windowSamples) {
      const energy = sumOf(vocal, from, from + windowSamples);
      if (energy / windowSamples < 1e-4) continue;
      voice += energy;
      beat += sumOf(band, from, from + windowSamples);
    }
    const overDb = 10 * Math.log10(voice / beat);
    assert.ok(overDb >= 1.5, `the rapped vocal sits ${overDb.toFixed(1)} LU over the beat`);
  });
});
