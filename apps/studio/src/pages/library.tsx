// Library: the workspace's tracks, newest first, read a page at a time through the data layer
// (usePagedQuery) as the list scrolls.
import type { Track } from '@trackforge/sdk';
import { client } from '../api.js';
import { ErrorNote } from '../components/error-note.js';
import { LoadMore } from '../components/load-more.js';
import { DeleteButton, DownloadMenu, VisibilitySwitch } from '../components/track-actions.js';
import { WaveformThumbnail } from '../components/waveform.js';
import { usePagedQuery } from '../data.js';

const PAGE_SIZE = 20;

export function LibraryPage() {
  const library = usePagedQuery<Track>(
    'tracks:library',
    async () => await client.tracks.list({ limit: PAGE_SIZE }),
  );
  const { items: tracks, error, loading } = library;
  const replace = (next: Track) =>
    library.update((current) => current.map((track) => (track.id === next.id ? next : track)));
  return (
    <section>
      <h1>Library</h1>
      <ErrorNote message={error?.message ?? null} />
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
                onDeleted={() => library.update((current) => current.filter((t) => t.id !== track.id))}
              />
            </div>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={library.hasMore} loading={loading} onMore={library.loadMore} />
    </section>
  );
}
