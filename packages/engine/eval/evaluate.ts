// Renders prompts and judges them against ENGINE.md's bars: the score exactly first, then the
// audio with the independent analyzer. Shared by run-eval.ts (the full set) and test/quality (a
// fast subset), so both judge the engine the same way.
import { type MidiEvent, writeMidi } from 'midi-file';
import type { InputMelody } from '../src/index.js';
import { generateTrack, readMelody } from '../src/index.js';
import type { SoundBank, TrackResult } from '../src/types.js';
import { type AudioAnalysis, analyzeWav } from './analyzer.js';
import {
  type Check,
  checkAudio,
  checkInputs,
  checkScore,
  type EvalMelody,
  isAboveTempoCeiling,
  judgeDetectedKey,
  judgeTempo,
  keyCredit,
  noteDensityPerSecond,
  type PromptEntry,
  TEMPO_CEILING_BPM,
  type TempoVerdict,
} from './checks.js';
import type { KeyVerdict } from './keys.js';

export const DEFAULT_SEED = 1;

export interface PromptOutcome {
  entry: PromptEntry;
  result: TrackResult;
  analysis: AudioAnalysis;
  checks: Check[];
  tempoVerdict: TempoVerdict | null;
  keyVerdict: KeyVerdict | null;
  noteDensityPerSecond: number;
}

/** Renders one prompt to WAV and runs every per-prompt check on it. */
export async function evaluatePrompt(
  entry: PromptEntry,
  bank: SoundBank,
  runDurationSeconds: number,
): Promise<PromptOutcome> {
  const durationSeconds = entry.expect.durationSeconds ?? runDurationSeconds;
  const inputs = entry.inputs ?? {};
  const result = await generateTrack(
    {
      prompt: entry.prompt,
      durationSeconds,
      seed: entry.seed ?? DEFAULT_SEED,
      outputs: { formats: ['wav'], midi: false, waveform: false, stems: false },
      ...(inputs.chords !== undefined ? { chords: inputs.chords } : {}),
      ...(inputs.sections !== undefined ? { sections: inputs.sections } : {}),
      ...(inputs.melody !== undefined ? { melody: melodyThroughMidi(inputs.melody) } : {}),
    },
    { bank },
  );
  const wav = result.files.wav;
  if (!wav) throw new Error(`${entry.id}: the engine returned no WAV`);
  const analysis = analyzeWav(wav, {
    measure: {
      tempo: entry.expect.bpm !== undefined,
      secondTempo: false,
      key: entry.expect.key !== undefined,
    },
  });
  const checks = [
    ...checkScore(entry, result, durationSeconds),
    ...checkInputs(entry, result),
    ...checkAudio(analysis, durationSeconds),
  ];
  const tempoVerdict =
    entry.expect.bpm !== undefined ? judgeTempo(entry.expect.bpm, analysis.tempoBpm) : null;
  const keyVerdict = entry.expect.key ? judgeDetectedKey(entry.expect.key, analysis) : null;
  return {
    entry,
    result,
    analysis,
    checks,
    tempoVerdict,
    keyVerdict,
    noteDensityPerSecond: noteDensityPerSecond(result.composition),
  };
}

/** An eval melody written as a real MIDI file (PPQ 96) and read back as the API and CLI would. */
function melodyThroughMidi(melody: EvalMelody): InputMelody {
  const events: MidiEvent[] = [
    { deltaTime: 0, meta: true, type: 'setTempo', microsecondsPerBeat: Math.round(60_000_000 / melody.bpm) },
  ];
  let rest = 0;
  for (const [pitch, sixteenths] of melody.notes) {
    const ticks = sixteenths * 24;
    if (pitch === 0) {
      rest += ticks;
      continue;
    }
    events.push({ deltaTime: rest, type: 'noteOn', channel: 0, noteNumber: pitch, velocity: 90 });
    events.push({ deltaTime: ticks, type: 'noteOff', channel: 0, noteNumber: pitch, velocity: 0 });
    rest = 0;
  }
  events.push({ deltaTime: 0, meta: true, type: 'endOfTrack' });
  const bytes = writeMidi({ header: { format: 0, numTracks: 1, ticksPerBeat: 96 }, tracks: [events] });
  return readMelody(Uint8Array.from(bytes));
}

