// Stages 1 and 2 for any request, including variations and extensions, which are made from the
// request they came from (carried whole inside them, so a derived track renders again on its own).
import type { FormPlan } from './composition/form.js';
import {
  composeTrack,
  continueForm,
  extendComposition,
  keepParts,
  keepsHarmony,
  VARIATION_PARTS,
} from './composition/index.js';
import { type PreparedTrack, prepareTrack } from './inputs/prepare.js';
import type { Brief, Composition, PartRole, TrackRequest } from './types.js';

export interface Score {
  brief: Brief;
  composition: Composition;
  /** An extension's form (continueForm), which a variation of it arranges again. */
  form?: FormPlan;
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
    const original = composeRequest(request.extend.from);
    const brief: Brief = { ...original.brief, durationSeconds: request.durationSeconds };
    const form = continueForm(original.composition, brief);
    // the continuation is written from the same streams as the original's parts and chords
    const composition = extendComposition(original.composition, brief, {
      seed: request.extend.from.seed,
      voice: request.extend.from.voice,
      ...seedsOf(request.extend.from),
      form,
    });
    return { brief, composition, form };
  }
  if (request.variation) {
    const { from, keep } = request.variation;
    const original = composeRequest(from);
    const partSeeds: Partial<Record<PartRole, number>> = {};
    for (const role of keep) partSeeds[role] = partSeedOf(from, role);
    const next = composeTrack(original.brief, {
      // the original's chords, plan and melody hold for the new parts too
      ...inputsOf(from),
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
    };
  }
  const { brief, inputs } = prepared ?? prepareTrack(request);
  return { brief, composition: composeTrack(brief, { seed: request.seed, voice: request.voice, ...inputs }) };
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
