// Cover art drawn from the track itself, as a small SVG: the key picks the colours (its tonic around
// the circle of fifths, minor keys darker), the tempo the number of rings, the genre the motif, and
// the waveform peaks the bars along the bottom. A pure function of what the track sounds like, so
// the same request and seed (the same music) always give the same bytes, with no network and no
// randomness. The seed itself is not an input: the public view hides it, and a cover must not be a
// way to search it out.
import { wrapText } from './share/share-card-layout.js';
import type { TrackMusic } from './track.table.js';

export interface CoverInput {
  title: string;
  prompt: string;
  music: TrackMusic | null;
  /** Interleaved min/max peaks in -1…1 (waveform.json); null before the track is ready. */
  peaks: readonly number[] | null;
}

const SIZE = 600;
const BAR_COUNT = 48;
const PITCH_CLASSES: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
const MINOR_MODES = new Set(['minor', 'aeolian', 'dorian', 'phrygian', 'locrian']);
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
const round1 = (value: number) => Math.round(value * 10) / 10;

/** FNV-1a: a stable 32-bit hash of text, so motifs follow the music and nothing else. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a tiny seeded generator for the motif's positions. */
function generatorFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Hue in degrees from "D minor": the tonic's place on the circle of fifths, 30° apart. */
function keyColour(key: string | undefined): { hue: number; minor: boolean } {
  const match = /^\s*([A-G])([#♯b♭]?)\s*(\w+)?/i.exec(key ?? '');
  if (!match) return { hue: 220, minor: false };
  const accidental = match[2] === '#' || match[2] === '♯' ? 1 : match[2] ? -1 : 0;
  const pitchClass = (PITCH_CLASSES[match[1]!.toUpperCase()]! + accidental + 12) % 12;
  const fifths = (pitchClass * 7) % 12;
  return { hue: fifths * 30, minor: MINOR_MODES.has((match[3] ?? '').toLowerCase()) };
}

/** One bar height (0…1) per slice of the track: the largest excursion in that slice. */
function barHeights(peaks: readonly number[] | null): number[] {
  const pairs = peaks ? Math.floor(peaks.length / 2) : 0;
  if (pairs === 0) return [];
  const heights: number[] = [];
  for (let bar = 0; bar < BAR_COUNT; bar++) {
    const from = Math.floor((bar * pairs) / BAR_COUNT);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * pairs) / BAR_COUNT));
    let largest = 0;
    for (let pair = from; pair < to && pair < pairs; pair++) {
      largest = Math.max(largest, Math.abs(peaks![pair * 2]!), Math.abs(peaks![pair * 2 + 1]!));
    }
    heights.push(Math.min(1, largest));
  }
  return heights;
}

/** The cover's colours and shapes, without its text: what the share image (share/share-card.ts) reuses. */
export interface CoverArt {
  /** The gradient's two ends, top left to bottom right. */
  background: string;
  backgroundEnd: string;
  accent: string;
  /** Rings, motif and waveform bars, drawn in the cover's 600 × 600 space. */
  shapes: string;
}

