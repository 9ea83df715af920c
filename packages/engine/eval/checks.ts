// The bars of ENGINE.md's table as plain functions, shared by the full eval (run-eval.ts) and the
// fast subset in test/quality, so both judge the engine the same way.
import type { SectionPlanEntry } from '../src/index.js';
import type { Composition, Part, TrackResult } from '../src/types.js';
import type { AudioAnalysis } from './analyzer.js';
import { judgeKey, type KeyVerdict, sameKey } from './keys.js';

export type EnergyClass = 'calm' | 'energetic';

/** A melody for an eval prompt: [MIDI pitch, length in sixteenths] pairs (pitch 0 rests). */
export interface EvalMelody {
  bpm: number;
  notes: [number, number][];
}

/** One prompt of eval/prompts.json and what the engine must make of it. */
export interface PromptEntry {
  id: string;
  prompt: string;
  seed?: number;
  /** Musical inputs sent with the prompt (the request's chords, sections and melody). */
  inputs?: { chords?: string; sections?: SectionPlanEntry[]; melody?: EvalMelody };
  expect: {
    /** The chord symbols the score must play, in order, looped (one per chord of the progression). */
    chords?: string[];
    /** The bars the planned sections must start on. */
    sectionStartBars?: number[];
    /** The length a section plan adds up to (instead of the run's duration). */
    durationSeconds?: number;
    /** The lead must play the input melody note for note (octave moves allowed). */
    melody?: boolean;
    bpm?: number;
    key?: { tonic: string; mode: string };
    meter?: string;
    excludes?: string[];
    energy?: EnergyClass;
    genre?: string;
    loop?: boolean;
  };
}

/** A single pass/fail judgement with what was asked and what was found. */
export interface Check {
  name: string;
  ok: boolean;
  asked: string;
  got: string;
  /** Informational checks are reported but do not fail a bar. */
  informational?: boolean;
}

/** The audio bars every render must meet, whatever the prompt. */
export const AUDIO_BARS = {
  durationToleranceSeconds: 0.05,
  targetLoudnessLufs: -14,
  loudnessToleranceLu: 1,
  truePeakCeilingDbtp: -1,
  maxSilenceSeconds: 1,
  tempoToleranceBpm: 2,
} as const;

// GM program ranges behind the canonical exclusion words the brief produces.
const EXCLUSION_PROGRAMS: Record<string, [number, number][]> = {
  piano: [[0, 7]],
  organ: [[16, 23]],
  guitar: [[24, 31]],
  bass: [[32, 39]],
  strings: [[40, 51]],
  brass: [[56, 63]],
  sax: [[64, 67]],
  saxophone: [[64, 67]],
  synth: [[80, 103]],
  vocals: [
    [52, 54],
    [85, 85],
  ],
};

function isDrumPart(part: Part): boolean {
  return part.isDrums || part.channel === 9 || part.role === 'drums';
}

/** Parts that would violate an exclusion word; only parts with notes count as rendered. */
export function partsViolating(composition: Composition, word: string): Part[] {
  const sounding = composition.parts.filter((part) => part.notes.length > 0);
  if (word === 'drums' || word === 'percussion') {
    return sounding.filter(
      (part) => isDrumPart(part) || (word === 'percussion' && part.role === 'percussion'),
    );
  }
  if (word === 'bass') return sounding.filter((part) => part.role === 'bass' || inRanges(part, word));
  return sounding.filter((part) => !isDrumPart(part) && inRanges(part, word));
}

function inRanges(part: Part, word: string): boolean {
  const ranges = EXCLUSION_PROGRAMS[word] ?? [];
  return !isDrumPart(part) && ranges.some(([low, high]) => part.program >= low && part.program <= high);
}

/** Notes per second over every sounding part: the score side of the energy bar. */
export function noteDensityPerSecond(composition: Composition): number {
  const noteCount = composition.parts.reduce((sum, part) => sum + part.notes.length, 0);
  return noteCount / composition.durationSeconds;
}

