// One part played by the engine's own synthesiser: every note is rendered whole when rendering
// reaches it (identical notes once, then copied) and mixed range by range, so the output never
// depends on chunk boundaries and streams with the SoundFont parts.
import type { Composition, NoteEvent, Part, SynthPatchId } from '../../types.js';
import { createTickToSample, placeNotes } from '../schedule.js';
import { isBoomBapDrum, renderBoomBapHit } from './boom-bap-kit.js';
import { isSynthDrum, renderDrumHit } from './drum-machine.js';
import { type RenderedNote, render808Note, renderSubtractiveNote, SUBTRACTIVE_PATCHES } from './patches.js';

/** Adds a synth part into stereo buffers, range by range in order. */
export interface SynthPartStream {
  addRange(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    fromSample: number,
    sampleCount: number,
  ): void;
}

/** A note to play: where it starts, how long it is held, and how to render it (its cache key). */
interface ScheduledNote {
  startSample: number;
  velocity: number;
  key: string;
  render: () => RenderedNote;
}

/** Cached note samples per part; past it notes are rendered each time rather than kept. */
const CACHE_BUDGET_SAMPLES = 3_000_000;

/** The notes of a part a patch plays (the drum kits leave cymbals and percussion to the SoundFont kit). */
export function synthNotesOf(part: Part, patch: SynthPatchId): NoteEvent[] {
  if (patch === 'drum-machine') return part.notes.filter((note) => isSynthDrum(note.pitch));
  if (patch === 'boom-bap-kit') return part.notes.filter((note) => isBoomBapDrum(note.pitch));
  return part.notes;
}

/** A note's pitch-bend marks a planned slide into it (composition/bass.ts writes them on 808 lines). */
function slideStarts(part: Part): Set<number> {
  return new Set(
    part.controls
      .filter((control) => control.type === 'pitchBend' && control.value < 0)
      .map((control) => control.tick),
  );
}

function schedule(
  part: Part,
  patch: SynthPatchId,
  composition: Composition,
  sampleRate: number,
): ScheduledNote[] {
  if (patch === 'drum-machine' || patch === 'boom-bap-kit') {
    const toSample = createTickToSample(composition, sampleRate);
    const renderHit = patch === 'drum-machine' ? renderDrumHit : renderBoomBapHit;
    return synthNotesOf(part, patch).map((note) => ({
      startSample: toSample(note.startTick),
      velocity: note.velocity,
      key: `${note.pitch}`,
      render: () => {
        const hit = renderHit(note.pitch, sampleRate) as Float32Array;
        return { left: hit, right: hit };
      },
    }));
  }
  if (patch === '808') {
    // monophonic: each note holds until the next one starts, and a planned slide glides into it
    const toSample = createTickToSample(composition, sampleRate);
    const notes = [...part.notes].sort((a, b) => a.startTick - b.startTick || a.pitch - b.pitch);
    const slides = slideStarts(part);
    return notes.map((note, index) => {
      const startSample = toSample(note.startTick);
      const next = notes[index + 1];
      const end = toSample(note.startTick + note.durationTicks);
      const held = Math.max(1, Math.min(end, next ? toSample(next.startTick) : end) - startSample);
      const previous = notes[index - 1];
      const slideFrom =
        previous && slides.has(note.startTick) && previous.pitch !== note.pitch ? previous.pitch : undefined;
      return {
        startSample,
        velocity: note.velocity,
        key: `${note.pitch}:${held}:${slideFrom ?? ''}`,
        render: () => render808Note(note.pitch, held, sampleRate, slideFrom),
      };
    });
  }
  const shape = SUBTRACTIVE_PATCHES[patch];
  return placeNotes(part, composition, sampleRate).map((note) => {
    const held = Math.max(1, note.endSample - note.startSample);
    return {
      startSample: note.startSample,
      velocity: note.velocity,
      key: `${note.pitch}:${held}`,
      render: () => renderSubtractiveNote(shape, note.pitch, held, sampleRate),
    };
  });
}

/** Creates the synth stream for a part played by a patch. */
export function createSynthPartStream(
  part: Part,
  patch: SynthPatchId,
  composition: Composition,
  sampleRate: number,
): SynthPartStream {
  const notes = schedule(part, patch, composition, sampleRate).sort((a, b) => a.startSample - b.startSample);
  // CC7-like volume and a velocity curve between linear and the SoundFont's squared one
  const partGain = (Math.max(0, Math.min(127, part.volume)) / 127) ** 2;
  const pan = Math.max(-1, Math.min(1, part.pan));
  const panLeft = Math.cos(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
  const panRight = Math.sin(((pan + 1) * Math.PI) / 4) * Math.SQRT2;
  const cache = new Map<string, RenderedNote>();
  let cachedSamples = 0;
  const active: { note: RenderedNote; startSample: number; left: number; right: number }[] = [];
  let nextNote = 0;

  const rendered = (scheduled: ScheduledNote): RenderedNote => {
    const hit = cache.get(scheduled.key);
    if (hit) return hit;
    const note = scheduled.render();
    if (cachedSamples + note.left.length <= CACHE_BUDGET_SAMPLES) {
      cache.set(scheduled.key, note);
      cachedSamples += note.left.length;
    }
    return note;
  };

  return {
    addRange(left, right, offset, fromSample, sampleCount) {
      const endSample = fromSample + sampleCount;
      while (nextNote < notes.length && (notes[nextNote] as ScheduledNote).startSample < endSample) {
        const scheduled = notes[nextNote] as ScheduledNote;
        const gain = partGain * (scheduled.velocity / 127) ** 1.5;
        active.push({
          note: rendered(scheduled),
          startSample: scheduled.startSample,
          left: gain * panLeft,
          right: gain * panRight,
        });
        nextNote++;
      }
      for (let a = active.length - 1; a >= 0; a--) {
        const playing = active[a] as (typeof active)[number];
        const noteEnd = playing.startSample + playing.note.left.length;
        const from = Math.max(fromSample, playing.startSample);
        const to = Math.min(endSample, noteEnd);
        const noteLeft = playing.note.left;
        const noteRight = playing.note.right;
        for (let s = from; s < to; s++) {
          const at = offset + s - fromSample;
          const index = s - playing.startSample;
          left[at] = (left[at] as number) + (noteLeft[index] as number) * playing.left;
          right[at] = (right[at] as number) + (noteRight[index] as number) * playing.right;
        }
        if (noteEnd <= endSample) active.splice(a, 1);
      }
    },
  };
}
