// The singing voice: pronunciation (text → syllables) and synthesis (notes with syllables → PCM).

export { centsBetween, midiToHz, type PitchTrack, trackPitch } from './pitch-track.js';
export {
  ARPABET_VOWELS,
  guessPronunciation,
  isVowelPhoneme,
  pronounceWord,
  type Syllable,
  syllabify,
  syllabifyLine,
} from './pronounce.js';
export {
  getSinger,
  SINGERS,
  type SingerSpec,
  type SingPhrasesInput,
  singPhrases,
  type VocalDelivery,
  type VocalNote,
  type VocalPhrase,
} from './sing.js';
