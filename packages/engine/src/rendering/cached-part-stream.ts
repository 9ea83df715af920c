// Renders each distinct note of a part once and mixes copies at every place it occurs. Music
// repeats (drum hits, chord voicings, bass roots), so this does a fraction of the synthesis work of
// a plain pull loop. It holds as long as notes do not interact, which is true for parts without
// controllers or pitch bends (those use the plain PartStream); hi-hat style choke groups are
// applied by cutting the earlier copy with a short fade, as the synthesizer's exclusive classes do.
// Velocities and note-offs snap to coarse grids (below) so humanised notes still share renders.
import type { Composition, Part } from '../types.js';
import type { PartStream } from './part-stream.js';
import type { Renderer } from './renderer.js';
import { type PlacedNote, placeNotes, schedulePart } from './schedule.js';

/** Note-offs snap to a grid of about 4 % of the note's length (at least 256 samples, ≈5.8 ms): well
 * inside the ±10 ms humanising the composer applies, and it lets humanised notes share renders. */
const DURATION_GRID_FRACTION = 0.04;
const MIN_DURATION_GRID_SAMPLES = 256;
/** Velocities snap to this grid: ±4 of 127 is about ±0.5 dB, inside the composer's ±8 humanising. */
const VELOCITY_GRID = 8;
const MAX_TAIL_SECONDS = 8;
const CHOKE_FADE_SAMPLES = 256;
const SILENCE_LEVEL = 3e-5;
/** A released note stops once it is 60 dB under its own peak: inaudible in a mix, and harp or bell
 * tails would otherwise ring for the full MAX_TAIL_SECONDS. */
const TAIL_FLOOR = 1e-3;
const FINE_BLOCK_SAMPLES = 128;
const EDGE_SAMPLES = 2048;
/** GM drum notes that cut each other (closed/pedal/open hat, whistles, guiros, cuicas, triangles). */
const CHOKE_GROUPS = [
  [42, 44, 46],
  [71, 72],
  [73, 74],
  [78, 79],
  [80, 81],
];

interface CachedNote {
  left: Float32Array;
  right: Float32Array;
  usesLeft: number;
}

interface Copy {
  note: PlacedNote;
  key: string;
  cached: CachedNote;
  endSample: number;
  chokeSample: number;
}

function noteKey(note: PlacedNote): { key: string; velocity: number; durationSamples: number } {
  const velocity = Math.max(1, Math.min(127, Math.round(note.velocity / VELOCITY_GRID) * VELOCITY_GRID));
  const exactSamples = note.endSample - note.startSample;
  const grid = Math.max(
    MIN_DURATION_GRID_SAMPLES,
    2 ** Math.round(Math.log2(exactSamples * DURATION_GRID_FRACTION)),
  );
  const durationSamples = Math.max(grid, Math.round(exactSamples / grid) * grid);
  return { key: `${note.pitch}:${velocity}:${durationSamples}`, velocity, durationSamples };
}

/** For drums, the sample where a later note of the same choke group cuts each note (or Infinity). */
function findChokes(notes: PlacedNote[], isDrums: boolean): number[] {
  const chokes = notes.map(() => Number.POSITIVE_INFINITY);
  if (!isDrums) return chokes;
  const groupOf = new Map<number, number>();
  CHOKE_GROUPS.forEach((group, index) => {
    for (const pitch of group) groupOf.set(pitch, index);
  });
  const lastInGroup = new Map<number, number>();
  notes.forEach((note, index) => {
    const group = groupOf.get(note.pitch);
    if (group === undefined) return;
    const previous = lastInGroup.get(group);
    if (previous !== undefined && (notes[previous] as PlacedNote).pitch !== note.pitch) {
      chokes[previous] = Math.min(chokes[previous] as number, note.startSample);
    }
    lastInGroup.set(group, index);
  });
  return chokes;
}

