// A MIDI melody by drag-and-drop (or a file button): read in the page by the engine's own MIDI
// reader, so the notes the lead will play are drawn as a piano roll before a credit is spent, and a
// file the server would refuse is refused here with the same sentence.
import { type InputMelody, MAX_MELODY_BYTES, readMelody } from '@trackforge/engine/inputs';
import { useState } from 'preact/hooks';

export interface Melody {
  fileName: string;
  bytes: Uint8Array;
  melody: InputMelody;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const noteName = (pitch: number) => `${NOTE_NAMES[pitch % 12]}${Math.floor(pitch / 12) - 1}`;
const PPQ = 480;

/** Reads a dropped file; throws the engine's sentence for a file it cannot use. */
export async function readMelodyFile(file: File): Promise<Melody> {
  if (file.size > MAX_MELODY_BYTES)
    throw new Error(`the file is ${Math.ceil(file.size / 1024)} KB; at most ${MAX_MELODY_BYTES / 1024} KB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { fileName: file.name, bytes, melody: readMelody(bytes) };
}

/** The melody's notes drawn as a piano roll: time across, pitch up. */
export function PianoRoll(props: { melody: InputMelody; label: string }) {
  const { notes } = props.melody;
  const endTick = Math.max(...notes.map((note) => note.startTick + note.durationTicks), PPQ * 4);
  const low = Math.min(...notes.map((note) => note.pitch));
  const high = Math.max(...notes.map((note) => note.pitch));
  const rows = high - low + 1;
  const width = 600;
  const rowHeight = Math.max(3, Math.min(10, 120 / rows));
  const height = rows * rowHeight;
  const x = (tick: number) => (tick / endTick) * width;
  const barTicks = PPQ * (props.melody.meter?.beatsPerBar ?? 4) * (4 / (props.melody.meter?.beatUnit ?? 4));
  const bars = Math.ceil(endTick / barTicks);
  return (
    <svg
      class="piano-roll"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={props.label}
    >
      {Array.from({ length: bars }, (_, bar) => (
        <line
          key={`bar-${bar}`}
          class="bar-line"
          x1={x(bar * barTicks)}
          x2={x(bar * barTicks)}
          y1={0}
          y2={height}
        />
      ))}
      {notes.map((note) => (
        <rect
          key={`${note.startTick}-${note.pitch}`}
          class="note"
          x={x(note.startTick)}
          y={(high - note.pitch) * rowHeight}
          width={Math.max(1.5, x(note.durationTicks) - 0.5)}
          height={rowHeight - 0.5}
        >
          <title>{noteName(note.pitch)}</title>
        </rect>
      ))}
    </svg>
  );
}

export function MelodyDrop(props: { value: Melody | null; onChange: (melody: Melody | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const take = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    try {
      props.onChange(await readMelodyFile(file));
    } catch (failure) {
      props.onChange(null);
      setError(failure instanceof Error ? failure.message.replace(/^melody: /, '') : String(failure));
    }
  };
  const melody = props.value?.melody;
  const low = melody ? Math.min(...melody.notes.map((note) => note.pitch)) : 0;
  const high = melody ? Math.max(...melody.notes.map((note) => note.pitch)) : 0;
  return (
    // Dropping is for pointers; the file button inside is the way for keyboards.
    <fieldset
      class={`melody${over ? ' over' : ''}`}
      data-testid="melody-drop"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        void take(event.dataTransfer?.files[0]);
      }}
    >
      <legend>Melody</legend>
      <div class="drop">
        <p>
          Drop a MIDI file here, or{' '}
          <label class="file-button">
            choose one
            <input
              type="file"
              accept=".mid,.midi,audio/midi,audio/x-midi"
              class="visually-hidden"
              onChange={(event) => void take(event.currentTarget.files?.[0])}
            />
          </label>
          . The lead plays its melody; its tempo is used unless you set one.
        </p>
      </div>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {props.value && melody && (
        <div class="melody-preview">
          <PianoRoll
            melody={melody}
            label={`Piano roll of ${props.value.fileName}: ${melody.notes.length} notes`}
          />
          <p class="muted" data-testid="melody-summary">
            {props.value.fileName}: {melody.notes.length} notes, {noteName(low)}–{noteName(high)}
            {melody.bpm ? `, ${melody.bpm} bpm` : ''}
            {melody.meter ? `, ${melody.meter.beatsPerBar}/${melody.meter.beatUnit}` : ''}{' '}
            <button type="button" class="link" onClick={() => props.onChange(null)}>
              Remove melody
            </button>
          </p>
        </div>
      )}
    </fieldset>
  );
}
