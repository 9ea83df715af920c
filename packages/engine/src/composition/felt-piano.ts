// A quiet piece for piano alone is played on a felt piano: the sound of a podcast intro or a study
// loop is an upright with a felt strip between hammers and strings (muffled, close, no bright
// attack), not a concert grand. The GM bank has no felt piano, so the grand is darkened in rendering
// (Part.brightness → rendering/tone-tilt.ts).
import type { Brief, InstrumentChoice } from '../types.js';

/** Brightness of a felt piano: highs at under half their level above ~1.2 kHz. */
export const FELT_PIANO_BRIGHTNESS = 0.1;
/** Above this energy a piano alone is played out, on the open grand. */
const FELT_MAX_ENERGY = 0.5;

const isAcousticPiano = (instrument: InstrumentChoice): boolean =>
  !instrument.isDrums && instrument.program >= 0 && instrument.program <= 1;

/** True when every part is an acoustic piano and the brief is calm: no drums, no bass, nothing else. */
export function playsFeltPiano(brief: Brief): boolean {
  return (
    brief.arousal < FELT_MAX_ENERGY &&
    brief.instruments.length > 0 &&
    brief.instruments.every(isAcousticPiano)
  );
}
