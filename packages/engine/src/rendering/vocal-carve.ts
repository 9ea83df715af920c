// Room for the words: while the vocal sings, the band's pitched parts (chords, pads, guitars, keys,
// the other leads — not the drums or the bass) dip a few dB and are cut deeper around 2 kHz, the
// 1–4 kHz band where the consonants and the vowels' upper formants live, and come back between
// phrases. A mix engineer does this with a sidechained dynamic EQ keyed on the vocal; here the key
// is the score's vocal notes, not the rendered voice, so the cut is a pure function of the sample
// and the score: each part still renders alone, in any thread, and its stem carries the cut the mix
// has. A speech recogniser lost far fewer words of the full mix with it (median WER 61 → 49 % on
// the lyrics eval's mix cases, eval/RESULTS.md); the vocal already sat 9–11 dB over the band.
//
// The cut is gain(t) × (x − depth(t) × bandpass(x)): with the RBJ constant-peak band-pass,
// 1 − bandpass is the matching notch, so at full depth d the centre is at (1 − d), and the dip
// (gain) lowers the whole part under it.
// The band-pass runs only inside a span (from its ramp's first sample, from zero state): outside,
// depth is 0 and the part's samples pass exactly as they were.
import type { Composition, Part } from '../types.js';
import type { PartEffect } from './part-effect.js';
import { createTickToSample } from './schedule.js';

/** Centre of the cut: the middle (in octaves) of 1–4 kHz. */
const CARVE_CENTRE_HZ = 2000;
/** Wide: with the depth below, −8 dB at 2 kHz and about −2 dB at 1 and 4 kHz (before the dip). */
const CARVE_Q = 0.7;
/** Depth at the centre while the vocal sings: 1 − 0.6 is −8 dB. */
const CARVE_DEPTH = 0.6;
/** The whole part's level while the vocal sings: 0.5 is −6 dB. */
const DIP_GAIN = 0.5;
/** The cut is fully in this long before a note: the consonants are sung before the beat. */
const ATTACK_SECONDS = 0.1;
/** And gone this long after the phrase's last note ends. */
const RELEASE_SECONDS = 0.25;
/** Notes closer than this stay one span: the band does not swell back between words. */
const BRIDGE_SECONDS = 0.6;

/** Whether a part makes room for the vocal: pitched parts that share its range, not drums or bass. */
function carvesUnderVocal(part: Part): boolean {
  return !part.isDrums && part.vocal === undefined && part.role !== 'bass' && part.role !== 'drums';
}

/** [start, end) sample spans where the vocal sings, ramps excluded, merged across short gaps. */
function vocalSpans(composition: Composition, sampleRate: number): [number, number][] {
  const toSample = createTickToSample(composition, sampleRate);
  const notes = composition.parts
    .filter((part) => part.vocal !== undefined)
    .flatMap((part) =>
      part.notes.map((note): [number, number] => [
        toSample(note.startTick),
        toSample(note.startTick + note.durationTicks),
      ]),
    )
    .sort((a, b) => a[0] - b[0]);
  // two spans whose ramps would meet are one span
  const bridge = Math.round((BRIDGE_SECONDS + ATTACK_SECONDS + RELEASE_SECONDS) * sampleRate);
  const spans: [number, number][] = [];
  for (const [start, end] of notes) {
    const last = spans.at(-1);
    if (last && start - last[1] < bridge) last[1] = Math.max(last[1], end);
    else spans.push([start, end]);
  }
  return spans;
}

/** The part's cut under the composition's vocal; undefined when it has none or the part keeps its sound. */
export function createVocalCarve(
  composition: Composition,
  part: Part,
  sampleRate: number,
): PartEffect | undefined {
  if (!carvesUnderVocal(part)) return undefined;
  const attackSamples = Math.round(ATTACK_SECONDS * sampleRate);
  const releaseSamples = Math.round(RELEASE_SECONDS * sampleRate);
  // each span with its ramps: [from, fullFrom, fullTo, to)
  const spans = vocalSpans(composition, sampleRate).map(([start, end]) => [
    Math.max(0, start - attackSamples),
    start,
    end,
    end + releaseSamples,
  ]) as [number, number, number, number][];
  if (spans.length === 0) return undefined;

  const w = (2 * Math.PI * CARVE_CENTRE_HZ) / sampleRate;
  const alpha = Math.sin(w) / (2 * CARVE_Q);
  const a0 = 1 + alpha;
  // RBJ band-pass, constant 0 dB peak: b1 = 0, b2 = −b0
  const b0 = alpha / a0;
  const a1 = (-2 * Math.cos(w)) / a0;
  const a2 = (1 - alpha) / a0;

  /** Index of the first span whose ramp ends after the sample. */
  const spanFrom = (sample: number): number => {
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (spans[middle]![3] <= sample) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  // the band-pass's state (left x1 x2 y1 y2, then right), and the span it belongs to: entering
  // another span starts it from zero. `process` works on copies in locals (a hot loop reads stack
  // locals far faster than closed-over variables) and writes them back.
  const state = new Float64Array(8);
  let stateSpan = -1;
  return {
    process(left, right, offset, fromSample, sampleCount) {
      const endSample = fromSample + sampleCount;
      let lx1 = state[0]!;
      let lx2 = state[1]!;
      let ly1 = state[2]!;
      let ly2 = state[3]!;
      let rx1 = state[4]!;
      let rx2 = state[5]!;
      let ry1 = state[6]!;
      let ry2 = state[7]!;
      for (let index = spanFrom(fromSample); index < spans.length; index++) {
        const span = spans[index]!;
        const [from, fullFrom, fullTo, to] = span;
        if (from >= endSample) break;
        if (stateSpan !== index) {
          stateSpan = index;
          lx1 = lx2 = ly1 = ly2 = rx1 = rx2 = ry1 = ry2 = 0;
        }
        const first = Math.max(from, fromSample);
        const last = Math.min(to, endSample);
        // hot loop: the span's numbers, the filter's coefficients and its state in locals; the
        // ramps and the full cut in their own loops, so the one that runs longest does no ramp arithmetic
        const attack = fullFrom - from;
        const release = to - fullTo;
        const bp0 = b0;
        const bpA1 = a1;
        const bpA2 = a2;
        const fullDepth = CARVE_DEPTH;
        const dip = 1 - DIP_GAIN;
        const base = offset - fromSample;
        for (let stage = 0; stage < 3; stage++) {
          // the attack [from, fullFrom), the full cut [fullFrom, fullTo), the release [fullTo, to)
          const stageTo = Math.min(last, span[stage + 1]!);
          for (let sample = Math.max(first, span[stage]!); sample < stageTo; sample++) {
            const i = base + sample;
            // how far in: linear over the attack, 1 while the vocal sings, linear over the release
            const amount = stage === 1 ? 1 : stage === 0 ? (sample - from) / attack : (to - sample) / release;
            const depth = fullDepth * amount;
            const gain = 1 - dip * amount;
            const l = left[i]!;
            const lb = bp0 * (l - lx2) - bpA1 * ly1 - bpA2 * ly2;
            lx2 = lx1;
            lx1 = l;
            ly2 = ly1;
            ly1 = lb;
            left[i] = gain * (l - depth * lb);
            const r = right[i]!;
            const rb = bp0 * (r - rx2) - bpA1 * ry1 - bpA2 * ry2;
            rx2 = rx1;
            rx1 = r;
            ry2 = ry1;
            ry1 = rb;
            right[i] = gain * (r - depth * rb);
          }
        }
      }
      state.set([lx1, lx2, ly1, ly2, rx1, rx2, ry1, ry2]);
    },
  };
}
