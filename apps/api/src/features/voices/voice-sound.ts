// What a voice really sounds like when the engine performs it. A voice with an engine singer
// (voice-catalogue.ts `singer`) is `sung`: it sings lyrics in its languages, and vowels without
// them. Every other voice is a General MIDI sound from the sound bank playing the lead melody in
// the voice's range: vocal sounds (choir aahs, voice oohs, synth voice) sing vowels without
// words, the others are instruments; those sing in no language (languages: []).
export type VoiceVocal = 'sung' | 'wordless' | 'instrumental';

export const VOICE_VOCALS = ['sung', 'wordless', 'instrumental'] as const satisfies readonly VoiceVocal[];

/** What a sung voice is, for the catalogue's `timbre`. */
export const SUNG_TIMBRE = 'recorded speaking voice moved onto the notes';

/** The sound each General MIDI program the catalogue uses carries, by the bank's own preset names. */
const PROGRAM_SOUNDS: Record<number, { vocal: VoiceVocal; timbre: string }> = {
  40: { vocal: 'instrumental', timbre: 'violin' },
  52: { vocal: 'wordless', timbre: 'choir aahs' },
  53: { vocal: 'wordless', timbre: 'voice oohs' },
  54: { vocal: 'wordless', timbre: 'synth voice' },
  56: { vocal: 'instrumental', timbre: 'trumpet' },
  65: { vocal: 'instrumental', timbre: 'alto sax' },
  66: { vocal: 'instrumental', timbre: 'tenor sax' },
  73: { vocal: 'instrumental', timbre: 'flute' },
  80: { vocal: 'instrumental', timbre: 'square lead' },
  81: { vocal: 'instrumental', timbre: 'sawtooth lead' },
  85: { vocal: 'wordless', timbre: 'voice lead (synth)' },
  91: { vocal: 'wordless', timbre: 'choir pad' },
};

/** The sound of a program, or undefined for one the table does not know (the catalogue test keeps it complete). */
export function findVoiceSound(program: number): { vocal: VoiceVocal; timbre: string } | undefined {
  return PROGRAM_SOUNDS[program];
}