/** Creates a PartStream that synthesises each distinct note once on the given (dry) renderer. */
export function createCachedPartStream(
  renderer: Renderer,
  part: Part,
  composition: Composition,
  sampleRate: number,
  totalSamples: number,
): PartStream {
  // Program, mixer and drum settings come from the same schedule as the plain stream.
  for (const event of schedulePart({ ...part, notes: [], controls: [] }, composition, sampleRate)) {
    renderer.send(event);
  }
  const notes = placeNotes(part, composition, sampleRate).filter((note) => note.startSample < totalSamples);
  const chokes = findChokes(notes, part.isDrums);
  const keys = notes.map(noteKey);
  const cache = new Map<string, CachedNote>();
  const usesByKey = new Map<string, number>();
  for (const { key } of keys) usesByKey.set(key, (usesByKey.get(key) ?? 0) + 1);
  const block = renderer.maxBlockSamples;
  const tailSamples = Math.round(MAX_TAIL_SECONDS * sampleRate);
  const scratchCapacity = Math.round(sampleRate * 2);
  let scratchLeft = new Float32Array(scratchCapacity);
  let scratchRight = new Float32Array(scratchCapacity);

  const synthesise = (pitch: number, velocity: number, durationSamples: number): CachedNote => {
    const maxSamples = durationSamples + tailSamples;
    // The scratch is kept zeroed after each note, so only growth allocates.
    if (scratchLeft.length < maxSamples) {
      scratchLeft = new Float32Array(maxSamples);
      scratchRight = new Float32Array(maxSamples);
    }
    renderer.send({ sample: 0, kind: 'noteOn', channel: part.channel, data1: pitch, data2: velocity });
    let position = 0;
    let released = false;
    let peak = 0;
    let sinceEdge = 0;
    while (position < maxSamples) {
      if (!released && position >= durationSamples) {
        renderer.send({ sample: 0, kind: 'noteOff', channel: part.channel, data1: pitch, data2: 0 });
        released = true;
        sinceEdge = 0;
      }
      // Small blocks around attacks and releases keep envelopes sample-accurate; long ones elsewhere
      // save the synthesizer's per-call overhead.
      const blockSamples = sinceEdge < EDGE_SAMPLES ? FINE_BLOCK_SAMPLES : block;
      const count = Math.min(
        blockSamples,
        maxSamples - position,
        released ? blockSamples : durationSamples - position,
      );
      renderer.render(scratchLeft, scratchRight, position, count);
      let blockPeak = 0;
      for (let i = position; i < position + count; i++) {
        const magnitude = Math.abs(scratchLeft[i] as number) + Math.abs(scratchRight[i] as number);
        if (magnitude > blockPeak) blockPeak = magnitude;
      }
      peak = Math.max(peak, blockPeak);
      position += count;
      sinceEdge += count;
      if (
        released &&
        (renderer.activeVoiceCount === 0 || blockPeak < Math.max(SILENCE_LEVEL, peak * TAIL_FLOOR))
      )
        break;
    }
    // Leave the synthesizer silent for the next note even if the tail was cut.
    if (renderer.activeVoiceCount > 0)
      renderer.send({ sample: 0, kind: 'noteOff', channel: part.channel, data1: pitch, data2: 0 });
    // Release tails decay for seconds below hearing; cut them at about −90 dBFS to save mixing work.
    const floor = Math.max(SILENCE_LEVEL, peak * TAIL_FLOOR);
    let length = position;
    while (
      length > durationSamples &&
      Math.abs(scratchLeft[length - 1] as number) + Math.abs(scratchRight[length - 1] as number) < floor
    )
      length--;
    const note = { left: scratchLeft.slice(0, length), right: scratchRight.slice(0, length), usesLeft: 0 };
    scratchLeft.fill(0, 0, position);
    scratchRight.fill(0, 0, position);
    return note;
  };

  let nextNote = 0;
  let position = 0;
  const active: Copy[] = [];
  return {
    renderRange(left, right, offset, fromSample, sampleCount) {
      if (fromSample !== position) throw new Error(`part stream at ${position}, asked for ${fromSample}`);
      const endSample = fromSample + sampleCount;
      while (nextNote < notes.length && (notes[nextNote] as PlacedNote).startSample < endSample) {
        const note = notes[nextNote] as PlacedNote;
        const { key, velocity, durationSamples } = keys[nextNote] as ReturnType<typeof noteKey>;
        let cached = cache.get(key);
        if (!cached) {
          cached = synthesise(note.pitch, velocity, durationSamples);
          cached.usesLeft = usesByKey.get(key) ?? 1;
          cache.set(key, cached);
        }
        const chokeSample = chokes[nextNote] as number;
        const naturalEnd = note.startSample + cached.left.length;
        const endOfCopy = Math.min(totalSamples, naturalEnd, chokeSample + CHOKE_FADE_SAMPLES);
        active.push({ note, key, cached, endSample: endOfCopy, chokeSample });
        nextNote++;
      }
      for (let index = active.length - 1; index >= 0; index--) {
        const copy = active[index] as Copy;
        const from = Math.max(fromSample, copy.note.startSample);
        const to = Math.min(endSample, copy.endSample);
        const source = copy.cached;
        const sourceLeft = source.left;
        const sourceRight = source.right;
        const shift = copy.note.startSample;
        const choke = copy.chokeSample;
        const unchokedEnd = Math.min(to, choke);
        let target = offset + from - fromSample;
        let read = from - shift;
        for (let s = from; s < unchokedEnd; s++, target++, read++) {
          left[target] = (left[target] as number) + (sourceLeft[read] as number);
          right[target] = (right[target] as number) + (sourceRight[read] as number);
        }
        for (let s = Math.max(from, unchokedEnd); s < to; s++, target++, read++) {
          const gain = 1 - (s - choke) / CHOKE_FADE_SAMPLES;
          left[target] = (left[target] as number) + (sourceLeft[read] as number) * gain;
          right[target] = (right[target] as number) + (sourceRight[read] as number) * gain;
        }
        if (copy.endSample <= endSample) {
          active.splice(index, 1);
          if (--source.usesLeft === 0) cache.delete(copy.key);
        }
      }
      position = endSample;
    },
  };
}
