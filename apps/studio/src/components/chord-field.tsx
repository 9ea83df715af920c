// Chords typed as text, checked on every keystroke by the engine's parser: a symbol it does not
// know is marked where it stands, with the parser's sentence; chips offer the chords of the key.
import { useMemo } from 'preact/hooks';
import { checkChords, chordsInKey } from '../music/chord-check.js';

export interface ChordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The key chosen on the form ("" when the prompt or the chords decide). */
  keyName: string;
}

/** Splits "A minor" into its tonic and mode. */
function readKey(name: string): { tonic: string; mode: 'major' | 'minor' } | null {
  const match = /^([A-G][#b]?) (major|minor)$/.exec(name);
  return match ? { tonic: match[1]!, mode: match[2] as 'major' | 'minor' } : null;
}

export function ChordField(props: ChordFieldProps) {
  const check = useMemo(() => checkChords(props.value), [props.value]);
  const key = readKey(props.keyName) ?? check.key ?? { tonic: 'C', mode: 'major' as const };
  const suggestions = chordsInKey(key.tonic, key.mode);
  const append = (chord: string) => {
    const text = props.value.trimEnd();
    props.onChange(text ? `${text} ${chord}` : chord);
  };
  return (
    <div class="chord-field">
      <label for="chords">
        Chords <span class="hint">(optional; one bar each, “Am:2” for two, “| Dm7 G7 |” to share a bar)</span>
      </label>
      <input
        id="chords"
        name="chords"
        autoComplete="off"
        spellcheck={false}
        placeholder="Am F C G"
        maxLength={1000}
        value={props.value}
        aria-invalid={check.message ? 'true' : undefined}
        aria-describedby={check.message ? 'chords-error' : undefined}
        onInput={(event) => props.onChange(event.currentTarget.value)}
      />
      {check.range && (
        <p class="chord-marked" aria-hidden="true">
          {props.value.slice(0, check.range.start)}
          <mark>{props.value.slice(check.range.start, check.range.end)}</mark>
          {props.value.slice(check.range.end)}
        </p>
      )}
      {check.message && (
        <p id="chords-error" class="error" role="alert">
          {check.message}
        </p>
      )}
      <fieldset class="suggestions">
        <legend>
          In {key.tonic} {key.mode}
          {!readKey(props.keyName) && !check.key ? ' (choose a key to change these)' : ''}
        </legend>
        {suggestions.map((chord) => (
          <button
            key={chord}
            type="button"
            class="chip"
            aria-label={`Add ${chord}`}
            onClick={() => append(chord)}
          >
            {chord}
          </button>
        ))}
      </fieldset>
    </div>
  );
}

/** True when the chords would be refused (the form does not send them then). */
export function chordsInvalid(text: string): boolean {
  return checkChords(text).message !== null;
}
