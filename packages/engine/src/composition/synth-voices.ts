// Which parts the engine's own synthesiser plays. Genres that live on synthesis get drum-machine
// kits and analogue-style voices built from oscillators, filters and envelopes (rendering/synth/)
// in place of General MIDI patches, chosen by genre and GM program so an instrument the prompt
// named (a piano in a house track) keeps its sampled sound. Pads, stabs and basses of the dance
// genres duck under the kick.
import type { GenreId, InstrumentChoice, SynthPatchId, SynthVoice } from '../types.js';

/** Per genre: the patch for a melodic GM program, and the kit programs the drum machine replaces. */
interface GenreSynthesis {
  programs: Record<number, SynthVoice>;
  drumKits: number[];
  /** The kit that replaces them: the drum machine unless the genre has its own. */
  drumPatch?: SynthPatchId;
}

const DRUM_MACHINE: SynthVoice = { patch: 'drum-machine', duckDepth: 0 };

const SYNTHESIS: Partial<Record<GenreId, GenreSynthesis>> = {
  techno: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'acid-bass', duckDepth: 0.55 },
      39: { patch: 'acid-bass', duckDepth: 0.55 },
      81: { patch: 'saw-lead', duckDepth: 0.2 },
      90: { patch: 'poly-stab', duckDepth: 0.4 },
      89: { patch: 'supersaw-pad', duckDepth: 0.65 },
      95: { patch: 'supersaw-pad', duckDepth: 0.65 },
    },
  },
  house: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'pluck-bass', duckDepth: 0.45 },
      39: { patch: 'pluck-bass', duckDepth: 0.45 },
      81: { patch: 'saw-lead', duckDepth: 0.2 },
      90: { patch: 'poly-stab', duckDepth: 0.35 },
      89: { patch: 'supersaw-pad', duckDepth: 0.6 },
      95: { patch: 'supersaw-pad', duckDepth: 0.6 },
    },
  },
  synthwave: {
    drumKits: [24, 25],
    programs: {
      38: { patch: 'saw-bass', duckDepth: 0.25 },
      39: { patch: 'saw-bass', duckDepth: 0.25 },
      81: { patch: 'saw-lead', duckDepth: 0 },
      90: { patch: 'poly-stab', duckDepth: 0.2 },
      50: { patch: 'supersaw-pad', duckDepth: 0.3 },
      89: { patch: 'supersaw-pad', duckDepth: 0.3 },
    },
  },
  // Lo-fi's room and standard kits become the boom-bap kit (kick, snare, rim, hats): sampled-break
  // drums, saturated and rolled off, with the kick and snare in front. Its keys and guitars stay sampled.
  lofi: {
    drumKits: [0, 8],
    drumPatch: 'boom-bap-kit',
    programs: {},
  },
  // Trap keeps its sampled TR-808 kit, bells and choir; its bass becomes the sliding 808 sub.
  trap: {
    drumKits: [],
    programs: {
      38: { patch: '808', duckDepth: 0 },
      39: { patch: '808', duckDepth: 0 },
    },
  },
};

/** The synth voice for an instrument of a genre, or undefined when the SoundFont plays it. */
export function synthVoiceFor(genre: GenreId, instrument: InstrumentChoice): SynthVoice | undefined {
  const synthesis = SYNTHESIS[genre];
  if (!synthesis) return undefined;
  if (instrument.isDrums) {
    return instrument.role === 'drums' && synthesis.drumKits.includes(instrument.program)
      ? { ...DRUM_MACHINE, patch: synthesis.drumPatch ?? DRUM_MACHINE.patch }
      : undefined;
  }
  const voice = synthesis.programs[instrument.program];
  // the 808 is a bass voice: a low GM synth part of another role keeps its program
  if (voice?.patch === '808' && instrument.role !== 'bass') return undefined;
  return voice ? { ...voice } : undefined;
}
