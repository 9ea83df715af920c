// What each ARPAbet phoneme sounds like to the formant voice: vowel formant targets (an adult male
// vocal tract, after Peterson & Barney 1952 and Hillenbrand et al. 1995; a singer scales them),
// and for consonants their manner, natural length and noise colour. Numbers, not recordings.

export type ConsonantManner = 'stop' | 'fricative' | 'affricate' | 'nasal' | 'liquid' | 'glide' | 'aspirate';

export interface VowelAcoustics {
  kind: 'vowel';
  /** F1–F3 at the start of the vowel (Hz, male tract). */
  formantsHz: readonly [number, number, number];
  /** For diphthongs: F1–F3 the vowel moves to over its last part. */
  glideToHz?: readonly [number, number, number];
}

export interface ConsonantAcoustics {
  kind: 'consonant';
  manner: ConsonantManner;
  voiced: boolean;
  /** Length when there is time for it (seconds); squeezed when notes are fast. */
  naturalSeconds: number;
  /** Formants while the consonant sounds (nasals, liquids, glides); others take the next vowel's. */
  formantsHz?: readonly [number, number, number];
  /** Frication or burst noise band: centre and width (Hz), and its level against a vowel. */
  noiseCentreHz?: number;
  noiseWidthHz?: number;
  noiseLevel?: number;
}

export type PhonemeAcoustics = VowelAcoustics | ConsonantAcoustics;

const vowel = (formantsHz: [number, number, number], glideToHz?: [number, number, number]): VowelAcoustics =>
  glideToHz ? { kind: 'vowel', formantsHz, glideToHz } : { kind: 'vowel', formantsHz };

