// Stages 1 and 2 for any request, including variations and extensions, which are made from the
// request they came from (carried whole inside them, so a derived track renders again on its own).
import { type FormPlan, planForm, planFormFromSections, secondsToTicks } from './composition/form.js';
import {
  composeTrack,
  continueForm,
  extendComposition,
  extensionCutTick,
  type FormFacts,
  keepParts,
  keepsHarmony,
  sectionsBeforeCut,
  VARIATION_PARTS,
} from './composition/index.js';
import { blendStyles, getStyle } from './composition/styles.js';
import { InputError } from './inputs/input-error.js';
import { type PreparedTrack, prepareTrack } from './inputs/prepare.js';
import {
  checkSectionPlan,
  type PlannedSection,
  resolveSectionPlan,
  secondsPerBar,
} from './inputs/section-plan.js';
import type { Brief, Composition, PartRole, Section, TrackRequest } from './types.js';

export interface Score {
  brief: Brief;
  composition: Composition;
  /** An extension's form (continueForm), which a variation of it arranges again. */
  form?: FormPlan;
  /** The section plan the form follows, one entry per section (null: none), which a variation or
   * extension of this track follows too. */
  plan?: PlannedSection[] | null;
}

/** The seeds every part and the chords of `request` were written with. */
function seedsOf(request: TrackRequest): {
  partSeeds: Partial<Record<PartRole, number>>;
  harmonySeed: number;
} {
  const partSeeds: Partial<Record<PartRole, number>> = {};
  for (const role of VARIATION_PARTS) partSeeds[role] = partSeedOf(request, role);
  return { partSeeds, harmonySeed: harmonySeedOf(request) };
}

/** The seed a part of this role was written with in `request`. */
function partSeedOf(request: TrackRequest, role: PartRole): number {
  if (request.extend) return partSeedOf(request.extend.from, role);
  if (request.variation?.keep.includes(role)) return partSeedOf(request.variation.from, role);
  return request.seed;
}

/** The seed the chord progression of `request` was written with. */
function harmonySeedOf(request: TrackRequest): number {
  if (request.extend) return harmonySeedOf(request.extend.from);
  if (request.variation && keepsHarmony(request.variation.keep)) return harmonySeedOf(request.variation.from);
  return request.seed;
}

/**
 * Brief and composition of a request: parsed and composed, or derived from the request it varies
 * or extends. Pure and deterministic, like its stages.
 * @example composeRequest({ prompt: 'house', durationSeconds: 60, seed: 2, variation: { from, keep: ['drums'] } })
 */
export function composeRequest(request: TrackRequest, prepared?: PreparedTrack): Score {
  if (request.extend) {
    const { from } = request.extend;
    const original = composeRequest(from);
    const continuation = continuationOf(original, request);
    const brief: Brief = { ...original.brief, durationSeconds: continuation.durationSeconds };
    const form = continuation.form ?? continueForm(original.composition, brief);
    // the continuation is written from the same streams as the original's parts and chords, over
    // its chords and melody, so a given progression keeps cycling past the cut
    const composition = extendComposition(original.composition, brief, {
      ...inputsOf(from),
      plan: continuation.plan,
      seed: from.seed,
      voice: from.voice,
      ...seedsOf(from),
      form,
    });
    return { brief, composition, form, plan: continuation.plan };
  }
  if (request.variation) {
    const { from, keep } = request.variation;
    const original = composeRequest(from);
    const partSeeds: Partial<Record<PartRole, number>> = {};
    for (const role of keep) partSeeds[role] = partSeedOf(from, role);
    const next = composeTrack(original.brief, {
      // the original's chords, plan and melody hold for the new parts too (the plan as the
      // original's form follows it: an extension's is its own)
      ...inputsOf(from),
      plan: original.plan ?? null,
      seed: request.seed,
      voice: from.voice,
      partSeeds,
      ...(keepsHarmony(keep) ? { harmonySeed: harmonySeedOf(from) } : {}),
      ...(original.form ? { form: original.form } : {}),
    });
    return {
      brief: original.brief,
      composition: keepParts(next, original.composition, keep),
      ...(original.form ? { form: original.form } : {}),
      plan: original.plan ?? null,
    };
  }
  const { brief, inputs } = prepared ?? prepareTrack(request);
  return {
    brief,
    composition: composeTrack(brief, { seed: request.seed, voice: request.voice, ...inputs }),
    plan: inputs.plan,
  };
}

/** A section every part plays in: the kept sections' entry, whose notes are the original's anyway. */
function playsAll(section: Section): PlannedSection {
  return {
    label: section.label ?? section.name,
    role: section.name,
    bars: section.bars,
    energy: null,
    plays: null,
    rests: [],
  };
}

/**
 * What follows the cut in an extension, and the track's length. With its own `sections` the
 * continuation is that plan and the length the kept bars plus the plan's; otherwise the length is
 * the request's, and an original made from a plan goes on in its last section's character (its
 * name, energy and instruments) where continueForm (form null) would go back to its body.
 * Throws InputError naming the field ("sections[1].bars", "sections") for a plan it cannot follow.
 */
