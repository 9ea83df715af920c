// `/`: what Trackforge is, a few public tracks playing in place, and the way in.
import type { PublicTrack } from '@trackforge/sdk';
import { client, sameOriginPath } from '../api.js';
import { Cover } from '../components/cover.js';
import { useQuery } from '../data.js';
import { useSession } from '../session.js';

type WithCover = { urls: { cover?: string } };

export function LandingPage() {
  const session = useSession();
  const feed = useQuery('tracks:public-feed', async () => await client.tracks.listPublic({ limit: 6 }));
  const tracks = feed.data?.data ?? null;
  const error = feed.error?.message ?? null;
  return (
    <>
      <section class="hero">
        <h1>Make music from a sentence</h1>
        <p class="lead">
          Trackforge turns a text prompt and a duration into a finished, mastered track — melody, harmony,
          drums and bass, its melody in a voice you pick (a singer for lyrics in English, sung or rapped;
          choir, wordless vocal or instrument sounds) — ready as MP3, WAV, OGG, FLAC, MIDI and stems. Use it
          here in the studio or from your own code through the API.
        </p>
        {session.status === 'signed-in' ? (
          <a class="button" href="/studio/create">
            Open the studio
          </a>
        ) : (
          <p class="actions">
            <a class="button" href="/studio/signup">
              Sign up free
            </a>
            <a href="/studio/signin">I have an account</a>
          </p>
        )}
      </section>
      <section aria-labelledby="how">
        <h2 id="how">How it works</h2>
        <ol class="steps">
          <li>
            <strong>Describe it.</strong> “Mellow lofi piano for studying, 90 bpm”.
          </li>
          <li>
            <strong>Listen while it renders.</strong> Audio starts playing before the track is finished.
          </li>
          <li>
            <strong>Keep it.</strong> Download every format, publish it, share the link.
          </li>
        </ol>
      </section>
      <section aria-labelledby="public">
        <h2 id="public">Made with Trackforge</h2>
        {error && <p class="error">{error}</p>}
        {tracks === null && !error && <p aria-live="polite">Loading public tracks…</p>}
        {tracks?.length === 0 && <p>No public tracks yet. Yours could be the first.</p>}
        <ul class="cards">
          {tracks?.map((track) => (
            <li key={track.id} class="card">
              <Cover
                id={track.id}
                title={track.title}
                url={(track as PublicTrack & WithCover).urls.cover}
                size={96}
              />
              <div>
                <h3>
                  <a href={sameOriginPath(track.urls.share)}>{track.title}</a>
                </h3>
                <p class="muted">
                  {[
                    track.music?.genre,
                    track.music ? `${Math.round(track.music.bpm)} bpm` : null,
                    track.music?.key,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {/* biome-ignore lint/a11y/useMediaCaption: generated instrumental music has no words to caption */}
              <audio
                controls
                preload="none"
                src={sameOriginPath(track.urls.audio)}
                aria-label={`Play ${track.title}`}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
