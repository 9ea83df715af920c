// The prompts behind `npm run eval:words`: does what the prompt says in words (instruments, players,
// exclusions, energy) come out in the score and the audio? Each instrumentation prompt states the
// families a listener would expect to hear and not hear.
import type { FamilyExpectation } from './families.js';

export interface InstrumentationPrompt {
  prompt: string;
  expect: FamilyExpectation;
}

// biome-ignore format: one prompt per line reads as a table
export const INSTRUMENTATION_SET: InstrumentationPrompt[] = [
  // Named instruments and no genre: those instruments, no rhythm section.
  { prompt: 'calm piano', expect: { only: ['piano'] } },
  { prompt: 'flute and harp duet, peaceful', expect: { only: ['flute', 'harp'], players: 2 } },
  { prompt: 'church choir with pipe organ', expect: { only: ['choir', 'organ'] } },
  { prompt: 'minimal piano loop for a podcast intro', expect: { only: ['piano'] } },
  { prompt: 'gentle harp lullaby', expect: { only: ['harp'] } },
  { prompt: 'piano and cello, melancholic', expect: { only: ['piano', 'strings'] } },
  { prompt: 'piano and drums, energetic', expect: { only: ['piano', 'drums'] } },
  { prompt: 'chill guitar and bass', expect: { only: ['guitar', 'bass'] } },
  { prompt: 'marimba and flute, playful', expect: { only: ['mallets', 'flute'] } },
  { prompt: 'relaxing saxophone', expect: { present: ['sax'], absent: ['drums', 'bass'] } },
  { prompt: 'sad violin', expect: { present: ['strings'], absent: ['drums', 'bass'] } },
  { prompt: 'peaceful flute', expect: { present: ['flute'], absent: ['drums', 'bass'] } },
  { prompt: 'piano tranquilo', expect: { only: ['piano'] } },
  { prompt: 'piano calme', expect: { only: ['piano'] } },
  { prompt: 'ruhiges Klavier', expect: { only: ['piano'] } },
  // Solo, only, just, a cappella, named ensembles and player counts.
  { prompt: 'solo cello, sad', expect: { only: ['strings'] } },
  { prompt: 'just acoustic guitar', expect: { only: ['guitar'] } },
  { prompt: 'only piano and violin', expect: { only: ['piano', 'strings'] } },
  { prompt: 'solo trumpet', expect: { only: ['brass'] } },
  { prompt: 'trumpet solo', expect: { present: ['brass'], absent: ['drums', 'bass'] } },
  { prompt: 'romantic string quartet', expect: { only: ['strings'], players: 4 } },
  { prompt: 'a cappella choir', expect: { only: ['choir'] } },
  { prompt: 'guitar duet', expect: { only: ['guitar'], players: 2 } },
  { prompt: 'jazz trio', expect: { present: ['piano', 'bass', 'drums'], players: 3 } },
  { prompt: 'jazz quartet', expect: { present: ['drums', 'bass'], players: 4 } },
  // A named genre keeps its band, bent to what is named or excluded.
  { prompt: 'jazz with flute', expect: { present: ['flute', 'drums', 'bass'] } },
  { prompt: 'lofi beat with cello', expect: { present: ['strings', 'drums'] } },
  { prompt: 'house music with piano', expect: { present: ['piano', 'drums', 'bass'] } },
  { prompt: 'epic orchestral trailer with choir', expect: { present: ['choir'] } },
  { prompt: 'country song with banjo and fiddle', expect: { present: ['folk strings', 'strings'] } },
  { prompt: 'harpsichord minuet', expect: { present: ['harpsichord'], absent: ['drums'] } },
  { prompt: 'lofi hip hop with no drums', expect: { absent: ['drums'] } },
  { prompt: 'rock without guitar', expect: { absent: ['guitar'], present: ['drums'] } },
  { prompt: 'upbeat pop, no rhythm section', expect: { absent: ['drums', 'bass'] } },
  { prompt: 'ambient pads without piano', expect: { absent: ['piano'] } },
  { prompt: 'baroque minuet, no drums', expect: { absent: ['drums'] } },
  { prompt: 'baroque minuet', expect: { only: ['strings', 'harpsichord'] } },
  { prompt: 'elegant minuet for a period drama', expect: { present: ['harpsichord'], absent: ['drums'] } },
];

/** A prompt of the energy set: calm or energetic, at a stated tempo so pairs compare at one tempo. */
export interface EnergyPrompt {
  prompt: string;
  energy: 'calm' | 'energetic';
  bpm: number;
}

// biome-ignore format: one prompt per line reads as a table
export const ENERGY_SET: EnergyPrompt[] = [
  { prompt: 'calm minimal piano, 90 bpm', energy: 'calm', bpm: 90 },
  { prompt: 'gentle sparse lofi, 90 bpm', energy: 'calm', bpm: 90 },
  { prompt: 'energetic driving lofi with huge drums, 90 bpm', energy: 'energetic', bpm: 90 },
  { prompt: 'intense epic orchestral trailer, huge drums, 90 bpm', energy: 'energetic', bpm: 90 },
  { prompt: 'minimal piano loop for a podcast intro, 120 bpm', energy: 'calm', bpm: 120 },
  { prompt: 'calm minimal pop, 120 bpm', energy: 'calm', bpm: 120 },
  { prompt: 'epic orchestral trailer, huge drums, 120 bpm', energy: 'energetic', bpm: 120 },
  { prompt: 'energetic driving pop, 120 bpm', energy: 'energetic', bpm: 120 },
  { prompt: 'gentle sparse rock, 140 bpm', energy: 'calm', bpm: 140 },
  { prompt: 'intense driving rock with huge drums, 140 bpm', energy: 'energetic', bpm: 140 },
];

/** The pair, without a stated tempo: the trailer must be the busier of the two. */
export const UNTIMED_ENERGY_PAIR: [calm: string, energetic: string] = [
  'minimal piano loop for a podcast intro',
  'epic orchestral trailer, huge drums',
];
