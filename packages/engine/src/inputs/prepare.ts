// A request's musical inputs (chords, section plan, melody) checked and applied to the brief:
// the tempo and meter a melody file states, the key a progression or melody implies, and the
// length a plan adds up to. Every front door calls this first, so a request the engine would
// refuse is refused before anything is stored or charged.
import { parseBrief } from '../brief/index.js';
import { planFormFromSections, ticksPerBarOf } from '../composition/form.js';
import { type LyricLine, layLines, lyricLinesOf, planLyrics } from '../composition/lyric-layout.js';
import { findSinger } from '../composition/singer-choice.js';
import type { Delivery } from '../composition/vocal-rhythm.js';
import { isAllowedBpm, REQUEST_LIMITS, validateRequest } from '../request-validation.js';
import { type Brief, type Key, PPQ, type TrackRequest } from '../types.js';
import {
  isNumeralProgression,
  keyOfProgression,
  numeralMode,
  type ProgressionEntry,
  parseProgression,
  type ResolvedProgressionChord,
  resolveProgression,
} from './chords.js';
import { InputError } from './input-error.js';
import { type LyricSection, parseLyrics } from './lyrics.js';
import { type InputMelody, MAX_MELODY_NOTES } from './midi-reader.js';
import {
  checkSectionPlan,
  type PlannedSection,
  planInstrumentWords,
  resolveSectionPlan,
} from './section-plan.js';

/** The inputs the composer follows, resolved against the brief. */
export interface TrackInputs {
  progression: ResolvedProgressionChord[] | null;
  plan: PlannedSection[] | null;
  melody: InputMelody | null;
  /** The words to sing, their lines with syllables, and whether they are sung or rapped. */
  lyrics: TrackLyrics | null;
}

export interface TrackLyrics {
  sections: LyricSection[];
  lines: LyricLine[];
  delivery: Delivery;
}

export interface PreparedTrack {
  brief: Brief;
  inputs: TrackInputs;
  /** The track's length: the plan's when there is one, else the request's. */
  durationSeconds: number;
}

// A plan's length is only known at the tempo; this stands in for parsing the brief first.
const PLACEHOLDER_SECONDS = 30;

/** Checks a melody's shape (it may come back from storage as JSON). */
export function checkMelody(melody: unknown): InputMelody {
  const fail = (message: string): never => {
    throw new InputError('melody', message);
  };
  if (typeof melody !== 'object' || melody === null) fail('must be a melody read from a MIDI file');
  const { notes, bpm, meter } = melody as InputMelody;
  if (!Array.isArray(notes) || notes.length === 0) fail('has no notes');
  if (notes.length > MAX_MELODY_NOTES) fail(`may have at most ${MAX_MELODY_NOTES} notes`);
  for (const note of notes) {
    const ok =
      Number.isInteger(note?.startTick) &&
      note.startTick >= 0 &&
      Number.isInteger(note.durationTicks) &&
      note.durationTicks > 0 &&
      Number.isInteger(note.pitch) &&
      note.pitch >= 0 &&
      note.pitch <= 127 &&
      Number.isInteger(note.velocity) &&
      note.velocity >= 1 &&
      note.velocity <= 127;
    if (!ok) fail('has a note that is not a MIDI note (integer ticks, pitch 0–127, velocity 1–127)');
  }
  if (bpm !== null && !isAllowedBpm(bpm))
    fail(`has a tempo outside ${REQUEST_LIMITS.minBpm}–${REQUEST_LIMITS.maxBpm} bpm`);
  const meterOk =
    meter === null ||
    (Number.isInteger(meter?.beatsPerBar) &&
      meter.beatsPerBar >= 1 &&
      [2, 4, 8, 16].includes(meter.beatUnit));
  if (!meterOk) fail('has a time signature the engine cannot play');
  return melody as InputMelody;
}

// Krumhansl–Kessler key profiles: how strongly each scale degree says "home" in major and minor.
const MAJOR_PROFILE = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
const MINOR_PROFILE = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
const NAMES = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

function correlation(a: readonly number[], b: readonly number[]): number {
  const mean = (values: readonly number[]) => values.reduce((x, y) => x + y, 0) / values.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

/** The key a melody is in (duration-weighted pitch classes against the major and minor profiles;
 * the last note, where tunes come home, counts extra). */
export function keyOfMelody(melody: InputMelody): Key {
  const weights = new Array<number>(12).fill(0);
  for (const note of melody.notes) weights[note.pitch % 12]! += note.durationTicks;
  const last = melody.notes.at(-1);
  if (last) weights[last.pitch % 12]! += last.durationTicks + 480;
  let best: Key = { tonic: 'C', mode: 'major' };
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let tonic = 0; tonic < 12; tonic++) {
    for (const [mode, profile] of [
      ['major', MAJOR_PROFILE],
      ['minor', MINOR_PROFILE],
    ] as const) {
      const rotated = weights.map((_, pc) => weights[(pc + tonic) % 12]!);
      const score = correlation(rotated, profile);
      if (score > bestScore) {
        bestScore = score;
        best = { tonic: NAMES[tonic]!, mode };
      }
    }
  }
  return best;
}

