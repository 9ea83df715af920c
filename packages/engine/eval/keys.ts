// Pitch-class arithmetic for judging keys: enharmonic spelling never matters, and modes fold onto
// the major/minor pair an audio key estimator can report.

const LETTER_PITCH: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** Pitch class 0–11 of a name like "F#", "Bb", "c", "Eb"; NaN when unreadable. */
export function pitchClassOf(name: string): number {
  const match = /^([A-Ga-g])([#♯b♭]*)$/.exec(name.trim());
  if (!match) return Number.NaN;
  let pitch = LETTER_PITCH[(match[1] as string).toUpperCase()] as number;
  for (const accidental of match[2] as string) pitch += accidental === '#' || accidental === '♯' ? 1 : -1;
  return ((pitch % 12) + 12) % 12;
}

/** The major/minor family a mode sounds like: its third decides. */
export function modeFamily(mode: string): 'major' | 'minor' {
  return mode === 'minor' || mode === 'dorian' || mode === 'phrygian' || mode === 'aeolian'
    ? 'minor'
    : 'major';
}

export type KeyVerdict = 'right' | 'relative' | 'wrong';

/** Judges a detected key against the asked one: same tonic and family, the relative key, or wrong. */
export function judgeKey(
  asked: { tonic: string; mode: string },
  detected: { tonic: string; mode: string },
): KeyVerdict {
  const askedPitch = pitchClassOf(asked.tonic);
  const detectedPitch = pitchClassOf(detected.tonic);
  const askedFamily = modeFamily(asked.mode);
  const detectedFamily = modeFamily(detected.mode);
  if (askedPitch === detectedPitch && askedFamily === detectedFamily) return 'right';
  // Relative keys share a scale: the minor tonic sits three semitones below the major one.
  const relativePitch = askedFamily === 'minor' ? (askedPitch + 3) % 12 : (askedPitch + 9) % 12;
  if (askedFamily !== detectedFamily && detectedPitch === relativePitch) return 'relative';
  return 'wrong';
}

/** True when two keys are the same tonic (enharmonically) and the same mode. */
export function sameKey(a: { tonic: string; mode: string }, b: { tonic: string; mode: string }): boolean {
  return pitchClassOf(a.tonic) === pitchClassOf(b.tonic) && a.mode === b.mode;
}