const PHONEMES: Readonly<Record<string, PhonemeAcoustics>> = {
  IY: vowel([280, 2250, 2950]),
  IH: vowel([400, 1950, 2550]),
  EH: vowel([550, 1800, 2500]),
  AE: vowel([680, 1700, 2420]),
  AA: vowel([740, 1100, 2450]),
  AO: vowel([580, 880, 2420]),
  UH: vowel([450, 1050, 2250]),
  UW: vowel([310, 900, 2250]),
  AH: vowel([630, 1200, 2400]),
  ER: vowel([490, 1380, 1700]),
  AY: vowel([740, 1150, 2450], [400, 1950, 2550]),
  EY: vowel([520, 1850, 2500], [330, 2150, 2800]),
  OW: vowel([560, 950, 2400], [380, 850, 2300]),
  AW: vowel([740, 1150, 2450], [430, 950, 2250]),
  OY: vowel([560, 880, 2420], [400, 1950, 2550]),
  P: {
    kind: 'consonant',
    manner: 'stop',
    voiced: false,
    naturalSeconds: 0.09,
    noiseCentreHz: 900,
    noiseWidthHz: 1600,
    noiseLevel: 0.35,
  },
  B: {
    kind: 'consonant',
    manner: 'stop',
    voiced: true,
    naturalSeconds: 0.07,
    noiseCentreHz: 900,
    noiseWidthHz: 1600,
    noiseLevel: 0.25,
  },
  T: {
    kind: 'consonant',
    manner: 'stop',
    voiced: false,
    naturalSeconds: 0.09,
    noiseCentreHz: 4500,
    noiseWidthHz: 3000,
    noiseLevel: 0.45,
  },
  D: {
    kind: 'consonant',
    manner: 'stop',
    voiced: true,
    naturalSeconds: 0.07,
    noiseCentreHz: 4000,
    noiseWidthHz: 3000,
    noiseLevel: 0.3,
  },
  K: {
    kind: 'consonant',
    manner: 'stop',
    voiced: false,
    naturalSeconds: 0.1,
    noiseCentreHz: 2200,
    noiseWidthHz: 1500,
    noiseLevel: 0.45,
  },
  G: {
    kind: 'consonant',
    manner: 'stop',
    voiced: true,
    naturalSeconds: 0.075,
    noiseCentreHz: 2200,
    noiseWidthHz: 1500,
    noiseLevel: 0.3,
  },
  CH: {
    kind: 'consonant',
    manner: 'affricate',
    voiced: false,
    naturalSeconds: 0.12,
    noiseCentreHz: 3200,
    noiseWidthHz: 2000,
    noiseLevel: 0.45,
  },
  JH: {
    kind: 'consonant',
    manner: 'affricate',
    voiced: true,
    naturalSeconds: 0.1,
    noiseCentreHz: 3000,
    noiseWidthHz: 2000,
    noiseLevel: 0.3,
  },
  S: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: false,
    naturalSeconds: 0.11,
    noiseCentreHz: 6500,
    noiseWidthHz: 2500,
    noiseLevel: 0.35,
  },
  Z: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: true,
    naturalSeconds: 0.08,
    noiseCentreHz: 6000,
    noiseWidthHz: 2500,
    noiseLevel: 0.2,
  },
  SH: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: false,
    naturalSeconds: 0.11,
    noiseCentreHz: 3200,
    noiseWidthHz: 1800,
    noiseLevel: 0.4,
  },
  ZH: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: true,
    naturalSeconds: 0.08,
    noiseCentreHz: 3000,
    noiseWidthHz: 1800,
    noiseLevel: 0.22,
  },
  F: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: false,
    naturalSeconds: 0.09,
    noiseCentreHz: 6000,
    noiseWidthHz: 6000,
    noiseLevel: 0.16,
  },
  V: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: true,
    naturalSeconds: 0.065,
    noiseCentreHz: 5000,
    noiseWidthHz: 5000,
    noiseLevel: 0.08,
  },
  TH: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: false,
    naturalSeconds: 0.09,
    noiseCentreHz: 6500,
    noiseWidthHz: 5000,
    noiseLevel: 0.12,
  },
  DH: {
    kind: 'consonant',
    manner: 'fricative',
    voiced: true,
    naturalSeconds: 0.055,
    noiseCentreHz: 5500,
    noiseWidthHz: 5000,
    noiseLevel: 0.06,
  },
  HH: { kind: 'consonant', manner: 'aspirate', voiced: false, naturalSeconds: 0.07, noiseLevel: 0.3 },
  M: {
    kind: 'consonant',
    manner: 'nasal',
    voiced: true,
    naturalSeconds: 0.07,
    formantsHz: [260, 1000, 2200],
  },
  N: {
    kind: 'consonant',
    manner: 'nasal',
    voiced: true,
    naturalSeconds: 0.065,
    formantsHz: [260, 1500, 2500],
  },
  NG: {
    kind: 'consonant',
    manner: 'nasal',
    voiced: true,
    naturalSeconds: 0.07,
    formantsHz: [260, 2000, 2700],
  },
  L: {
    kind: 'consonant',
    manner: 'liquid',
    voiced: true,
    naturalSeconds: 0.06,
    formantsHz: [360, 1050, 2700],
  },
  R: {
    kind: 'consonant',
    manner: 'liquid',
    voiced: true,
    naturalSeconds: 0.06,
    formantsHz: [340, 1150, 1550],
  },
  W: {
    kind: 'consonant',
    manner: 'glide',
    voiced: true,
    naturalSeconds: 0.055,
    formantsHz: [300, 700, 2200],
  },
  Y: {
    kind: 'consonant',
    manner: 'glide',
    voiced: true,
    naturalSeconds: 0.055,
    formantsHz: [270, 2200, 3000],
  },
};

/** The acoustics of an ARPAbet phoneme; unknown symbols sing as the neutral vowel AH. */
export function getPhonemeAcoustics(phoneme: string): PhonemeAcoustics {
  return PHONEMES[phoneme] ?? PHONEMES.AH!;
}

/** Nasals, liquids and glides (m, n, ng, l, r, w, y): voiced consonants that carry the pitch. */
export function isSonorant(phoneme: string): boolean {
  const acoustics = getPhonemeAcoustics(phoneme);
  return (
    acoustics.kind === 'consonant' &&
    (acoustics.manner === 'nasal' || acoustics.manner === 'liquid' || acoustics.manner === 'glide')
  );
}

/** Consonants with no voice (p, t, k, ch, s, sh, f, th, h). */
export function isVoiceless(phoneme: string): boolean {
  const acoustics = getPhonemeAcoustics(phoneme);
  return acoustics.kind === 'consonant' && !acoustics.voiced;
}

/** Stops with no voice (p, t, k): a silence, then a burst and breath before the next sound. */
export function isVoicelessStop(phoneme: string): boolean {
  const acoustics = getPhonemeAcoustics(phoneme);
  return acoustics.kind === 'consonant' && acoustics.manner === 'stop' && !acoustics.voiced;
}
