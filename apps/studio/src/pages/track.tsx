// One track: waveform player with seeking and sections, the musical facts, cover art, share link;
// the owner also gets visibility, downloads and delete. Someone else's public or unlisted track
// shows read-only.
import type { PublicTrack, Track } from '@trackforge/sdk';
import { useEffect, useState } from 'preact/hooks';
import { client, errorStatus, errorText, sameOriginPath } from '../api.js';
import { Cover } from '../components/cover.js';
import { DeleteButton, DownloadMenu, VisibilitySwitch } from '../components/track-actions.js';
import { formatSeconds, WaveformSeeker } from '../components/waveform.js';
import { navigate } from '../router.js';

type AnyTrack = (Track | PublicTrack) & { urls: { cover?: string } };

export function TrackPage(props: { id: string }) {
  const [track, setTrack] = useState<AnyTrack | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    client.tracks.retrieve(props.id).then(
      (found) => setTrack(found as AnyTrack),
      (failure) =>
        setError(
          errorStatus(failure) === 404 ? 'This track does not exist or is private.' : errorText(failure),
        ),
    );
  }, [props.id]);

  if (error) {
    return (
      <section>
        <h1>Track not found</h1>
        <p class="error">{error}</p>
      </section>
    );
  }
  if (!track) return <p aria-live="polite">Loading…</p>;
  const owned = track.object === 'track';
  const ready = !owned || (track as Track).status === 'ready';
  const music = track.music;
  const shareable = !owned || (track as Track).visibility !== 'private';
  return (
    <article class="track-page">
      <div class="track-head">
        <Cover id={track.id} title={track.title} url={track.urls.cover} size={180} />
        <div>
          <h1>{track.title}</h1>
          <p class="muted">“{track.prompt}”</p>
          <dl class="facts">
            <div>
              <dt>Length</dt>
              <dd>{formatSeconds(track.duration_seconds)}</dd>
            </div>
            {music && (
              <>
                <div>
                  <dt>Tempo</dt>
                  <dd>{Math.round(music.bpm)} bpm</dd>
                </div>
                <div>
                  <dt>Key</dt>
                  <dd>{music.key}</dd>
                </div>
                <div>
                  <dt>Time</dt>
                  <dd>{music.time_signature}</dd>
                </div>
                <div>
                  <dt>Genre</dt>
                  <dd>{music.genre}</dd>
                </div>
                <div>
                  <dt>Instruments</dt>
                  <dd>{music.instruments.join(', ') || '—'}</dd>
                </div>
              </>
            )}
          </dl>
        </div>
      </div>
      {ready ? (
        <div class="player">
          {/* biome-ignore lint/a11y/useMediaCaption: generated music has no speech to caption */}
          <audio
            ref={setAudio}
            controls
            preload="metadata"
            src={sameOriginPath(track.urls.audio)}
            aria-label={`Play ${track.title}`}
          />
          <WaveformSeeker
            trackId={track.id}
            audio={audio}
            durationSeconds={track.duration_seconds}
            sections={music?.sections ?? []}
          />
        </div>
      ) : (
        <p role="status">
          This track is {(track as Track).status}. <a href="/studio/library">Back to the library</a>
        </p>
      )}
      {shareable && (
        <div class="share">
          <label for="share-link">Share link</label>
          <div class="row">
            <input
              id="share-link"
              readOnly
              value={track.urls.share}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button
              type="button"
              class="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(track.urls.share).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? 'Copied' : 'Copy'}
            </button>
            <a href={sameOriginPath(track.urls.share)}>Open</a>
          </div>
        </div>
      )}
      {owned && (
        <div class="row owner-actions">
          <VisibilitySwitch track={track as Track} onChange={(next) => setTrack(next as AnyTrack)} />
          <DownloadMenu track={track as Track} />
          <DeleteButton track={track as Track} onDeleted={() => navigate('/studio/library')} />
        </div>
      )}
    </article>
  );
}
