// One track: waveform player with seeking and sections, the sung lines lit as they play, the musical facts, cover art, share link;
// the owner also sees what it was made from, makes it again with changes, extends it or makes a
// variation, and gets visibility, downloads and delete. A track still rendering (a variation or
// extension just queued) shows live progress until it is ready. Someone else's public or unlisted
// track shows read-only.
import type { PublicTrack, Track } from '@trackforge/sdk';
import { useEffect, useState } from 'preact/hooks';
import { client, sameOriginPath } from '../api.js';
import { Cover } from '../components/cover.js';
import { SungLyrics } from '../components/sung-lyrics.js';
import { DeleteButton, DownloadMenu, VisibilitySwitch } from '../components/track-actions.js';
import { TrackProgress } from '../components/track-progress.js';
import { ExtendPanel, VariationPanel } from '../components/track-remix.js';
import { formatSeconds, WaveformSeeker } from '../components/waveform.js';
import { setQueryData, useQuery } from '../data.js';
import { navigate } from '../router.js';

type AnyTrack = (Track | PublicTrack) & { urls: { cover?: string } };

const finished = (track: Track) => track.status === 'ready' || track.status === 'failed';

export function TrackPage(props: { id: string }) {
  const key = `track:${props.id}`;
  const query = useQuery(key, () => client.tracks.retrieve(props.id) as Promise<AnyTrack>);
  const track = query.data;
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const [copied, setCopied] = useState(false);
  const [tool, setTool] = useState<'extend' | 'variation' | null>(null);
  useEffect(() => setTool(null), [props.id]);

  // A track on its way is followed to ready through the SDK (events, polling as a fallback).
  const following = track?.object === 'track' && !finished(track as Track) ? track.id : null;
  useEffect(() => {
    if (!following) return;
    const controller = new AbortController();
    client.tracks
      .wait(following, { signal: controller.signal, onUpdate: (next) => setQueryData(key, next) })
      .then((done) => setQueryData(key, done))
      .catch(() => undefined);
    return () => controller.abort();
  }, [following]);

  if (query.error && !track) {
    return (
      <section>
        <h1>Track not found</h1>
        <p class="error">
          {query.error.status === 404 ? 'This track does not exist or is private.' : query.error.message}
        </p>
      </section>
    );
  }
  if (!track) return <p aria-live="polite">Loading…</p>;
  const owned = track.object === 'track';
  const own = track as Track;
  const ready = !owned || own.status === 'ready';
  const music = track.music;
  const shareable = !owned || own.visibility !== 'private';
  if (owned && !finished(own)) {
    return (
      <article class="track-page">
        <h1>
          {own.kind === 'extension'
            ? 'Extending'
            : own.kind === 'variation'
              ? 'Making a variation'
              : 'Making'}
        </h1>
        <TrackProgress track={own} headingId="job-title" />
        <MadeFrom track={own} />
      </article>
    );
  }
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
          {music?.lyrics?.length ? <SungLyrics lines={music.lyrics} audio={audio} /> : null}
        </div>
      ) : (
        <p role="status" class="error">
          This track failed: {own.error?.message ?? 'generation failed'}. Its credit was given back.
        </p>
      )}
      {owned && ready && (
        <section class="remix-tools" aria-labelledby="remix-title">
          <h2 id="remix-title">Make more of it</h2>
          <div class="row">
            <button
              type="button"
              class={tool === 'extend' ? '' : 'secondary'}
              aria-expanded={tool === 'extend'}
              aria-controls="remix-panel"
              onClick={() => setTool(tool === 'extend' ? null : 'extend')}
            >
              Extend…
            </button>
            <button
              type="button"
              class={tool === 'variation' ? '' : 'secondary'}
              aria-expanded={tool === 'variation'}
              aria-controls="remix-panel"
              onClick={() => setTool(tool === 'variation' ? null : 'variation')}
            >
              Make a variation…
            </button>
            <a class="button secondary" href={`/studio/create?from=${track.id}`}>
              Make again with changes
            </a>
          </div>
          <div id="remix-panel">
            {tool === 'extend' && <ExtendPanel track={own} />}
            {tool === 'variation' && <VariationPanel track={own} />}
          </div>
        </section>
      )}
      {owned && <MadeFrom track={own} />}
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
          <VisibilitySwitch track={own} onChange={(next) => setQueryData(key, next)} />
          <DownloadMenu track={own} />
          <DeleteButton track={own} onDeleted={() => navigate('/studio/library')} />
        </div>
      )}
    </article>
  );
}

/** What the track was made from: its prompt, chords, plan, melody, lyrics, seed and the track it came from. */
function MadeFrom(props: { track: Track }) {
  const { track } = props;
  const inputs = track.inputs;
  return (
    <section class="made-from" aria-labelledby="made-from-title">
      <h2 id="made-from-title">Made from</h2>
      <dl class="facts stacked">
        <div>
          <dt>Prompt</dt>
          <dd>{track.prompt}</dd>
        </div>
        {track.kind !== 'original' && (
          <div>
            <dt>{track.kind === 'extension' ? 'Extends' : 'A variation of'}</dt>
            <dd>
              {track.parent_track_id ? (
                <a href={`/studio/tracks/${track.parent_track_id}`}>the original track</a>
              ) : (
                'a deleted track'
              )}
            </dd>
          </div>
        )}
        <div>
          <dt>Chords</dt>
          <dd data-testid="made-from-chords">{inputs?.chords ?? 'from the prompt'}</dd>
        </div>
        <div>
          <dt>Section plan</dt>
          <dd data-testid="made-from-plan">
            {inputs?.sections ? (
              <ol class="plan-list">
                {inputs.sections.map((section, at) => (
                  <li key={at}>
                    {section.name} ·{' '}
                    {section.bars !== undefined ? `${section.bars} bars` : `${section.seconds} s`}
                    {section.energy !== undefined ? ` · energy ${Math.round(section.energy * 100)} %` : ''}
                    {section.instruments?.length ? ` · ${section.instruments.join(', ')}` : ''}
                  </li>
                ))}
              </ol>
            ) : (
              'from the prompt'
            )}
          </dd>
        </div>
        <div>
          <dt>Melody</dt>
          <dd data-testid="made-from-melody">
            {inputs?.melody ? (
              <>
                a MIDI file of {inputs.melody.note_count} notes
                {inputs.melody.bpm ? ` at ${inputs.melody.bpm} bpm` : ''} ·{' '}
                <a href={`/v1/tracks/${track.id}/melody`} download={`${track.id}-melody.mid`}>
                  download it
                </a>
              </>
            ) : (
              'written by the engine'
            )}
          </dd>
        </div>
        <div>
          <dt>Lyrics</dt>
          <dd data-testid="made-from-lyrics">
            {inputs?.lyrics ? (
              <div class="made-from-lyrics">
                {inputs.lyrics
                  .split(/\r\n|\r|\n/)
                  .filter((line) => line.trim())
                  .map((line, at) =>
                    /^\s*\[/.test(line) ? (
                      <span key={at} class="lyric-tag">
                        {line.trim()}
                      </span>
                    ) : (
                      <span key={at}>{line.trim()}</span>
                    ),
                  )}
              </div>
            ) : (
              'none'
            )}
          </dd>
        </div>
        <div>
          <dt>Seed</dt>
          <dd>{track.seed}</dd>
        </div>
      </dl>
    </section>
  );
}