function continuationOf(
  original: Shape,
  request: TrackRequest,
): { durationSeconds: number; form: FormPlan | null; plan: PlannedSection[] | null } {
  const { composition } = original;
  const kept = sectionsBeforeCut(composition);
  const keptBars = Math.round(extensionCutTick(composition) / composition.ticksPerBar);
  const given = request.extend?.sections;
  if (given !== undefined) {
    const entries = checkSectionPlan(given);
    const { sections: planned } = resolveSectionPlan(entries, composition.bpm, composition.meter, {
      leadingBars: keptBars,
    });
    const barSeconds = secondsPerBar(composition.bpm, composition.meter);
    const durationSeconds = (keptBars + planned.reduce((sum, s) => sum + s.bars, 0)) * barSeconds;
    const from = request.extend?.from as TrackRequest;
    if (durationSeconds <= from.durationSeconds + 1e-9) {
      const cutSeconds = keptBars * barSeconds;
      throw new InputError(
        'sections',
        `the sections replace the original's ending from ${round(cutSeconds)} s, so they must last more than its ${round(from.durationSeconds - cutSeconds)} s for the track to grow; they last ${round(durationSeconds - cutSeconds)} s`,
      );
    }
    const brief: Brief = { ...original.brief, durationSeconds };
    const whole = planFormFromSections(brief, [...kept.map(playsAll), ...planned]);
    // the kept sections stay exactly as the original's form had them
    const form: FormPlan = { ...whole, sections: [...kept, ...whole.sections.slice(kept.length)] };
    return { durationSeconds, form, plan: [...kept.map(playsAll), ...planned] };
  }
  const durationSeconds = request.durationSeconds;
  const last = original.plan?.at(-1);
  const ending = composition.sections.at(-1);
  if (!last || !ending) return { durationSeconds, form: null, plan: null };
  const ticksPerBar = composition.ticksPerBar;
  const totalTicks = Math.max(1, secondsToTicks(durationSeconds, composition.bpm));
  const fullBars = Math.max(keptBars + 1, Math.floor(totalTicks / ticksPerBar));
  const hasTail = totalTicks > fullBars * ticksPerBar;
  const breathTicks = secondsToTicks(0.12, composition.bpm);
  const form: FormPlan = {
    sections: [
      ...kept,
      {
        ...ending,
        startBar: keptBars,
        bars: fullBars - keptBars + (hasTail ? 1 : 0),
        startTick: keptBars * ticksPerBar,
        endTick: totalTicks,
      },
    ],
    ticksPerBar,
    totalTicks,
    fullBars,
    finalChordTick: Math.min((fullBars - 1) * ticksPerBar, totalTicks - 1),
    musicEndTick: Math.max(1, totalTicks - breathTicks),
  };
  return { durationSeconds, form, plan: [...kept.map(playsAll), { ...last, bars: fullBars - keptBars }] };
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The length of an extension of `from` that continues with `sections` (the bars kept from `from`
 * plus the plan's), checked as composeRequest will check it: what a front door stores and charges
 * for before anything is rendered. Throws InputError naming the field (sections[0].bars).
 * @example extensionLength(original, [{ name: 'chorus', bars: 8 }]) // 41.5
 */
export function extensionLength(from: TrackRequest, sections: unknown): number {
  const entries = checkSectionPlan(sections);
  return continuationOf(shapeOf(from), { ...from, extend: { from, sections: entries } }).durationSeconds;
}

/** A track's brief, form and plan without its notes: what an extension's length depends on. */
interface Shape {
  brief: Brief;
  composition: FormFacts & Pick<Composition, 'meter'>;
  plan?: PlannedSection[] | null;
}

/**
 * The shape composeRequest gives a request's track, found without writing a part (a front door
 * asks for it while the caller waits): the form composeTrack would plan, or the one an extension
 * or variation takes on. The tests hold it to composeRequest's.
 */
function shapeOf(request: TrackRequest): Shape {
  const factsOf = (brief: Brief, form: FormPlan): Shape['composition'] => ({
    sections: form.sections,
    ticksPerBar: form.ticksPerBar,
    durationSeconds: brief.durationSeconds,
    bpm: brief.bpm,
    meter: brief.meter,
  });
  if (request.extend) {
    const original = shapeOf(request.extend.from);
    const continuation = continuationOf(original, request);
    const brief: Brief = { ...original.brief, durationSeconds: continuation.durationSeconds };
    const form = continuation.form ?? continueForm(original.composition, brief);
    return { brief, composition: factsOf(brief, form), plan: continuation.plan };
  }
  // a variation keeps its original's brief, form and plan
  if (request.variation) return shapeOf(request.variation.from);
  const { brief, inputs } = prepareTrack(request);
  const style = blendStyles(
    getStyle(brief.genre),
    brief.secondaryGenre ? getStyle(brief.secondaryGenre) : null,
  );
  const form = inputs.plan ? planFormFromSections(brief, inputs.plan) : planForm(brief, style);
  return { brief, composition: factsOf(brief, form), plan: inputs.plan };
}

/** The musical inputs (chords, plan, melody) of the plain request a chain starts from. */
function inputsOf(request: TrackRequest): PreparedTrack['inputs'] {
  if (request.extend) return inputsOf(request.extend.from);
  if (request.variation) return inputsOf(request.variation.from);
  return prepareTrack(request).inputs;
}

/** The first request of a chain of extensions: every extension is mastered with its gains. */
export function extensionRootOf(request: TrackRequest): TrackRequest {
  return request.extend ? extensionRootOf(request.extend.from) : request;
}
