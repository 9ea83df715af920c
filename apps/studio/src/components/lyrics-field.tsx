// Lyrics with section tags, checked as typed by the engine's own lyric reader (the same sentence
// the API would answer with), with a count against the API's limits and buttons that insert a tag
// where the cursor is. What only the server can judge (lyrics too long for the duration) comes
// back as its 422 and is shown here, next to the box.
import {
  LYRIC_TAGS,
  MAX_LYRIC_LINE_CHARACTERS,
  MAX_LYRIC_LINES,
  MAX_LYRICS_CHARACTERS,
  parseLyrics,
} from '@trackforge/engine/inputs';
import { useMemo, useRef } from 'preact/hooks';

export interface LyricsCheck {
  /** Sung lines (a repeated chorus counts again, as the API counts it). */
  lineCount: number;
  /** The engine's sentence for lyrics it would refuse, or null. */
  message: string | null;
}

/** Checks lyrics as the API will; empty lyrics are no lyrics, and fine. */
export function checkLyrics(text: string): LyricsCheck {
  if (!text.trim()) return { lineCount: 0, message: null };
  try {
    const sections = parseLyrics(text);
    return { lineCount: sections.reduce((sum, section) => sum + section.lines.length, 0), message: null };
  } catch (failure) {
    const message = failure instanceof Error ? failure.message.replace(/^lyrics: /, '') : String(failure);
    // Until the text parses, count the lines that are not tags, so the count still moves.
    const lineCount = text.split(/\r\n|\r|\n/).filter((line) => line.trim() && !/^\s*\[/.test(line)).length;
    return { lineCount, message };
  }
}

export interface LyricsFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The API's answer about these lyrics (422 with param "lyrics"), shown under the box. */
  serverError: string | null;
  /** What happens to the words with the voice now chosen (who sings them, or why none can). */
  voiceNote: string;
  voiceNoteIsProblem: boolean;
}

export function LyricsField(props: LyricsFieldProps) {
  const box = useRef<HTMLTextAreaElement>(null);
  const check = useMemo(() => checkLyrics(props.value), [props.value]);
  const characters = props.value.length;
  const insertTag = (tag: string) => {
    const element = box.current;
    // what the box holds now (a key typed just before the click may not have re-rendered yet)
    const text = element ? element.value : props.value;
    const at = element ? element.selectionStart : text.length;
    const before = text.slice(0, at);
    const after = text.slice(at);
    // a tag stands on its own line
    const lead = before === '' || before.endsWith('\n') ? '' : '\n';
    const inserted = `${lead}[${tag}]\n`;
    const next = `${before}${inserted}${after}`;
    // The box takes the new text, the focus and the cursor now, inside the click, not on a later
    // frame: a key pressed right after the click would otherwise land on the button and be lost.
    if (element) {
      element.value = next;
      element.focus();
      const cursor = before.length + inserted.length;
      element.setSelectionRange(cursor, cursor);
    }
    props.onChange(next);
  };
  const found = check.message ?? props.serverError;
  // the engine's sentences start in lower case after their field name ("lyrics: the lyrics need…")
  const problem = found ? found.charAt(0).toUpperCase() + found.slice(1) : null;
  // the box grows with the lyrics (to a point), so a whole song can be read without scrolling it
  const rows = Math.min(20, Math.max(8, props.value.split('\n').length + 1));
  const describedBy = ['lyrics-count', 'lyrics-voice', problem ? 'lyrics-error' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div class="lyrics-field">
      <label for="lyrics">
        Lyrics <span class="hint">(optional; English, one line per phrase; numbers are sung as words)</span>
      </label>
      <fieldset class="tags">
        <legend>Insert a section tag</legend>
        {[...LYRIC_TAGS, 'instrumental'].map((tag) => (
          <button key={tag} type="button" class="chip" onClick={() => insertTag(tag)}>
            [{tag}]
          </button>
        ))}
      </fieldset>
      <textarea
        id="lyrics"
        name="lyrics"
        ref={box}
        rows={rows}
        spellcheck={true}
        placeholder={'[verse]\nOne line per sung phrase\n[chorus]\n…'}
        value={props.value}
        aria-invalid={problem ? 'true' : undefined}
        aria-describedby={describedBy}
        onInput={(event) => props.onChange(event.currentTarget.value)}
      />
      <p id="lyrics-count" class="hint lyrics-count" data-testid="lyrics-count">
        <span class={characters > MAX_LYRICS_CHARACTERS ? 'over' : undefined}>
          {characters.toLocaleString('en')} / {MAX_LYRICS_CHARACTERS.toLocaleString('en')} characters
        </span>{' '}
        ·{' '}
        <span class={check.lineCount > MAX_LYRIC_LINES ? 'over' : undefined}>
          {check.lineCount} / {MAX_LYRIC_LINES} sung lines
        </span>{' '}
        · at most {MAX_LYRIC_LINE_CHARACTERS} characters a line. A tag with no lines under it repeats that
        section (write a chorus once, then just “[chorus]”); “[instrumental]” marks a break.
      </p>
      {problem && (
        <p id="lyrics-error" class="error" role="alert" data-testid="lyrics-error">
          {problem}
        </p>
      )}
      <p id="lyrics-voice" class={props.voiceNoteIsProblem ? 'error' : 'hint'} data-testid="lyrics-voice">
        {props.voiceNote}
      </p>
    </div>
  );
}