const explicit = (source: Brief['keySource']) => source === 'prompt' || source === 'override';

/**
 * Checks a request and its inputs and returns the brief they make, the resolved inputs and the
 * track's length. Throws EngineError (stage "request"); InputError names the field.
 */
export function prepareTrack(request: TrackRequest): PreparedTrack {
  const plan = request.sections !== undefined ? checkSectionPlan(request.sections) : null;
  validateRequest(plan ? { ...request, durationSeconds: PLACEHOLDER_SECONDS } : request);
  const entries: ProgressionEntry[] | null =
    request.chords !== undefined ? parseProgression(request.chords) : null;
  const melody = request.melody !== undefined ? checkMelody(request.melody) : null;
  const overrides = { ...request.overrides };
  const tempoFromFile = overrides.bpm === undefined && melody?.bpm != null;
  if (tempoFromFile) overrides.bpm = melody!.bpm!;
  const meterFromFile = overrides.meter === undefined && melody?.meter != null;
  if (meterFromFile) overrides.meter = `${melody!.meter!.beatsPerBar}/${melody!.meter!.beatUnit}`;
  const brief = parseBrief(request.prompt, {
    durationSeconds: plan ? PLACEHOLDER_SECONDS : request.durationSeconds,
    seed: request.seed,
    loop: request.loop,
    overrides,
    extraInstruments: plan ? planInstrumentWords(plan) : undefined,
  });
  if (tempoFromFile) brief.bpmSource = 'melody';
  if (meterFromFile) brief.meterSource = 'melody';

  let progression: ResolvedProgressionChord[] | null = null;
  if (entries) {
    if (isNumeralProgression(entries)) {
      // Numerals are degrees of the prompt's key; their case says major or minor when it does not.
      const mode = numeralMode(entries);
      if (!explicit(brief.keySource) && mode)
        [brief.key, brief.keySource] = [{ ...brief.key, mode }, 'chords'];
    } else if (!explicit(brief.keySource)) {
      const letters = entries.filter((entry) => entry.kind === 'letter');
      [brief.key, brief.keySource] = [keyOfProgression(resolveProgression(letters, brief.key)), 'chords'];
    }
    progression = resolveProgression(entries, brief.key);
  } else if (melody && !explicit(brief.keySource)) {
    [brief.key, brief.keySource] = [keyOfMelody(melody), 'melody'];
  }

  let durationSeconds = request.durationSeconds;
  let planned: PlannedSection[] | null = null;
  if (plan) {
    const resolved = resolveSectionPlan(plan, brief.bpm, brief.meter);
    planned = resolved.sections;
    durationSeconds = resolved.durationSeconds;
    brief.durationSeconds = durationSeconds;
  }
  if (request.voice?.singerId !== undefined && !findSinger(request.voice.singerId))
    throw new InputError('voice', `has no singer "${request.voice.singerId}"`);
  let lyrics: TrackLyrics | null = null;
  if (request.lyrics !== undefined) {
    if (request.voice && request.voice.singerId === undefined)
      throw new InputError(
        'voice',
        `"${request.voice.name}" plays an instrument and does not sing lyrics; choose a voice that sings, or none`,
      );
    const delivery = brief.vocalDelivery;
    const written = parseLyrics(request.lyrics);
    if (melody) {
      lyrics = { sections: written, lines: lyricLinesOf(written), delivery };
      checkLyricsFitMelody(lyrics.lines, melody, brief);
    } else {
      // the tags become the plan when the request has none (a closing chorus sung again where time
      // is left); the track keeps its exact length
      const sung = planned
        ? { sections: written, lines: lyricLinesOf(written), plan: planned }
        : planLyrics(written, brief, delivery);
      planned = sung.plan;
      lyrics = { sections: sung.sections, lines: sung.lines, delivery };
      layLines(sung.sections, sung.lines, planFormFromSections(brief, planned).sections, brief, delivery);
    }
  }
  return { brief, inputs: { progression, plan: planned, melody, lyrics }, durationSeconds };
}

/** A melody repeats over the track: it must have a note for every syllable in that time. */
function checkLyricsFitMelody(lines: readonly LyricLine[], melody: InputMelody, brief: Brief): void {
  const syllables = lines.reduce((sum, line) => sum + line.syllables.length, 0);
  const tpb = ticksPerBarOf(brief.meter);
  const lastEnd = Math.max(...melody.notes.map((note) => note.startTick + note.durationTicks));
  const cycleTicks = Math.max(1, Math.ceil(lastEnd / tpb)) * tpb;
  const endTick = Math.round((brief.durationSeconds * brief.bpm * PPQ) / 60) - tpb;
  let notes = 0;
  for (let offset = 0; offset < endTick; offset += cycleTicks)
    notes += melody.notes.filter((note) => offset + note.startTick < endTick).length;
  if (syllables > notes) {
    const seconds = Math.ceil((brief.durationSeconds * syllables) / Math.max(1, notes)) + 1;
    throw new InputError(
      'lyrics',
      `the lyrics have ${syllables} syllables and the melody has ${notes} notes in ${brief.durationSeconds} s; they need about ${seconds} s: make the track longer, or shorten the lyrics`,
    );
  }
}