/** Checks the score itself, exactly: tempo, key, meter, duration, exclusions (plus genre/loop as info). */
export function checkScore(entry: PromptEntry, result: TrackResult, durationSeconds: number): Check[] {
  const { composition, brief } = result;
  const checks: Check[] = [];
  const { expect } = entry;
  if (expect.bpm !== undefined) {
    checks.push({
      name: 'score tempo',
      ok: composition.bpm === expect.bpm,
      asked: `${expect.bpm}`,
      got: `${composition.bpm}`,
    });
  }
  if (expect.key) {
    checks.push({
      name: 'score key',
      ok: sameKey(composition.key, expect.key),
      asked: `${expect.key.tonic} ${expect.key.mode}`,
      got: `${composition.key.tonic} ${composition.key.mode}`,
    });
  }
  if (expect.meter) {
    const got = `${composition.meter.beatsPerBar}/${composition.meter.beatUnit}`;
    checks.push({ name: 'score meter', ok: got === expect.meter, asked: expect.meter, got });
  }
  checks.push({
    name: 'score duration',
    ok: Math.abs(composition.durationSeconds - durationSeconds) < 1e-6,
    asked: `${durationSeconds}`,
    got: `${composition.durationSeconds}`,
  });
  for (const word of expect.excludes ?? []) {
    const offenders = partsViolating(composition, word);
    checks.push({
      name: `score excludes ${word}`,
      ok: offenders.length === 0 && !brief.instruments.some((i) => word === 'drums' && i.isDrums),
      asked: `no ${word}`,
      got: offenders.length === 0 ? 'none' : offenders.map((part) => `${part.id}(${part.program})`).join(','),
    });
  }
  if (expect.genre) {
    checks.push({
      name: 'brief genre',
      ok: brief.genre === expect.genre || brief.secondaryGenre === expect.genre,
      asked: expect.genre,
      got: brief.genre,
      informational: true,
    });
  }
  if (expect.loop !== undefined) {
    checks.push({
      name: 'brief loop',
      ok: brief.loop === expect.loop && composition.loop === expect.loop,
      asked: `${expect.loop}`,
      got: `${brief.loop}/${composition.loop}`,
      informational: true,
    });
  }
  return checks;
}

/** Checks the level bars every render must meet: duration, loudness, true peak, clipping, silence. */
export function checkAudio(analysis: AudioAnalysis, durationSeconds: number): Check[] {
  const loudnessError = Math.abs(analysis.loudnessLufs - AUDIO_BARS.targetLoudnessLufs);
  return [
    {
      name: 'audio duration',
      ok: Math.abs(analysis.durationSeconds - durationSeconds) <= AUDIO_BARS.durationToleranceSeconds,
      asked: `${durationSeconds}`,
      got: analysis.durationSeconds.toFixed(3),
    },
    {
      name: 'loudness',
      ok: loudnessError <= AUDIO_BARS.loudnessToleranceLu,
      asked: `${AUDIO_BARS.targetLoudnessLufs}±${AUDIO_BARS.loudnessToleranceLu}`,
      got: analysis.loudnessLufs.toFixed(2),
    },
    {
      name: 'true peak',
      ok: analysis.truePeakDbtp <= AUDIO_BARS.truePeakCeilingDbtp,
      asked: `≤${AUDIO_BARS.truePeakCeilingDbtp}`,
      got: analysis.truePeakDbtp.toFixed(2),
    },
    { name: 'clipping', ok: analysis.clippedSamples === 0, asked: '0', got: `${analysis.clippedSamples}` },
    {
      name: 'silence',
      ok: analysis.longestSilenceSeconds <= AUDIO_BARS.maxSilenceSeconds,
      asked: `≤${AUDIO_BARS.maxSilenceSeconds}s`,
      got: `${analysis.longestSilenceSeconds.toFixed(2)}s`,
    },
  ];
}

