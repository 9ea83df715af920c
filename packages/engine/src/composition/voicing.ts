// Close voicings that move each voice by the smallest step to the next chord, kept above C3 so
// the chords never muddy the bass (MUSIC.md "Bass and harmony").
import type { ChordQuality } from '../music/theory.js';

const LOWEST_CHORD_PITCH = 50;
const HIGHEST_CHORD_PITCH = 79;
const CENTRE_PITCH = 63;

function upperStructure(pcs: readonly number[]): number[] {
  // Five- and six-note chords lose the fifth, then the root: the bass already plays it.
  let tones = [...pcs];
  if (tones.length > 4) tones = tones.filter((pc, i) => !(i === 2 && (pc - tones[0]! + 12) % 12 === 7));
  if (tones.length > 4) tones = tones.slice(1);
  return tones.slice(0, 4);
}

function movementCost(candidate: readonly number[], previous: readonly number[]): number {
  let cost = 0;
  for (const pitch of candidate) cost += Math.min(...previous.map((p) => Math.abs(p - pitch)));
  for (const pitch of previous) cost += Math.min(...candidate.map((p) => Math.abs(p - pitch)));
  return cost;
}

/** Voices a chord (pitch classes, root first) close to the previous voicing. */
export function voiceChord(
  pcs: readonly number[],
  quality: ChordQuality,
  previous: number[] | null,
): number[] {
  if (quality === 'power') {
    const root = 40 + (((((pcs[0] ?? 0) - 40) % 12) + 12) % 12);
    return [root, root + 7, root + 12];
  }
  const root = pcs[0] ?? 0;
  // Close position: tones in ascending order within one octave, whatever the chord spelling order.
  const tones = upperStructure(pcs).sort((a, b) => ((a - root + 12) % 12) - ((b - root + 12) % 12));
  let best: number[] = [];
  let bestCost = Number.POSITIVE_INFINITY;
  for (let rotation = 0; rotation < tones.length; rotation++) {
    const ordered = [...tones.slice(rotation), ...tones.slice(0, rotation)];
    for (let low = LOWEST_CHORD_PITCH; low < LOWEST_CHORD_PITCH + 14; low++) {
      if ((((low - ordered[0]!) % 12) + 12) % 12 !== 0) continue;
      const voicing: number[] = [low];
      for (const pc of ordered.slice(1)) {
        const last = voicing[voicing.length - 1]!;
        voicing.push(last + ((((pc - last) % 12) + 12) % 12 || 12));
      }
      if (voicing[voicing.length - 1]! > HIGHEST_CHORD_PITCH) continue;
      const mean = voicing.reduce((a, b) => a + b, 0) / voicing.length;
      const cost = (previous ? movementCost(voicing, previous) : 0) + 0.6 * Math.abs(mean - CENTRE_PITCH);
      if (cost < bestCost) {
        bestCost = cost;
        best = voicing;
      }
    }
  }
  return best;
}
