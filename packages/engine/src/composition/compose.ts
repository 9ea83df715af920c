// Stage 2: Brief → Composition. Writes exactly one part per instrument of the brief (plus a
// lead when a voice is given and the brief has none), each from its own seeded stream.

import { getGenreRecord } from '../genres/index.js';
import type { ResolvedProgressionChord } from '../inputs/chords.js';
import type { InputMelody } from '../inputs/midi-reader.js';
import type { TrackLyrics } from '../inputs/prepare.js';
import type { PlannedSection } from '../inputs/section-plan.js';
import { pitchClassOf, scalePitchClasses } from '../music/theory.js';
import { createRng, type Rng } from '../random.js';
import {
  type Brief,
  type ChordEvent,
  type Composition,
  type ControlEvent,
  type InstrumentChoice,
  type NoteEvent,
  type Part,
  type PartRole,
  PPQ,
  type VoiceSpec,
} from '../types.js';
import { writeAccompaniment } from './accompaniment.js';
import { ornamentMelody, playsBaroque, terraceDynamics } from './baroque-practice.js';
import { writeBass } from './bass.js';
import { bendLead, bendsOnInstrument } from './bent-lead.js';
import { type ArrangeContext, meterFeelOf, STEP_TICKS } from './context.js';
import { writeCounter } from './counter.js';
import { writeDrums, writePitchedPercussion } from './drums.js';
import { FELT_PIANO_BRIGHTNESS, playsFeltPiano } from './felt-piano.js';
import { cleanControls, cleanNotes, closeGaps } from './finish.js';
import { type FormPlan, planForm, planFormFromSections, secondsToTicks } from './form.js';
import { applySwing, humanize, leanOnTheBeat } from './groove.js';
import { buildGivenHarmony, buildHarmony, harmoniseMelody } from './harmony.js';
import { writeGivenLead, writeLead } from './melody.js';
import { mixFor } from './mix.js';
import { loopSampledPhrase } from './sample-loop.js';
import { restOutsidePlan } from './section-parts.js';
import type { CompStyle, GenreStyle } from './styles.js';
import { blendStyles, getStyle } from './styles.js';
import { synthVoiceFor } from './synth-voices.js';
import { addVocalPart } from './vocal-part.js';
import { leadRange, performWithVoice } from './voice.js';

/** Options for composeTrack: the request's seed and an optional marketplace voice for the lead. */
export interface ComposeOptions {
  seed: number;
  voice?: VoiceSpec;
  /** A progression to play exactly, looped over the form (inputs/chords.ts). */
  progression?: ResolvedProgressionChord[] | null;
  /** A section plan to follow exactly (inputs/section-plan.ts); the form's length is the plan's. */
  plan?: PlannedSection[] | null;
  /** A melody the lead plays note for note (inputs/midi-reader.ts). */
  melody?: InputMelody | null;
  /**
   * Seeds that replace `seed` for the parts of these roles (a variation's kept parts): a part's
   * notes come only from its own stream, forked from (its seed, its id), so they are the same
   * whatever the other parts' seed.
   */
  partSeeds?: Partial<Record<PartRole, number>>;
  /** Seed of the chord progression when not `seed` (a variation that keeps a pitched part keeps its chords). */
  harmonySeed?: number;
  /** A form to arrange instead of the one planned from the brief (an extension's: see extend.ts). */
  form?: FormPlan;
  /** Words a singer sings over the form (inputs/lyrics.ts), laid on `melody` when there is one. */
  lyrics?: TrackLyrics | null;
}

// Parts that can carry an intro on their own; without one the lead plays from the first bar.
const BED_ROLES = new Set<PartRole>(['chords', 'pad', 'arp', 'bass']);

function compStyleFor(instrument: InstrumentChoice, style: GenreStyle, indexInRole: number): CompStyle {
  const comp = indexInRole % 2 === 0 ? style.comp : style.comp2;
  const guitar = instrument.program >= 24 && instrument.program <= 28;
  const organOrStrings =
    (instrument.program >= 16 && instrument.program <= 23) ||
    (instrument.program >= 48 && instrument.program <= 55);
  if (guitar && comp === 'block') return 'strum';
  if (organOrStrings && (comp === 'power' || comp === 'chug' || comp === 'strum')) return 'sustain';
  return comp;
}

