// Lyrics: text with optional section tags, one line per sung phrase. A tag with no lines after it
// repeats the last section of that name, so a chorus written once is sung again wherever
// "[chorus]" appears; [intro], [instrumental] (or [interlude], [break], [solo]) and a bare [outro]
// with no outro before it mark instrumental sections instead. The tag words other tools write
// ([hook], [refrain], [pre-chorus], [end]) are read too, so lyrics pasted from elsewhere sing.
// Checked here, before composing, so a front door can refuse bad lyrics (InputError "lyrics")
// before anything is stored or charged.
import type { SectionName } from '../types.js';
import { InputError } from './input-error.js';
import { spellNumbers } from './lyric-numbers.js';

/** The tags of sung sections (the studio's buttons), in song order. */
export const LYRIC_TAGS = ['verse', 'pre-chorus', 'chorus', 'bridge', 'outro'] as const;
export type LyricTag = (typeof LYRIC_TAGS)[number];
/** The tags of instrumental sections: no lines under them. */
export const INSTRUMENTAL_TAGS = ['intro', 'instrumental'] as const;
type InstrumentalTag = (typeof INSTRUMENTAL_TAGS)[number];
type Tag = LyricTag | InstrumentalTag;

// Every tag word read, letters only ("Pre-Chorus 2" → "prechorus"), and the tag it means.
const TAG_WORDS: Record<string, Tag> = {
  verse: 'verse',
  prechorus: 'pre-chorus',
  chorus: 'chorus',
  hook: 'chorus',
  refrain: 'chorus',
  bridge: 'bridge',
  outro: 'outro',
  end: 'outro',
  intro: 'intro',
  instrumental: 'instrumental',
  interlude: 'instrumental',
  break: 'instrumental',
  solo: 'instrumental',
};

// The arranging role of each tag (a pre-chorus builds into the chorus).
const TAG_ROLES: Record<Tag, LyricRole> = {
  verse: 'verse',
  'pre-chorus': 'build',
  chorus: 'chorus',
  bridge: 'bridge',
  outro: 'outro',
  intro: 'intro',
  instrumental: 'theme',
};

export type LyricRole = Extract<
  SectionName,
  'intro' | 'verse' | 'build' | 'chorus' | 'bridge' | 'outro' | 'theme'
>;

/**
 * One section of lyrics, in song order (a repeated chorus appears again, lines and all). A section
 * without lines is instrumental: the intro, a break ([instrumental]) or the ending (a bare [outro]).
 */
