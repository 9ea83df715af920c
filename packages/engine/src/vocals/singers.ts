// The shipped singers: four voices of the formant model that differ where real voices differ —
// vocal-tract length (formant scale), range, breath and vibrato. No recordings: nothing to license.
import type { SingerSpec } from './sing.js';

export const SINGERS: readonly SingerSpec[] = [
  {
    id: 'soprano',
    model: 'formant',
    formantShift: 1.2,
    breathiness: 0.3,
    vibratoDepthCents: 30,
    vibratoRateHz: 5.8,
    rangeMidi: [60, 81], // C4–A5
  },
  {
    id: 'alto',
    model: 'formant',
    formantShift: 1.14,
    breathiness: 0.4,
    vibratoDepthCents: 25,
    vibratoRateHz: 5.3,
    rangeMidi: [53, 74], // F3–D5
  },
  {
    id: 'tenor',
    model: 'formant',
    formantShift: 1.03,
    breathiness: 0.2,
    vibratoDepthCents: 28,
    vibratoRateHz: 5.6,
    rangeMidi: [48, 69], // C3–A4
  },
  {
    id: 'baritone',
    model: 'formant',
    formantShift: 0.94,
    breathiness: 0.15,
    vibratoDepthCents: 22,
    vibratoRateHz: 5.0,
    rangeMidi: [41, 64], // F2–E4
  },
];
