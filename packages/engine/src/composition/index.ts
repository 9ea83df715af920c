// Stage 2 of the engine: Brief → Composition. The pipeline calls composeTrack and nothing else.
export { type ComposeOptions, composeTrack } from './compose.js';
export {
  continueForm,
  extendComposition,
  extensionCutTick,
  type FormFacts,
  sectionsBeforeCut,
} from './extend.js';
export { keepParts, keepsHarmony, VARIATION_PARTS } from './variation.js';