/**
 * From this tempo up the analyzer reads even a plain metronome at half (RhythmExtractor2013 does
 * from 176 bpm; Percival and the older RhythmExtractor fold lower still; test/analyzer pins it):
 * every beat tracker prefers a beat near 120 bpm, so it cannot tell a correct 180 bpm render from
 * a 90 bpm one from a metronome; music whose beat is marked every beat (metal at 180) is still
 * heard right. Prompts asking for such tempos count in the tempo bar like any other and are flagged.
 */
export const TEMPO_CEILING_BPM = 176;

/** True when an asked tempo is at or above TEMPO_CEILING_BPM (none asked: false). */
export function isAboveTempoCeiling(askedBpm: number | undefined): boolean {
  return askedBpm !== undefined && askedBpm >= TEMPO_CEILING_BPM;
}

export type TempoVerdict = 'exact' | 'half' | 'double' | 'other';

/** Judges a raw tempo estimate against the asked tempo; only 'exact' passes the bar. */
export function judgeTempo(askedBpm: number, measuredBpm: number): TempoVerdict {
  const tolerance = AUDIO_BARS.tempoToleranceBpm;
  if (Math.abs(measuredBpm - askedBpm) <= tolerance) return 'exact';
  if (Math.abs(measuredBpm - askedBpm / 2) <= tolerance / 2) return 'half';
  if (Math.abs(measuredBpm - askedBpm * 2) <= tolerance * 2) return 'double';
  return 'other';
}

/** Judges the detected key against the asked one (modes fold to their major/minor family). */
export function judgeDetectedKey(
  asked: { tonic: string; mode: string },
  analysis: AudioAnalysis,
): KeyVerdict {
  return judgeKey(asked, analysis.key);
}

/** Credit a key verdict earns toward the ≥ 90 % bar. */
export function keyCredit(verdict: KeyVerdict): number {
  return verdict === 'right' ? 1 : verdict === 'relative' ? 0.5 : 0;
}

/** Checks the score against the request's inputs: chords in order, planned section starts, the melody. */
export function checkInputs(entry: PromptEntry, result: TrackResult): Check[] {
  const { composition } = result;
  const checks: Check[] = [];
  const { expect } = entry;
  if (expect.chords) {
    const played = composition.chords.slice(0, -1).map((chord) => chord.symbol);
    const wrong = played.findIndex((symbol, i) => symbol !== expect.chords![i % expect.chords!.length]);
    checks.push({
      name: 'score follows chords',
      ok: wrong < 0 && played.length >= expect.chords.length,
      asked: expect.chords.join(' '),
      got: wrong < 0 ? `${played.length} chords in order` : `chord ${wrong + 1} is ${played[wrong]}`,
    });
  }
  if (expect.sectionStartBars) {
    const starts = composition.sections.map((section) => section.startBar);
    checks.push({
      name: 'score section bars',
      ok: JSON.stringify(starts) === JSON.stringify(expect.sectionStartBars),
      asked: expect.sectionStartBars.join(','),
      got: starts.join(','),
    });
  }
  if (expect.melody && entry.inputs?.melody) {
    const tune = entry.inputs.melody.notes.filter(([pitch]) => pitch > 0).map(([pitch]) => pitch);
    const lead = composition.parts.find((part) => part.role === 'lead');
    const played = (lead?.notes ?? []).slice(0, tune.length).map((note) => note.pitch);
    const shift = (played[0] ?? 0) - (tune[0] ?? 0);
    const same =
      played.length === tune.length && shift % 12 === 0 && played.every((p, i) => p - shift === tune[i]);
    checks.push({
      name: 'score lead plays melody',
      ok: same,
      asked: `${tune.length} notes`,
      got: same ? `note for note (${shift >= 0 ? '+' : ''}${shift})` : played.join(' '),
    });
  }
  return checks;
}
