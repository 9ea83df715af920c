// The shipped singers: recorded voices through Flite (CMU ARCTIC's slt and rms, CMU's kal16
// diphones) moved onto the notes, each with a range near where that voice is comfortable, its own
// vocal-tract scale, breath and vibrato; and one plainly synthetic formant voice. Ranges stay near
// each voice's speaking pitch on purpose: pushed an octave or more above it, a spoken voice turns
// thin and loses its words.
import type { SingerSpec } from './vocal-types.js';

export const SINGERS: readonly SingerSpec[] = [
  {
    id: 'soprano',
    model: 'flite-slt',
    description: 'Bright, high female voice (from the CMU ARCTIC "slt" US English speaker)',
    languages: ['en'],
    formantShift: 1.04,
    breathiness: 0.3,
    vibratoDepthCents: 30,
    vibratoRateHz: 5.8,
    rangeMidi: [60, 76], // C4–E5
  },
  {
    id: 'alto',
    model: 'flite-slt',
    description: 'Warm, low female voice (the "slt" speaker with a longer vocal tract)',
    languages: ['en'],
    formantShift: 0.94,
    breathiness: 0.4,
    vibratoDepthCents: 25,
    vibratoRateHz: 5.3,
    rangeMidi: [53, 70], // F3–A#4
  },
  {
    id: 'tenor',
    model: 'flite-rms',
    description: 'Clear, high male voice (from the CMU ARCTIC "rms" US English speaker)',
    languages: ['en'],
    formantShift: 1.03,
    breathiness: 0.2,
    vibratoDepthCents: 28,
    vibratoRateHz: 5.6,
    rangeMidi: [48, 65], // C3–F4
  },
  {
    id: 'baritone',
    model: 'flite-kal16',
    description:
      'Dark, low male voice (from CMU\'s "kal16" US English diphone voice, with a longer vocal tract)',
    languages: ['en'],
    formantShift: 0.92,
    breathiness: 0.15,
    vibratoDepthCents: 22,
    vibratoRateHz: 5.0,
    rangeMidi: [41, 60], // F2–C4
  },
  {
    id: 'synth',
    model: 'formant',
    description: 'A synthetic, vocoder-like formant voice: pitch-perfect, words only partly clear',
    languages: ['en'],
    formantShift: 1.1,
    breathiness: 0.25,
    vibratoDepthCents: 20,
    vibratoRateHz: 5.5,
    rangeMidi: [48, 76], // C3–E5
  },
];