export interface Bar {
  name: string;
  ok: boolean;
  detail: string;
}

/** Asked tempos up to this are reported as the slow group (their double sits near the trackers' prior). */
export const SLOW_TEMPO_BPM = 72;
/** Asked tempos from this up are reported as the fast group (their half sits near the trackers' prior). */
export const FAST_TEMPO_BPM = 170;

/** The bars over the whole set: per-prompt checks, tempo and key rates, energy ordering. */
export function judgeSet(outcomes: PromptOutcome[]): Bar[] {
  const bars: Bar[] = [];
  const failing = outcomes.flatMap((o) =>
    o.checks.filter((c) => !c.ok && !c.informational).map((c) => `${o.entry.id}: ${c.name} ${c.got}`),
  );
  bars.push({
    name: 'score exact + duration, loudness, true peak, clipping, silence',
    ok: failing.length === 0,
    detail: failing.length === 0 ? `${outcomes.length} prompts, every check passed` : failing.join('; '),
  });

  const asked = outcomes.filter((o) => o.tempoVerdict !== null);
  if (asked.length > 0) {
    // Every explicit tempo counts, those at or above the tracker's metronome ceiling too: a miss
    // there is still a prompt whose tempo was not heard. Slow and fast ones are also shown apart.
    const rateOf = (group: PromptOutcome[]) =>
      `${group.filter((o) => o.tempoVerdict === 'exact').length}/${group.length}`;
    const exact = asked.filter((o) => o.tempoVerdict === 'exact').length;
    const rate = exact / asked.length;
    const slow = asked.filter((o) => (o.entry.expect.bpm as number) <= SLOW_TEMPO_BPM);
    const fast = asked.filter((o) => (o.entry.expect.bpm as number) >= FAST_TEMPO_BPM);
    const misses = asked
      .filter((o) => o.tempoVerdict !== 'exact')
      .map(
        (o) =>
          `${o.entry.id} ${o.entry.expect.bpm} heard ${o.analysis.tempoBpm.toFixed(1)} (${o.tempoVerdict}${isAboveTempoCeiling(o.entry.expect.bpm) ? `, at or above the ${TEMPO_CEILING_BPM} bpm metronome ceiling` : ''})`,
      );
    bars.push({
      name: 'explicit tempo within ±2 BPM in ≥ 95 %',
      ok: rate >= 0.95,
      detail: `${exact}/${asked.length} (${(rate * 100).toFixed(0)} %); slow (≤ ${SLOW_TEMPO_BPM} bpm) ${rateOf(slow)}, fast (≥ ${FAST_TEMPO_BPM} bpm) ${rateOf(fast)}${misses.length > 0 ? `; missed: ${misses.join(', ')}` : ''}`,
    });
  }
  const keys = outcomes.filter((o) => o.keyVerdict !== null);
  if (keys.length > 0) {
    const credit = keys.reduce((sum, o) => sum + keyCredit(o.keyVerdict as KeyVerdict), 0);
    const rate = credit / keys.length;
    bars.push({
      name: 'explicit key right in ≥ 90 % (relative = half)',
      ok: rate >= 0.9,
      detail: `${credit}/${keys.length} (${(rate * 100).toFixed(0)} %)`,
    });
  }
  const calm = outcomes.filter((o) => o.entry.expect.energy === 'calm');
  const energetic = outcomes.filter((o) => o.entry.expect.energy === 'energetic');
  if (calm.length > 0 && energetic.length > 0) {
    const inverted: string[] = [];
    for (const c of calm) {
      for (const e of energetic) {
        // a calm prompt that asks for a faster tempo may have more onsets by its tempo alone
        const calmBpm = c.entry.expect.bpm;
        const energeticBpm = e.entry.expect.bpm;
        if (calmBpm !== undefined && energeticBpm !== undefined && calmBpm > energeticBpm) continue;
        if (!(c.noteDensityPerSecond < e.noteDensityPerSecond))
          inverted.push(`${c.entry.id}≥${e.entry.id} (notes)`);
        const onsetsKnown =
          Number.isFinite(c.analysis.onsetsPerSecond) && Number.isFinite(e.analysis.onsetsPerSecond);
        if (onsetsKnown && !(c.analysis.onsetsPerSecond < e.analysis.onsetsPerSecond)) {
          inverted.push(`${c.entry.id}≥${e.entry.id} (onsets)`);
        }
      }
    }
    bars.push({
      name: 'every calm prompt sparser than every energetic one not slower than it (onset rate and note density)',
      ok: inverted.length === 0,
      detail:
        inverted.length === 0 ? `${calm.length}×${energetic.length} pairs in order` : inverted.join('; '),
    });
    const sameTempo = judgeEnergyAtSameTempo(calm, energetic);
    if (sameTempo) bars.push(sameTempo);
  }
  return bars;
}

