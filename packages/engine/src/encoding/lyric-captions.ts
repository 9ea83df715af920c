// Timed lyrics as the files players and editors read, from a track's sung lines (`music.lyrics`):
// LRC for music players and karaoke apps, WebVTT for the web's <track> element (with a timestamp
// before each word, so a player can light the words as they are sung) and SubRip for video editors.

import { wordsOfLine } from '../inputs/lyrics.js';
import type { SungLine, SungWord } from '../types.js';

export const CAPTION_FORMATS = ['lrc', 'vtt', 'srt'] as const;
export type CaptionFormat = (typeof CAPTION_FORMATS)[number];

/** A sung line as stored; tracks made before word timing have no `words`. */
export type CaptionLine = Omit<SungLine, 'words'> & { words?: readonly SungWord[] };

export interface CaptionOptions {
  /** The track's title, written as LRC's `[ti:]` tag. */
  title?: string;
  /** The track's length, written as LRC's `[length:]` tag. */
  durationSeconds?: number;
}

/** A gap this long between two lines clears the LRC display, so a line does not hang over a break. */
const LRC_CLEAR_GAP_SECONDS = 1;

export function encodeLyricCaptions(
  lines: readonly CaptionLine[],
  format: CaptionFormat,
  options: CaptionOptions = {},
): string {
  if (format === 'lrc') return lrc(lines, options);
  if (format === 'vtt') return vtt(lines);
  return srt(lines);
}

function lrc(lines: readonly CaptionLine[], { title, durationSeconds }: CaptionOptions): string {
  const out: string[] = [];
  // Brackets would open or close a tag, and a line break would end it.
  if (title) out.push(`[ti:${title.replace(/[[\]\s]+/g, ' ').trim()}]`);
  if (durationSeconds !== undefined) out.push(`[length:${lrcTime(durationSeconds).slice(0, 5)}]`);
  lines.forEach((line, index) => {
    out.push(`[${lrcTime(line.start)}]${line.text}`);
    const next = lines[index + 1];
    if (!next || next.start - line.end >= LRC_CLEAR_GAP_SECONDS) out.push(`[${lrcTime(line.end)}]`);
  });
  return `${out.join('\n')}\n`;
}

function vtt(lines: readonly CaptionLine[]): string {
  const out = ['WEBVTT', ''];
  let section: string | undefined;
  for (const line of lines) {
    // NOTE blocks are comments: players skip them, an editor sees where each section starts.
    if (line.section !== section) out.push(`NOTE ${line.section.replace(/-->/g, '→')}`, '');
    section = line.section;
    out.push(`${clockTime(line.start, '.')} --> ${clockTime(line.end, '.')}`, vttCueText(line), '');
  }
  return out.join('\n');
}

function srt(lines: readonly CaptionLine[]): string {
  return lines
    .map(
      (line, index) =>
        `${index + 1}\n${clockTime(line.start, ',')} --> ${clockTime(line.end, ',')}\n${line.text}\n`,
    )
    .join('\n');
}

/**
 * The line as written, with WebVTT's timestamp tag before each word that starts after the cue. A
 * written word is as many sung words as it spells ("24/7": three, its time the first one's; a lone
 * "-": none); when they do not add up to the sung words, the line is shown without word times. A
 * timestamp must fall inside its cue and after the one before it; one that would not is left out.
 */
function vttCueText(line: CaptionLine): string {
  const written = line.text.split(/\s+/).filter(Boolean);
  const sung = line.words ?? [];
  const spelled = written.map((word) => wordsOfLine(word).length);
  const paired = spelled.reduce((sum, count) => sum + count, 0) === sung.length;
  const endMs = Math.round(line.end * 1000);
  let previousMs = Math.round(line.start * 1000);
  let next = 0;
  return written
    .map((word, index) => {
      const first = sung[next];
      next += spelled[index]!;
      const text = escapeVtt(word);
      const startMs = first && paired && spelled[index]! > 0 ? Math.round(first.start * 1000) : -1;
      if (startMs <= previousMs || startMs >= endMs) return text;
      previousMs = startMs;
      return `<${clockTime(startMs / 1000, '.')}>${text}`;
    })
    .join(' ');
}

const escapeVtt = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `mm:ss.xx`, LRC's time (hundredths). */
function lrcTime(seconds: number): string {
  const hundredths = Math.max(0, Math.round(seconds * 100));
  const minutes = Math.floor(hundredths / 6000);
  const rest = hundredths - minutes * 6000;
  return `${pad(minutes, 2)}:${pad(Math.floor(rest / 100), 2)}.${pad(rest % 100, 2)}`;
}

/** `hh:mm:ss.mmm` (WebVTT) or `hh:mm:ss,mmm` (SubRip). */
function clockTime(seconds: number, decimalMark: '.' | ','): string {
  const milliseconds = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const wholeSeconds = Math.floor(milliseconds / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(wholeSeconds, 2)}${decimalMark}${pad(milliseconds % 1000, 3)}`;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');
