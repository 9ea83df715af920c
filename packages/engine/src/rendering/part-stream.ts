// Plays a part's sorted events through a Renderer as a pull loop: each render call stops exactly at
// the next event's sample, so notes and controllers land sample-accurately inside blocks.
import type { Renderer } from './renderer.js';
import type { SynthEvent } from './synth-event.js';

/** Renders consecutive sample ranges of one event list; ranges must be requested in order. */
export interface PartStream {
  /** Adds samples [fromSample, fromSample + sampleCount) into left/right at offset. */
  renderRange(
    left: Float32Array,
    right: Float32Array,
    offset: number,
    fromSample: number,
    sampleCount: number,
  ): void;
}

/** Creates a stream over events already sorted by sample. */
export function createPartStream(renderer: Renderer, events: readonly SynthEvent[]): PartStream {
  let cursor = 0;
  let position = 0;
  return {
    renderRange(left, right, offset, fromSample, sampleCount) {
      if (fromSample !== position) throw new Error(`part stream at ${position}, asked for ${fromSample}`);
      const endSample = fromSample + sampleCount;
      while (position < endSample) {
        while (cursor < events.length && (events[cursor] as SynthEvent).sample <= position) {
          renderer.send(events[cursor] as SynthEvent);
          cursor++;
        }
        const nextEventSample = cursor < events.length ? (events[cursor] as SynthEvent).sample : endSample;
        const stop = Math.min(endSample, nextEventSample, position + renderer.maxBlockSamples);
        renderer.render(left, right, offset + (position - fromSample), stop - position);
        position = stop;
      }
    },
  };
}
