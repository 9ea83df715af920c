// The shape every effect on one part's render shares (its tape colour, its ducking under the kick,
// its cut under the vocal): it works on the part's chunks in place, knowing where each chunk sits in
// the track, so its result does not depend on the chunk size or on which thread renders the part.

/** Changes samples [offset, offset + sampleCount) of the buffers, which hold the part from `fromSample`. */
export interface PartEffect {
  process(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    fromSample: number,
    sampleCount: number,
  ): void;
}