function writePart(
  ctx: ArrangeContext,
  instrument: InstrumentChoice,
  indexInRole: number,
  instruments: InstrumentChoice[],
  rng: Rng,
  voice: VoiceSpec | undefined,
  melody: InputMelody | null,
): { notes: NoteEvent[]; controls: ControlEvent[] } {
  const none: ControlEvent[] = [];
  if (instrument.isDrums) {
    const fast = ctx.style.fastDrums;
    const kit = fast && ctx.brief.bpm >= fast.fromBpm ? fast.lanes : ctx.style.drums;
    const lanes = instrument.role === 'percussion' ? ctx.style.percussion : kit;
    return {
      notes: writeDrums(ctx, lanes, rng, { fills: instrument.role !== 'percussion' }),
      controls: none,
    };
  }
  const hasChords = instruments.some((i) => i.role === 'chords');
  switch (instrument.role) {
    case 'lead': {
      const soloist = !instruments.some((i) => !i.isDrums && BED_ROLES.has(i.role));
      const range = leadRange(ctx.style.leadCenterPitch, voice);
      if (melody && indexInRole === 0)
        return { notes: writeGivenLead(ctx, melody.notes, range), controls: none };
      return { notes: writeLead(ctx, range, rng, soloist), controls: none };
    }
    case 'counter': {
      const hasBed = instruments.some((i) => !i.isDrums && BED_ROLES.has(i.role));
      return { notes: writeCounter(ctx, rng, !hasBed), controls: none };
    }
    case 'bass':
      return writeBass(ctx, rng);
    case 'pad':
      return {
        notes: writeAccompaniment(ctx, 'sustain', rng, {
          transposeSemitones: 0,
          baseVelocity: 78,
          skipIntro: false,
        }),
        controls: none,
      };
    case 'arp':
      return {
        notes: writeAccompaniment(ctx, ctx.style.arp, rng, {
          transposeSemitones: 0,
          baseVelocity: 80,
          skipIntro: hasChords,
        }),
        controls: none,
      };
    case 'percussion':
      return { notes: writePitchedPercussion(ctx, rng), controls: none };
    default: {
      const comp = compStyleFor(instrument, ctx.style, indexInRole);
      return {
        notes: writeAccompaniment(ctx, comp, rng, {
          transposeSemitones: 0,
          baseVelocity: 86,
          skipIntro: false,
        }),
        controls: none,
      };
    }
  }
}

/** Composes the score for a brief: pure and deterministic for (brief, seed, voice).
 * @example composeTrack(brief, { seed: 7 }).parts.map((p) => p.id) // ['drums', 'bass', 'chords', 'lead'] */