/** The cover's artwork (rings, motif, waveform) for the track, in 600 × 600 units. */
export function drawCoverArt(input: CoverInput, { raiseWaveformPx = 0 } = {}): CoverArt {
  const { music } = input;
  const { hue, minor } = keyColour(music?.key);
  const genre = music?.genre ?? '';
  const random = generatorFrom(hash32(JSON.stringify([input.prompt, music])));
  const accentHue = (hue + 150 + (hash32(genre) % 60)) % 360;
  const light = minor ? 14 : 24;
  const background = `hsl(${hue} 55% ${light}%)`;
  const backgroundEnd = `hsl(${(hue + 40) % 360} 60% ${light - 8}%)`;
  const accent = `hsl(${accentHue} 80% 66%)`;

  // Tempo: one ring per 16 bpm, around a centre the music places.
  const bpm = music?.bpm ?? 96;
  const ringCount = Math.max(3, Math.min(15, Math.round(bpm / 16)));
  const centreX = round1(150 + random() * 300);
  const centreY = round1(110 + random() * 200);
  const rings: string[] = [];
  for (let ring = 1; ring <= ringCount; ring++) {
    const radius = round1(ring * (260 / ringCount));
    const opacity = round1((1 - ring / (ringCount + 1)) * 0.7 * 10) / 10;
    rings.push(
      `<circle cx="${centreX}" cy="${centreY}" r="${radius}" fill="none" stroke="${accent}" stroke-width="${ring % 4 === 0 ? 3 : 1.5}" opacity="${opacity}"/>`,
    );
  }

  // Genre: a motif of a few shapes whose kind and count the genre decides.
  const motifKind = hash32(genre) % 3;
  const motif: string[] = [];
  const shapeCount = 3 + (hash32(`${genre}#`) % 5);
  for (let shape = 0; shape < shapeCount; shape++) {
    const x = round1(40 + random() * 520);
    const y = round1(40 + random() * 320);
    const size = round1(12 + random() * 46);
    const fill = `hsl(${(accentHue + shape * 23) % 360} 70% 70%)`;
    if (motifKind === 0)
      motif.push(`<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${fill}" opacity="0.35"/>`);
    else if (motifKind === 1)
      motif.push(
        `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${fill}" opacity="0.3" transform="rotate(45 ${x} ${y})"/>`,
      );
    else
      motif.push(
        `<polygon points="${x},${round1(y - size)} ${round1(x + size)},${round1(y + size / 2)} ${round1(x - size)},${round1(y + size / 2)}" fill="${fill}" opacity="0.3"/>`,
      );
  }

  // Waveform: bars mirrored about a line near the bottom.
  const heights = barHeights(input.peaks);
  const barWidth = 520 / BAR_COUNT;
  const baseline = 470 - raiseWaveformPx;
  const bars = heights.map((height, bar) => {
    const half = round1(2 + height * 56);
    const x = round1(40 + bar * barWidth);
    return `<rect x="${x}" y="${round1(baseline - half)}" width="${round1(barWidth * 0.6)}" height="${round1(half * 2)}" rx="2" fill="#fff" opacity="0.85"/>`;
  });
  if (bars.length === 0) {
    bars.push(`<rect x="40" y="${baseline - 1}" width="520" height="2" fill="#fff" opacity="0.5"/>`);
  }

  return {
    background,
    backgroundEnd,
    accent,
    shapes: [rings.join('\n'), motif.join('\n'), bars.join('\n')].join('\n'),
  };
}

// The cover's text is drawn by whatever shows the SVG (a browser, in its own sans-serif), so it is
// wrapped by characters with room for a wide font (DejaVu Sans Bold at 26 px averages under 17 px a
// letter): up to three lines, which holds any 60-character title the API makes.
const TITLE_CHARACTERS_PER_LINE = 30;
const TITLE_LINE_HEIGHT_PX = 30;

/** The cover as an SVG document (600 × 600). */
export function renderTrackCoverSvg(input: CoverInput): string {
  const { music } = input;
  const lines = wrapText(input.title, (line) => [...line].length <= TITLE_CHARACTERS_PER_LINE);
  if (lines.length > 3)
    lines.splice(2, lines.length, truncate(lines.slice(2).join(' '), TITLE_CHARACTERS_PER_LINE));
  // The bars end above the title's first line, however many lines it has.
  const raiseWaveformPx = 14 + (lines.length - 1) * TITLE_LINE_HEIGHT_PX;
  const { background, backgroundEnd, shapes } = drawCoverArt(input, { raiseWaveformPx });
  const label = escapeXml(input.title);
  const titleLines = lines
    .map(
      (line, index) =>
        `<text x="40" y="${SIZE - 58 - (lines.length - 1 - index) * TITLE_LINE_HEIGHT_PX}" font-family="system-ui, sans-serif" font-size="26" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const facts = escapeXml(
    music
      ? [music.genre, music.key, `${Math.round(music.bpm)} bpm`].filter(Boolean).join(' · ')
      : 'Trackforge',
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${label}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${background}"/><stop offset="1" stop-color="${backgroundEnd}"/></linearGradient></defs>
<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
${shapes}
${titleLines}
<text x="40" y="${SIZE - 26}" font-family="system-ui, sans-serif" font-size="18" fill="#fff" opacity="0.8">${facts}</text>
</svg>
`;
}

function truncate(text: string, characters: number): string {
  const chars = [...text];
  return chars.length <= characters ? text : `${chars.slice(0, characters - 1).join('')}…`;
}
