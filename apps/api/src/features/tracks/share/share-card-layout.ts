// Where the title goes on the share image: wrapped at spaces into lines that each fit the text
// column, at the largest size from a list whose lines fit the block's height; a word wider than
// the column (a 60-letter title with no spaces) is broken between characters. Only past the
// smallest size, which no title the API makes (at most 60 characters) reaches, would the last line
// end in an ellipsis; `truncated` says so. Pure: the font's metrics are passed in.
import type { FontMetrics } from '../../../platform/shared/font-metrics.js';

export interface TitleLayoutOptions {
  metrics: FontMetrics;
  maxWidthPx: number;
  /** Largest first; the first size whose lines fit in maxHeightPx wins. */
  fontSizesPx: readonly number[];
  maxHeightPx: number;
  /** Baseline to baseline, as a multiple of the size. */
  lineHeight: number;
  /** At most this many lines even where the height has room for more (a title, not a paragraph). */
  maxLines: number;
}

export interface TitleLayout {
  fontSizePx: number;
  lines: string[];
  truncated: boolean;
}

/** Splits one word into pieces that each fit the width (at least one character each). */
function breakWord(word: string, fits: (text: string) => boolean): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && !fits(piece + character)) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Greedy wrapping: as many words on each line as fit. */
export function wrapText(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    if (fits(word)) {
      line = word;
      continue;
    }
    const pieces = breakWord(word, fits);
    lines.push(...pieces.slice(0, -1));
    line = pieces.at(-1) ?? '';
  }
  if (line) lines.push(line);
  return lines;
}

/** How many lines of the size the block holds (and the cap allows). */
export function linesThatFit(
  options: Pick<TitleLayoutOptions, 'maxHeightPx' | 'lineHeight' | 'maxLines'>,
  fontSizePx: number,
): number {
  const byHeight = Math.floor(options.maxHeightPx / (fontSizePx * options.lineHeight));
  return Math.max(1, Math.min(options.maxLines, byHeight));
}

export function layoutTitle(title: string, options: TitleLayoutOptions): TitleLayout {
  const { metrics, maxWidthPx } = options;
  let lines: string[] = [];
  let fontSizePx = 0;
  let maxLines = 1;
  for (const size of options.fontSizesPx) {
    fontSizePx = size;
    maxLines = linesThatFit(options, size);
    lines = wrapText(title, (line) => metrics.measureWidthPx(line, size) <= maxWidthPx);
    if (lines.length <= maxLines) return { fontSizePx, lines, truncated: false };
  }
  const kept = lines.slice(0, maxLines);
  let last = `${kept.pop() ?? ''}…`;
  while ([...last].length > 1 && metrics.measureWidthPx(last, fontSizePx) > maxWidthPx) {
    last = `${[...last].slice(0, -2).join('').trimEnd()}…`;
  }
  return { fontSizePx, lines: [...kept, last], truncated: true };
}

/** The text cut to fit one line at the size, with an ellipsis when it was cut. */
export function fitOneLine(
  text: string,
  metrics: FontMetrics,
  fontSizePx: number,
  maxWidthPx: number,
): string {
  if (metrics.measureWidthPx(text, fontSizePx) <= maxWidthPx) return text;
  const characters = [...text];
  while (
    characters.length > 0 &&
    metrics.measureWidthPx(`${characters.join('')}…`, fontSizePx) > maxWidthPx
  ) {
    characters.pop();
  }
  return `${characters.join('').trimEnd()}…`;
}
