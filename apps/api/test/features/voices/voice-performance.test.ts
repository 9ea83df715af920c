// Choosing a voice must audibly change the lead: the same prompt and seed rendered with two
// catalogue voices, measured on the lead stem and on the mix.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { generateTrack, type SoundBank, type TrackResult, type VoiceSpec } from '@trackforge/engine';
import type { VoiceRow } from '../../../src/features/voices/voice.repository.js';
import { voiceSpecOf } from '../../../src/features/voices/voice.service.js';
import { VOICE_CATALOGUE } from '../../../src/features/voices/voice-catalogue.js';
import { createBankLoader } from '../../../src/features/voices/voice-preview.js';
import { catalogueRows } from '../../../src/features/voices/voice-seed.js';
import { readWavLeftChannel, rms, rmsFrequencyHz } from './wav-samples.js';

function specOf(name: string): VoiceSpec {
  const voice = VOICE_CATALOGUE.find((v) => v.name === name)!;
  const [row] = catalogueRows([voice], new Date());
  return voiceSpecOf({ ...row!, performance: JSON.parse(row!.performance), usage_count: 0 } as VoiceRow);
}

async function render(bank: SoundBank, voice: VoiceSpec): Promise<TrackResult> {
  return generateTrack(
    {
      prompt: 'uplifting pop with a clear lead melody',
      durationSeconds: 8,
      seed: 42,
      voice,
      outputs: { formats: ['wav'], stems: true, midi: false, waveform: false },
    },
    { bank },
  );
}

describe('voices performing the lead', () => {
  let bank: SoundBank;
  before(async () => {
    bank = await createBankLoader('small')();
  });

  it('renders the same prompt with two voices into measurably different lead stems and mixes', async () => {
    const bass = await render(bank, specOf('Basso Profundo'));
    const soprano = await render(bank, specOf('Hikari'));

    const leadOf = (result: TrackResult) => {
      const part = result.composition.parts.find((p) => p.role === 'lead')!;
      const stem = result.stems!.find((s) => s.partId === part.id)!;
      return { part, ...readWavLeftChannel(stem.wav) };
    };
    const low = leadOf(bass);
    const high = leadOf(soprano);
    assert.equal(low.part.program, 52);
    assert.equal(high.part.program, 81);
    const meanPitch = (notes: { pitch: number }[]) =>
      notes.reduce((sum, n) => sum + n.pitch, 0) / notes.length;
    assert.ok(
      meanPitch(high.part.notes) - meanPitch(low.part.notes) >= 12,
      'soprano sings at least an octave higher',
    );

    const lowHz = rmsFrequencyHz(low.samples, low.sampleRate);
    const highHz = rmsFrequencyHz(high.samples, high.sampleRate);
    assert.ok(rms(low.samples) > 0.001 && rms(high.samples) > 0.001, 'both leads are audible');
    assert.ok(highHz > lowHz * 1.5, `lead brightness ${lowHz.toFixed(0)} Hz vs ${highHz.toFixed(0)} Hz`);

    const mixLow = readWavLeftChannel(bass.files.wav!).samples;
    const mixHigh = readWavLeftChannel(soprano.files.wav!).samples;
    let difference = 0;
    for (let i = 0; i < mixLow.length; i++) difference += (mixLow[i]! - mixHigh[i]!) ** 2;
    const differenceRms = Math.sqrt(difference / mixLow.length);
    assert.ok(
      differenceRms > 0.25 * rms(mixLow),
      `mix difference ${differenceRms.toFixed(4)} vs ${rms(mixLow).toFixed(4)}`,
    );
  });
});
