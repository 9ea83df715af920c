// Which parts the engine's own synthesiser plays. Genres that live on synthesis get drum-machine
// kits and analogue-style voices built from oscillators, filters and envelopes (rendering/synth/)
// in place of General MIDI patches, chosen by genre (its record's `synthesis`, genres/) and GM program so an instrument the prompt
// named (a piano in a house track) keeps its sampled sound. Pads, stabs and basses of the dance
// genres duck under the kick.
import { GENRE_RECORDS } from '../genres/index.js';
import type { GenreId, InstrumentChoice, SynthVoice } from '../types.js';

const DRUM_MACHINE: SynthVoice = { patch: 'drum-machine', duckDepth: 0 };

/** The synth voice for an instrument of a genre, or undefined when the SoundFont plays it. */
export function synthVoiceFor(genre: GenreId, instrument: InstrumentChoice): SynthVoice | undefined {
  const synthesis = GENRE_RECORDS[genre]?.synthesis;
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