/**
 * Energy words must be heard, not only counted: at the same asked tempo, an "energetic", "epic" or
 * "huge drums" prompt measures more onsets per second and more spectral flux than a "calm" or
 * "minimal" one (a faster tempo alone would otherwise explain the difference).
 */
function judgeEnergyAtSameTempo(calm: PromptOutcome[], energetic: PromptOutcome[]): Bar | undefined {
  const inverted: string[] = [];
  const inOrder: string[] = [];
  for (const c of calm) {
    for (const e of energetic) {
      if (c.entry.expect.bpm === undefined || c.entry.expect.bpm !== e.entry.expect.bpm) continue;
      const a = c.analysis;
      const b = e.analysis;
      const pair = `${c.entry.id} < ${e.entry.id} at ${c.entry.expect.bpm} bpm: onsets ${a.onsetsPerSecond.toFixed(2)} < ${b.onsetsPerSecond.toFixed(2)}/s, flux ${a.spectralFlux.toFixed(0)} < ${b.spectralFlux.toFixed(0)}/s`;
      if (a.onsetsPerSecond < b.onsetsPerSecond && a.spectralFlux < b.spectralFlux) inOrder.push(pair);
      else inverted.push(`NOT ${pair}`);
    }
  }
  // a subset without a calm and an energetic prompt of the same tempo has nothing to judge here
  if (inverted.length + inOrder.length === 0) return undefined;
  return {
    name: 'at the same tempo, every energetic prompt has more onsets and spectral flux than every calm one',
    ok: inverted.length === 0,
    detail: [...inverted, ...inOrder].join('; '),
  };
}

/** Byte equality of two renders (determinism) and difference across seeds (variety). */
export async function checkDeterminismAndVariety(
  bank: SoundBank,
  prompt: string,
  durationSeconds: number,
): Promise<Bar[]> {
  const render = (seed: number) =>
    generateTrack(
      { prompt, durationSeconds, seed, outputs: { formats: ['wav'], midi: false, waveform: false } },
      { bank },
    );
  const [first, again, other] = [await render(7), await render(7), await render(8)];
  const same = Buffer.from(first.files.wav as Uint8Array).equals(Buffer.from(again.files.wav as Uint8Array));
  const differentPcm = !Buffer.from(first.files.wav as Uint8Array).equals(
    Buffer.from(other.files.wav as Uint8Array),
  );
  const notes = (r: TrackResult) => JSON.stringify(r.composition.parts.map((p) => p.notes.slice(0, 40)));
  const differentNotes = notes(first) !== notes(other);
  return [
    {
      name: 'determinism: same request twice → identical PCM',
      ok: same,
      detail: same ? 'identical' : 'differs',
    },
    {
      name: 'variety: another seed → different notes and PCM',
      ok: differentPcm && differentNotes,
      detail: `pcm ${differentPcm ? 'differs' : 'same'}, notes ${differentNotes ? 'differ' : 'same'}`,
    },
  ];
}
