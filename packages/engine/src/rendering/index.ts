// Stage 3's public surface; only this folder imports spessasynth_core.

export {
  type RenderedBlock,
  type RenderedStem,
  type RenderOptions,
  type RenderResult,
  renderComposition,
} from './render-composition.js';
export { createRenderPool, type RenderPool, type RenderPoolOptions } from './render-pool.js';
export type { Renderer } from './renderer.js';
export { loadSoundBank } from './sound-bank.js';
