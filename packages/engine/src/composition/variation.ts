// A variation's score: the original's brief and form, a new seed for every part it does not keep.
// Kept parts are written from the original seed's own streams (ComposeOptions.partSeeds), and then
// taken from the original score as they are, because the last pass over the whole score
// (finish.ts closeGaps) may lengthen a note according to what the other parts left silent.
import type { Composition, PartRole } from '../types.js';

/** Part roles a variation may keep: every role the composer writes. */
export const VARIATION_PARTS: readonly PartRole[] = [
  'drums',
  'percussion',
  'bass',
  'chords',
  'pad',
  'arp',
  'lead',
  'counter',
];

/** Keeping any part but the drums keeps the chord progression too: a kept bass line or percussion
 * (which may be pitched, as marimba or steel pan) only fits its own chords. */
export function keepsHarmony(keep: readonly PartRole[]): boolean {
  return keep.some((role) => role !== 'drums');
}

/** `next` with every part of a kept role replaced by the original's part of the same id. */
export function keepParts(next: Composition, original: Composition, keep: readonly PartRole[]): Composition {
  const kept = new Set(keep);
  const originalParts = new Map(original.parts.map((part) => [part.id, part]));
  return {
    ...next,
    parts: next.parts.map((part) => {
      const before = originalParts.get(part.id);
      return kept.has(part.role) && before && before.role === part.role ? before : part;
    }),
    chords: keepsHarmony(keep) ? original.chords : next.chords,
  };
}
