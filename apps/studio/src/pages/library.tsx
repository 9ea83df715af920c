// Library: the workspace's tracks, newest first, fetched a page at a time as the list scrolls.
import type { Page, Track } from '@trackforge/sdk';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { client, errorText } from '../api.js';
import { ErrorNote } from '../components/error-note.js';
import { DeleteButton, DownloadMenu, VisibilitySwitch } from '../components/track-actions.js';
import { WaveformThumbnail } from '../components/waveform.js';

const PAGE_SIZE = 20;

export function LibraryPage() {
  const [tracks, setTracks] = useState<Track[]>([]);
  const [page, setPage] = useState<Page<Track> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    client.tracks.list({ limit: PAGE_SIZE }).then(
      (first) => {
        setPage(first);
        setTracks(first.data);
        setLoading(false);
      },
      (failure) => {
        setError(errorText(failure));
        setLoading(false);
      },
    );
  }, []);

  const more = useCallback(async () => {
    if (!page || loading || !page.hasNextPage()) return;
    setLoading(true);
    try {
      const next = await page.getNextPage();
      setPage(next);
      setTracks((current) => [
        ...current,
        ...next.data.filter((track) => !current.some((t) => t.id === track.id)),
      ]);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setLoading(false);
    }
  }, [page, loading]);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void more();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [more]);

  const replace = (next: Track) => setTracks((current) => current.map((t) => (t.id === next.id ? next : t)));
  return (
    <section>
      <h1>Library</h1>
      <ErrorNote message={error} />
      {!loading && tracks.length === 0 && !error && (
        <p>
          No tracks yet. <a href="/studio/create">Create your first one</a>.
        </p>
      )}
      <ul class="library">
        {tracks.map((track) => (
          <li key={track.id} class="library-item" data-track-id={track.id}>
            <WaveformThumbnail trackId={track.id} ready={track.status === 'ready'} />
            <div class="library-main">
              <h2>
                <a href={`/studio/tracks/${track.id}`}>{track.title}</a>
              </h2>
              <p class="muted">
                <span class={`status status-${track.status}`}>{track.status}</span> ·{' '}
                {Math.round(track.duration_seconds)} s · {new Date(track.created_at).toLocaleString()}
              </p>
            </div>
            <div class="library-actions">
              <VisibilitySwitch track={track} onChange={replace} />
              <DownloadMenu track={track} />
              <DeleteButton
                track={track}
                onDeleted={() => setTracks((current) => current.filter((t) => t.id !== track.id))}
              />
            </div>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      {loading && <p aria-live="polite">Loading…</p>}
      {page?.hasNextPage() && !loading && (
        <button type="button" class="secondary" onClick={() => void more()}>
          Load more
        </button>
      )}
    </section>
  );
}