export interface LyricSection {
  /** The arranging role: the tag's ("pre-chorus" → build, "instrumental" → theme), "verse" for lines before any tag. */
  role: LyricRole;
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
/** "[Chorus x4]" at most: more repeats are written as more tags. */
const MAX_TAG_REPEATS = 4;

// The singers sing English; letters outside Latin script would be silently mispronounced. Digits,
// "%" and "/" are read out as words (lyric-numbers.ts).
const LINE_PATTERN = /^[A-Za-zÀ-ÖØ-öø-ÿ0-9'’\-,.!?;:"()&%/\s]+$/;
const TAG_PATTERN = /^\[\s*([^\]]*?)\s*\]$/;
const TAGS_LIST = `${LYRIC_TAGS.map((t) => `[${t}]`).join(', ')}, or ${INSTRUMENTAL_TAGS.map((t) => `[${t}]`).join(', ')} for instrumental sections`;

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isInstrumental = (tag: Tag): tag is InstrumentalTag =>
  (INSTRUMENTAL_TAGS as readonly string[]).includes(tag);

/**
 * The tag a tag line names and how many times it is sung ("[Chorus x2]"), or null for a word not
 * read. A number, a name after a colon or a spaced dash ("[Verse 2]", "[Verse 1: Nora]", "[Verse -
 * Nora]") and case do not matter.
 */
function tagOf(name: string): { tag: Tag; times: number } | null {
  let head = name.toLowerCase().split(':')[0]!.trim();
  const repeat = /\s*[x×]\s*(\d+)$/.exec(head);
  if (repeat) head = head.slice(0, repeat.index);
  const word = head
    .split(/\s+[-–—]\s+/)[0]!
    .replace(/\s*\d+$/, '')
    .replace(/[\s\-–]/g, '');
  const tag = /^[a-z]+$/.test(word) ? TAG_WORDS[word] : undefined;
  return tag ? { tag, times: repeat ? Number(repeat[1]) : 1 } : null;
}

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
  const counts = new Map<Tag, number>();
  const lastOf = new Map<Tag, LyricSection>();
  let current = null as { tag: Tag; written: string; times: number; section: LyricSection } | null;
  let lineCount = 0;
  let ended = false;
  const close = () => {
    if (!current) return;
    const { tag, times, section } = current;
    current = null;
    if (section.lines.length > 0) lastOf.set(tag, section);
    else if (tag === 'outro' && !lastOf.has(tag)) ended = true;
    else if (!isInstrumental(tag)) {
      const earlier = lastOf.get(tag);
      if (!earlier) fail(`[${tag}] has no lines and no earlier ${tag} to repeat: write its lines under it`);
      section.lines = [...earlier!.lines];
      section.repeat = true;
      lineCount += section.lines.length;
    }
    sections.push(section);
    // "[Chorus x2]": sung again straight after, as if the bare tag were written once more
    for (let again = 1; again < times && !ended; again++) {
      sections.push({ ...section, label: labelFor(tag), lines: [...section.lines], repeat: true });
      lineCount += section.lines.length;
    }
  };
  const labelFor = (tag: Tag) => {
    const count = (counts.get(tag) ?? 0) + 1;
    counts.set(tag, count);
    const name = capitalised(tag);
    return count === 1 ? name : `${name} ${count}`;
  };
  const open = (tag: Tag, written: string, where: string, times = 1) => {
    close();
    if (times < 1 || times > MAX_TAG_REPEATS)
      fail(`${where}: ${written} repeats its section ${times} times; write x1 to x${MAX_TAG_REPEATS}`);
    if (ended) fail(`${where}: a bare [outro] is the instrumental ending; nothing can follow it`);
    if (tag === 'intro' && sections.length > 0)
      fail(`${where}: [intro] opens the song: put it first, or mark a break with [instrumental]`);
    current = {
      tag,
      written,
      times,
      section: { role: TAG_ROLES[tag], label: labelFor(tag), lines: [], repeat: false },
    };
  };
  lyrics.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trim().replace(/\s+/g, ' ');
    if (line.length === 0) return;
    const where = `line ${index + 1}`;
    const tagLine = TAG_PATTERN.exec(line);
    if (tagLine) {
      const named = tagOf(tagLine[1] ?? '');
      if (!named) fail(`${where}: unknown tag "${line}"; tags are ${TAGS_LIST}`);
      open(named!.tag, line, where, named!.times);
      return;
    }
    if (line.length > MAX_LYRIC_LINE_CHARACTERS)
      fail(
        `${where} is ${line.length} characters; a sung line may be at most ${MAX_LYRIC_LINE_CHARACTERS}: break it into shorter lines`,
      );
    if (!LINE_PATTERN.test(line))
      fail(
        `${where} "${line.slice(0, 40)}" has characters the singers cannot sing: use English words, digits and punctuation`,
      );
    if (wordsOfLine(line).length === 0) fail(`${where} has no words to sing`);
    if (current && isInstrumental(current.tag))
      fail(
        `${where}: ${current.written} is instrumental and takes no lines; put sung lines under [verse] or [chorus]`,
      );
    if (!current) open('verse', '[verse]', where);
    current!.section.lines.push(line);
    lineCount++;
  });
  close();
  if (lineCount === 0) fail('has no lines to sing');
  if (lineCount > MAX_LYRIC_LINES) fail(`may have at most ${MAX_LYRIC_LINES} sung lines (got ${lineCount})`);
  if (sections.length > MAX_LYRIC_SECTIONS)
    fail(`may have at most ${MAX_LYRIC_SECTIONS} sections (got ${sections.length})`);
  return sections;
}

/**
 * The words of a line as a singer says them: numbers spelled out ("24/7" → twenty four seven), "&"
 * said "and", punctuation dropped, apostrophes kept ("don't").
 */
export function wordsOfLine(line: string): string[] {
  return spellNumbers(line)
    .replace(/’/g, "'")
    .replace(/&/g, ' and ')
    .split(/[^A-Za-zÀ-ÖØ-öø-ÿ']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word.length > 0);
}