export function composeTrack(brief: Brief, options: ComposeOptions): Composition {
  const rng = createRng(options.seed);
  const style = blendStyles(
    getStyle(brief.genre),
    brief.secondaryGenre ? getStyle(brief.secondaryGenre) : null,
  );
  const form =
    options.form ?? (options.plan ? planFormFromSections(brief, options.plan) : planForm(brief, style));
  const streamOf = (seed: number | undefined): Rng => (seed === undefined ? rng : createRng(seed));
  const feel = meterFeelOf(brief.meter.beatsPerBar, brief.meter.beatUnit);
  const melody = options.melody ?? null;
  const progression =
    options.progression ??
    (melody
      ? harmoniseMelody(
          melody.notes,
          brief.key,
          form.ticksPerBar,
          feel === 'compound' ? (PPQ * 4 * 3) / brief.meter.beatUnit : (PPQ * 4) / brief.meter.beatUnit,
        )
      : null);
  const chords = progression
    ? buildGivenHarmony(form, progression)
    : buildHarmony(brief, style, form, streamOf(options.harmonySeed).fork('harmony'));
  const ctx: ArrangeContext = {
    brief,
    style,
    form,
    feel,
    beatTicks: feel === 'compound' ? (PPQ * 4 * 3) / brief.meter.beatUnit : (PPQ * 4) / brief.meter.beatUnit,
    stepsPerBar: Math.round(form.ticksPerBar / STEP_TICKS),
    scalePcs: scalePitchClasses(brief.key),
    tonicPc: pitchClassOf(brief.key.tonic),
    chords,
    fixedHarmony: progression !== null,
  };
  // a singing voice gets its own vocal part (vocal-part.ts): with lyrics the lead stays an
  // instrument; without, the lead is written in the singer's range and sung on vowels
  const singing = options.voice?.singerId !== undefined;
  const lyrics = options.lyrics ?? null;
  const voice = singing && lyrics ? undefined : options.voice;
  const instruments = [...brief.instruments];
  if (voice && !instruments.some((i) => i.role === 'lead' && !i.isDrums)) {
    instruments.push({ name: voice.name, program: voice.program, role: 'lead', isDrums: false });
  }
  const genreMix = getGenreRecord(brief.genre).mix?.volumeStepsByRole;
  const baroque = playsBaroque(instruments);
  const felt = playsFeltPiano(brief) && !voice;
  const roleCounts = new Map<PartRole, number>();
  let nextChannel = 0;
  let voiceGiven = false;
  const parts: Part[] = instruments.map((instrument) => {
    const indexInRole = roleCounts.get(instrument.role) ?? 0;
    roleCounts.set(instrument.role, indexInRole + 1);
    const id = indexInRole === 0 ? instrument.role : `${instrument.role}-${indexInRole + 1}`;
    const performsVoice = !!voice && !voiceGiven && instrument.role === 'lead' && !instrument.isDrums;
    if (performsVoice) voiceGiven = true;
    const partStream = streamOf(options.partSeeds?.[instrument.role]);
    const partRng = partStream.fork(id);
    const written = writePart(
      ctx,
      instrument,
      indexInRole,
      instruments,
      partRng,
      performsVoice ? voice : undefined,
      melody,
    );
    let notes = written.notes;
    let controls = written.controls;
    if (options.plan) notes = restOutsidePlan(notes, instrument, form.sections, options.plan);
    if (feel === 'duple')
      notes = leanOnTheBeat(notes, brief.bpm, ctx.beatTicks, instrument.isDrums, instrument.role === 'lead');
    if (feel !== 'compound') notes = applySwing(notes, style.swing, style.swingPairTicks);
    if (style.humanize) notes = humanize(notes, brief.bpm, partStream.fork(`${id}-feel`));
    if (style.sampleLoop && instrument.role === 'chords' && indexInRole === 0)
      notes = loopSampledPhrase(notes, chords, form);
    if (baroque && !instrument.isDrums) {
      if (instrument.role === 'lead' && indexInRole === 0 && !melody)
        notes = ornamentMelody(notes, form.ticksPerBar, ctx.beatTicks, ctx.scalePcs);
      notes = terraceDynamics(notes, form.ticksPerBar);
    }
    if (
      style.bentLead &&
      instrument.role === 'lead' &&
      indexInRole === 0 &&
      !performsVoice &&
      bendsOnInstrument(instrument.program)
    )
      controls = [...controls, ...bendLead(notes, ctx.beatTicks, partStream.fork(`${id}-bends`))];
    if (performsVoice && voice) {
      const performed = performWithVoice(cleanNotes(notes, form.totalTicks), voice, brief.bpm);
      notes = performed.notes;
      controls = [...controls, ...performed.controls];
    }
    let channel = 9;
    if (!instrument.isDrums) {
      channel = nextChannel % 15 >= 9 ? (nextChannel % 15) + 1 : nextChannel % 15;
      nextChannel++;
    }
    const part: Part = {
      id,
      name: performsVoice && voice ? voice.name : instrument.name,
      role: instrument.role,
      program: performsVoice && voice ? voice.program : instrument.program,
      isDrums: instrument.isDrums,
      channel,
      ...mixFor(instrument.role, indexInRole, brief.arousal, genreMix),
      notes: cleanNotes(notes, form.totalTicks),
      controls: cleanControls(controls, form.totalTicks),
    };
    if (performsVoice && voice) part.voice = voice;
    else if (felt) part.brightness = FELT_PIANO_BRIGHTNESS;
    else {
      const synth = synthVoiceFor(brief.genre, instrument);
      if (synth) part.synth = synth;
    }
    return part;
  });
  closeGaps(parts, secondsToTicks(0.6, brief.bpm), form.musicEndTick);
  if (lyrics || singing)
    addVocalPart(ctx, parts, {
      lyrics,
      melody,
      voice: options.voice,
      seed: options.partSeeds?.lead ?? options.seed,
      channel: nextChannel % 15 >= 9 ? (nextChannel % 15) + 1 : nextChannel % 15,
    });
  const chordEvents: ChordEvent[] = chords.map((c) => ({
    startTick: c.startTick,
    durationTicks: c.durationTicks,
    symbol: c.symbol,
    root: c.root,
    pitches: c.voicing,
  }));
  return {
    ppq: PPQ,
    bpm: brief.bpm,
    meter: { ...brief.meter },
    key: { ...brief.key },
    ticksPerBar: form.ticksPerBar,
    sections: form.sections,
    parts,
    durationSeconds: brief.durationSeconds,
    loop: brief.loop,
    swing: feel === 'compound' ? 0.5 : style.swing,
    chords: chordEvents,
  };
}
