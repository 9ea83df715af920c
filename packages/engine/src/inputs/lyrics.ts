// Lyrics: text with optional section tags ([verse], [chorus], [bridge], [outro]), one line per
// sung phrase. A tag with no lines after it repeats the last section of that name, so a chorus
// written once is sung again wherever "[chorus]" appears. Checked here, before composing, so a
// front door can refuse bad lyrics (InputError "lyrics") before anything is stored or charged.
import type { SectionName } from '../types.js';
import { InputError } from './input-error.js';

/** A tag a lyric section may carry. */
export const LYRIC_TAGS = ['verse', 'chorus', 'bridge', 'outro'] as const;
export type LyricTag = (typeof LYRIC_TAGS)[number];

/** One section of lyrics, in singing order (a repeated chorus appears again, lines and all). */
export interface LyricSection {
  /** The arranging role: the tag, or "verse" for lines before any tag. */
  role: Extract<SectionName, LyricTag>;
  /** "Verse 2", "Chorus" …: what music.sections reports. */
  label: string;
  lines: string[];
  /** True when the section repeats an earlier one of the same tag word for word. */
  repeat: boolean;
}

export const MAX_LYRICS_CHARACTERS = 3000;
export const MAX_LYRIC_LINES = 120;
export const MAX_LYRIC_LINE_CHARACTERS = 120;
export const MAX_LYRIC_SECTIONS = 24;

// The singers sing English; letters outside Latin script would be silently mispronounced.
const LINE_PATTERN = /^[A-Za-zÀ-ÖØ-öø-ÿ'’\-,.!?;:"()&\s]+$/;
const TAG_PATTERN = /^\[\s*([^\]]*?)\s*\]$/;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Reads lyrics into sections; throws InputError("lyrics") saying what is wrong and where. */
export function parseLyrics(text: unknown): LyricSection[] {
  const fail = (message: string): never => {
    throw new InputError('lyrics', message);
  };
  if (typeof text !== 'string') fail('must be text');
  const lyrics = text as string;
  if (lyrics.length > MAX_LYRICS_CHARACTERS)
    fail(`may be at most ${MAX_LYRICS_CHARACTERS} characters (got ${lyrics.length})`);
  const sections: LyricSection[] = [];
  const counts = new Map<LyricTag, number>();
  const lastOf = new Map<LyricTag, LyricSection>();
  let current: LyricSection | null = null;
  let lineCount = 0;
  const close = () => {
    if (!current) return;
    if (current.lines.length === 0) {
      const earlier = lastOf.get(current.role);
      if (!earlier)
        fail(
          `[${current.role}] has no lines and no earlier ${current.role} to repeat: write its lines under it`,
        );
      current.lines = [...earlier!.lines];
      current.repeat = true;
      lineCount += current.lines.length;
    } else lastOf.set(current.role, current);
    sections.push(current);
  };
  const open = (role: LyricTag) => {
    close();
    const count = (counts.get(role) ?? 0) + 1;
    counts.set(role, count);
    current = {
      role,
      label: count === 1 ? capitalised(role) : `${capitalised(role)} ${count}`,
      lines: [],
      repeat: false,
    };
  };
  lyrics.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line.length === 0) return;
    const where = `line ${index + 1}`;
    const tag = TAG_PATTERN.exec(line);
    if (tag) {
      const word = (tag[1] ?? '').toLowerCase().replace(/\s*\d+$/, '');
      if (!(LYRIC_TAGS as readonly string[]).includes(word))
        fail(`${where}: unknown tag "${line}"; tags are ${LYRIC_TAGS.map((t) => `[${t}]`).join(', ')}`);
      open(word as LyricTag);
      return;
    }
    if (line.length > MAX_LYRIC_LINE_CHARACTERS)
      fail(
        `${where} is ${line.length} characters; a sung line may be at most ${MAX_LYRIC_LINE_CHARACTERS}: break it into shorter lines`,
      );
    if (!LINE_PATTERN.test(line))
      fail(
        `${where} "${line.slice(0, 40)}" has characters the singers cannot sing: use English words (write numbers as words)`,
      );
    if (!/[A-Za-zÀ-ÖØ-öø-ÿ]/.test(line)) fail(`${where} has no words to sing`);
    if (!current) open('verse');
    (current as unknown as LyricSection).lines.push(line);
    lineCount++;
  });
  close();
  if (lineCount === 0) fail('has no lines to sing');
  if (lineCount > MAX_LYRIC_LINES) fail(`may have at most ${MAX_LYRIC_LINES} sung lines (got ${lineCount})`);
  if (sections.length > MAX_LYRIC_SECTIONS)
    fail(`may have at most ${MAX_LYRIC_SECTIONS} sections (got ${sections.length})`);
  return sections;
}

/** The words of a line as a singer says them: punctuation dropped, apostrophes kept ("don't"). */
export function wordsOfLine(line: string): string[] {
  return line
    .replace(/’/g, "'")
    .split(/[^A-Za-zÀ-ÖØ-öø-ÿ']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 0);
}
