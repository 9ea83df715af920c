// The vocal evaluation's lyric cases: every singer, slow and fast songs, rap, melismas, long final
// notes. Lines are written for this evaluation.
import type { VocalDelivery } from '../../src/vocals/sing.js';

export interface VocalCase {
  id: string;
  singer: string;
  delivery: VocalDelivery;
  bpm: number;
  line: string;
  /** Hold the last syllable over extra notes (a melisma). */
  melisma?: boolean;
}

export const VOCAL_CASES: readonly VocalCase[] = [
  {
    id: 'ballad-soprano',
    singer: 'soprano',
    delivery: 'sung',
    bpm: 68,
    line: 'Hold me close until the morning comes',
  },
  {
    id: 'pop-soprano',
    singer: 'soprano',
    delivery: 'sung',
    bpm: 118,
    line: 'We are dancing in the summer light',
  },
  {
    id: 'fast-soprano',
    singer: 'soprano',
    delivery: 'sung',
    bpm: 150,
    line: 'Running faster than the city can keep up',
  },
  { id: 'melisma-soprano', singer: 'soprano', delivery: 'sung', bpm: 90, line: 'Oh my love', melisma: true },
  { id: 'folk-alto', singer: 'alto', delivery: 'sung', bpm: 84, line: 'The river knows the way back home' },
  { id: 'soul-alto', singer: 'alto', delivery: 'sung', bpm: 72, line: 'I never meant to let you go' },
  { id: 'indie-alto', singer: 'alto', delivery: 'sung', bpm: 124, line: 'Paper hearts and silver rain' },
  {
    id: 'fast-alto',
    singer: 'alto',
    delivery: 'sung',
    bpm: 160,
    line: 'Tell me something that I do not know',
  },
  {
    id: 'melisma-alto',
    singer: 'alto',
    delivery: 'sung',
    bpm: 80,
    line: 'Stay with me tonight',
    melisma: true,
  },
  {
    id: 'rock-tenor',
    singer: 'tenor',
    delivery: 'sung',
    bpm: 132,
    line: 'Turn it up and let the engine roar',
  },
  {
    id: 'ballad-tenor',
    singer: 'tenor',
    delivery: 'sung',
    bpm: 66,
    line: 'Every star is shining just for you',
  },
  { id: 'country-tenor', singer: 'tenor', delivery: 'sung', bpm: 100, line: 'Down the dusty road we ride' },
  {
    id: 'fast-tenor',
    singer: 'tenor',
    delivery: 'sung',
    bpm: 170,
    line: 'Nothing ever stops us when we move together',
  },
  {
    id: 'blues-baritone',
    singer: 'baritone',
    delivery: 'sung',
    bpm: 76,
    line: 'My baby left me on a Monday',
  },
  { id: 'crooner-baritone', singer: 'baritone', delivery: 'sung', bpm: 92, line: 'Fly me over to the moon' },
  {
    id: 'anthem-baritone',
    singer: 'baritone',
    delivery: 'sung',
    bpm: 120,
    line: 'Stand together we will never fall',
  },
  {
    id: 'melisma-baritone',
    singer: 'baritone',
    delivery: 'sung',
    bpm: 70,
    line: 'Amazing grace',
    melisma: true,
  },
  {
    id: 'rap-baritone',
    singer: 'baritone',
    delivery: 'rap',
    bpm: 92,
    line: 'Money on my mind and the city never sleeps',
  },
  {
    id: 'trap-tenor',
    singer: 'tenor',
    delivery: 'rap',
    bpm: 140,
    line: 'Pull up to the party with the lights on',
  },
  {
    id: 'rap-alto',
    singer: 'alto',
    delivery: 'rap',
    bpm: 96,
    line: 'I been working every day to get it right',
  },
  {
    id: 'rap-soprano',
    singer: 'soprano',
    delivery: 'rap',
    bpm: 88,
    line: 'Keep it moving never looking back again',
  },
  {
    id: 'electro-synth',
    singer: 'synth',
    delivery: 'sung',
    bpm: 120,
    line: 'We are the machines that learned to sing',
  },
];
