import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderComposition } from '../../src/rendering/index.js';
import { renderBoomBapHit } from '../../src/rendering/synth/boom-bap-kit.js';
import { renderDrumHit } from '../../src/rendering/synth/drum-machine.js';
import { StateVariableFilter } from '../../src/rendering/synth/dsp.js';
import { beatNotes, makeComposition, makePart } from './fixture.js';
import { loadSmallBank, rms } from './helpers.js';

const bank = loadSmallBank();
const SAMPLE_RATE = 44100;

/** Share of a signal's energy above cutoffHz (two cascaded 2-pole high-passes: 24 dB an octave). */
function energyAbove(signal: Float32Array, cutoffHz: number): number {
  const first = new StateVariableFilter(SAMPLE_RATE);
  const second = new StateVariableFilter(SAMPLE_RATE);
  first.set(cutoffHz, 0);
  second.set(cutoffHz, 0);
  let high = 0;
  let total = 0;
  for (const x of signal) {
    first.process(x);
    second.process(first.high);
    high += second.high ** 2;
    total += x ** 2;
  }
  return high / total;
}

/** Sum of squares of a stretch of a signal. */
function energy(signal: Float32Array, fromSeconds: number, toSeconds: number): number {
  let sum = 0;
  for (let s = Math.round(fromSeconds * SAMPLE_RATE); s < Math.round(toSeconds * SAMPLE_RATE); s++)
    sum += (signal[s] ?? 0) ** 2;
  return sum;
}

const boomBapDrums = (
  notes = [...beatNotes(36, 0, 8), ...beatNotes(38, 1, 8), ...beatNotes(42, 0, 8, 70)],
) => ({
  ...makePart({ id: 'drums', role: 'drums', isDrums: true, channel: 9, program: 8, notes }),
  synth: { patch: 'boom-bap-kit' as const, duckDepth: 0 },
});

describe('boom-bap kit', () => {
  it('drives the kick into saturation and rolls it off above a few kHz, darker than the dance drum machine', () => {
    const kick = renderBoomBapHit(36, SAMPLE_RATE)!;
    const machineKick = renderDrumHit(36, SAMPLE_RATE)!;
    assert.ok(energyAbove(kick, 3000) < 0.001, `kick above 3 kHz ${energyAbove(kick, 3000)}`);
    assert.ok(energyAbove(kick, 3000) < 0.5 * energyAbove(machineKick, 3000));
    // saturation squares the body off: its crest factor (peak over RMS) falls below a sine's √2
    const body = kick.subarray(Math.round(0.005 * SAMPLE_RATE), Math.round(0.06 * SAMPLE_RATE));
    const peak = Math.max(...body.map(Math.abs));
    const bodyRms = Math.sqrt(body.reduce((sum, x) => sum + x * x, 0) / body.length);
    assert.ok(peak / bodyRms < 1.3, `crest factor ${peak / bodyRms}`);
  });

  it('cracks the snare: bright noise in front that has faded within 150 ms', () => {
    const snare = renderBoomBapHit(38, SAMPLE_RATE)!;
    assert.ok(energyAbove(snare, 1500) > 0.3, `snare above 1.5 kHz ${energyAbove(snare, 1500)}`);
    assert.ok(energy(snare, 0, 0.15) > 0.85 * energy(snare, 0, 0.42));
  });

  it('leaves cymbals and percussion it does not model to the SoundFont kit', () => {
    assert.equal(renderBoomBapHit(49, SAMPLE_RATE), undefined);
    assert.equal(renderBoomBapHit(69, SAMPLE_RATE), undefined);
  });

  it('renders a lo-fi kit part the same on every run and whatever the chunk size', async () => {
    const composition = makeComposition([boomBapDrums()], 4);
    const a = await renderComposition(composition, bank, { genre: 'lofi' });
    const b = await renderComposition(composition, bank, { genre: 'lofi', chunkSamples: 613 });
    assert.deepEqual(a.mix.left, b.mix.left);
    assert.ok(rms(a.mix.left, SAMPLE_RATE, 0, 4) > 0.01, 'the kit is audible');
  });
});

describe('lo-fi sampler colour', () => {
  it('band-limits the looped keys, and only them, the same whatever the chunk size', async () => {
    const notes = beatNotes(67, 0, 8);
    // the part's own stem: the mix carries lo-fi's vinyl hiss as well
    const render = async (id: string, chunkSamples?: number) =>
      (
        await renderComposition(makeComposition([makePart({ id, program: 4, notes })], 4), bank, {
          genre: 'lofi',
          stems: true,
          ...(chunkSamples ? { chunkSamples } : {}),
        })
      ).stems!.find((stem) => stem.partId === id)!.buffer.left;
    const sampled = await render('chords');
    const rechunked = await render('chords', 999);
    const played = await render('chords-2');
    assert.deepEqual(sampled, rechunked);
    const top = (channel: Float32Array) => energyAbove(channel, 4000);
    assert.ok(top(sampled) < top(played) * 0.5, `above 4 kHz: sampled ${top(sampled)} played ${top(played)}`);
    assert.ok(
      rms(sampled, SAMPLE_RATE, 0, 4) > 0.3 * rms(played, SAMPLE_RATE, 0, 4),
      'the loop stays audible',
    );
  });
});
