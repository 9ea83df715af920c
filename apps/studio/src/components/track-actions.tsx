// What the library and the track page both offer on a track: who can see it, its files, deleting it.
import type { Track, TrackVisibility } from '@trackforge/sdk';
import { useRef, useState } from 'preact/hooks';
import { client, errorText, sameOriginPath } from '../api.js';
import { ErrorNote } from './error-note.js';

const AUDIO_FORMATS = ['mp3', 'wav', 'ogg', 'flac'] as const;

export function VisibilitySwitch(props: { track: Track; onChange: (track: Track) => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `visibility-${props.track.id}`;
  return (
    <div class="visibility">
      <label for={id}>Visibility</label>
      <select
        id={id}
        value={props.track.visibility}
        disabled={busy || props.track.status !== 'ready'}
        onChange={async (event) => {
          const visibility = event.currentTarget.value as TrackVisibility;
          setBusy(true);
          setError(null);
          try {
            props.onChange(await client.tracks.publish(props.track.id, { visibility }));
          } catch (failure) {
            setError(errorText(failure));
          } finally {
            setBusy(false);
          }
        }}
      >
        <option value="private">Private</option>
        <option value="unlisted">Unlisted (anyone with the link)</option>
        <option value="public">Public</option>
      </select>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function DownloadMenu(props: { track: Track }) {
  if (props.track.status !== 'ready') return null;
  const audio = sameOriginPath(props.track.urls.audio);
  const links: [string, string | undefined][] = [
    ...AUDIO_FORMATS.map((format): [string, string | undefined] => [
      format.toUpperCase(),
      `${audio}?format=${format}&download=1`,
    ]),
    ['MIDI', `${sameOriginPath(props.track.urls.midi)}?download=1`],
    ['Stems (ZIP)', sameOriginPath(props.track.urls.stems)],
  ];
  // a sung track's timed lyrics: for music players and karaoke, the web, and video editors
  if (props.track.urls.lyrics) {
    const lyrics = sameOriginPath(props.track.urls.lyrics);
    links.push(
      ['Lyrics (LRC)', `${lyrics}?format=lrc&download=1`],
      ['Lyrics (WebVTT)', `${lyrics}?format=vtt&download=1`],
      ['Lyrics (SRT)', `${lyrics}?format=srt&download=1`],
    );
  }
  return (
    <details class="menu">
      <summary>Download</summary>
      <ul class="menu-list">
        {links.map(([label, href]) => (
          <li key={label}>
            <a href={href} download>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function DeleteButton(props: { track: Track; onDeleted: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <button type="button" class="danger" onClick={() => dialog.current?.showModal()}>
        Delete
      </button>
      <dialog ref={dialog} aria-labelledby={`delete-${props.track.id}`}>
        <form
          method="dialog"
          class="stack"
          onSubmit={async (event) => {
            const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
            if (submitter?.value !== 'delete') return;
            event.preventDefault();
            try {
              await client.tracks.delete(props.track.id);
              dialog.current?.close();
              props.onDeleted();
            } catch (failure) {
              setError(errorText(failure));
            }
          }}
        >
          <h2 id={`delete-${props.track.id}`} class="dialog-title">
            Delete “{props.track.title}”?
          </h2>
          <p>The track and all its files are removed for good. Share links stop working.</p>
          <ErrorNote message={error} />
          <div class="row">
            <button type="submit" value="cancel" class="secondary">
              Cancel
            </button>
            <button type="submit" value="delete" class="danger">
              Delete for good
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
