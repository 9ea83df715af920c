// Create: prompt, duration, voice, seed, loop → POST /v1/tracks, then live progress from the job
// socket (with a slow poll as a safety net) and the progressive MP3 as soon as audio exists.
import type { Track, Voice } from '@trackforge/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { client, errorCode, errorText, sameOriginPath } from '../api.js';
import { refreshSession, useSession } from '../session.js';

const EXAMPLES = [
  'mellow lofi piano for studying, rainy evening',
  'upbeat synthwave with driving bass, night drive',
  'sunny ukulele and handclaps, happy folk',
  'dark cinematic trailer, big drums and strings',
];

const TRACK_COST_CREDITS = 1;
const POLL_INTERVAL_MS = 2000;

export function CreatePage() {
  const session = useSession();
  const balance = session.status === 'signed-in' ? session.me.workspace.credits.balance : 0;
  const [prompt, setPrompt] = useState('');
  const [durationSeconds, setDurationSeconds] = useState(10);
  const [voiceId, setVoiceId] = useState('');
  const [seed, setSeed] = useState('');
  const [loop, setLoop] = useState(false);
  const [voices, setVoices] = useState<Voice[]>([]);
  const [error, setError] = useState<{ message: string; code?: string | undefined } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [track, setTrack] = useState<Track | null>(null);
  const [streamSrc, setStreamSrc] = useState<string | undefined>();
  const preview = useRef<HTMLAudioElement>(null);
  const player = useRef<HTMLAudioElement>(null);
  const stop = useRef<() => void>(() => {});

  useEffect(() => {
    client.voices.list({ limit: 100, sort: 'name' }).then(
      (page) => setVoices(page.data),
      () => setVoices([]),
    );
    return () => stop.current();
  }, []);

  // The player starts on the progressive stream once the track has begun rendering.
  useEffect(() => {
    if (!track || streamSrc) return;
    if (track.status === 'generating' || track.status === 'ready') {
      setStreamSrc(sameOriginPath(track.status === 'ready' ? track.urls.audio : track.urls.stream));
    }
  }, [track, streamSrc]);
  useEffect(() => {
    if (streamSrc && player.current) void player.current.play().catch(() => undefined);
  }, [streamSrc]);

  const follow = (created: Track) => {
    stop.current();
    let done = false;
    const finished = (next: Track) => next.status === 'ready' || next.status === 'failed';
    const apply = (next: Track) => {
      if (done) return;
      setTrack((previous) =>
        previous && previous.id === next.id && previous.progress > next.progress && !finished(next)
          ? previous
          : next,
      );
      if (finished(next)) {
        done = true;
        stop.current();
        void refreshSession();
      }
    };
    const subscription = client.events.subscribe({ trackIds: [created.id] });
    void (async () => {
      try {
        for await (const event of subscription) {
          if (
            event.type.startsWith('track.') &&
            'track' in event.data &&
            event.data.track.id === created.id
          ) {
            apply(event.data.track as Track);
          }
        }
      } catch {
        // The poll below carries on alone when the socket cannot be used.
      }
    })();
    const timer = setInterval(() => {
      client.tracks.retrieve(created.id).then(apply, () => undefined);
    }, POLL_INTERVAL_MS);
    stop.current = () => {
      clearInterval(timer);
      subscription.close();
    };
    apply(created);
  };

  const voice = voices.find((candidate) => candidate.id === voiceId);
  const percent = track ? Math.round(track.progress * 100) : 0;
  return (
    <section>
      <h1>Create a track</h1>
      <form
        class="stack create"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          setSubmitting(true);
          setStreamSrc(undefined);
          setTrack(null);
          try {
            const created = await client.tracks.create({
              prompt,
              duration: `${durationSeconds}s`,
              ...(voiceId ? { voice_id: voiceId } : {}),
              ...(seed.trim() ? { seed: Number(seed) } : {}),
              loop,
            });
            follow(created);
            void refreshSession();
          } catch (failure) {
            setError({ message: errorText(failure), code: errorCode(failure) });
          } finally {
            setSubmitting(false);
          }
        }}
      >
        <label>
          Prompt
          <textarea
            name="prompt"
            required
            maxLength={2000}
            rows={3}
            placeholder="What should it sound like?"
            value={prompt}
            onInput={(event) => setPrompt(event.currentTarget.value)}
          />
        </label>
        <fieldset class="examples">
          <legend>Examples</legend>
          {EXAMPLES.map((example) => (
            <button key={example} type="button" class="chip" onClick={() => setPrompt(example)}>
              {example}
            </button>
          ))}
        </fieldset>
        <div class="row">
          <label>
            Duration (seconds)
            <input
              type="number"
              name="duration"
              min={5}
              max={600}
              step={1}
              required
              value={durationSeconds}
              onInput={(event) => setDurationSeconds(Number(event.currentTarget.value))}
            />
          </label>
          <label>
            Seed <span class="hint">(optional, same seed → same track)</span>
            <input
              type="number"
              name="seed"
              min={0}
              max={4294967295}
              step={1}
              value={seed}
              onInput={(event) => setSeed(event.currentTarget.value)}
            />
          </label>
          <label class="check">
            <input
              type="checkbox"
              name="loop"
              checked={loop}
              onChange={(event) => setLoop(event.currentTarget.checked)}
            />
            Seamless loop
          </label>
        </div>
        <div class="row">
          <label>
            Voice
            <select name="voice" value={voiceId} onChange={(event) => setVoiceId(event.currentTarget.value)}>
              <option value="">No voice (instrumental)</option>
              {voices.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                  {candidate.plan_required ? ` (${candidate.plan_required} plan)` : ''}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            class="secondary"
            disabled={!voice}
            onClick={() => {
              if (!voice || !preview.current) return;
              preview.current.src = sameOriginPath(voice.preview_url) ?? '';
              void preview.current.play().catch(() => undefined);
            }}
          >
            Preview voice
          </button>
          {/* biome-ignore lint/a11y/useMediaCaption: a wordless preview of a singing voice */}
          <audio ref={preview} preload="none" class="visually-hidden" />
        </div>
        <p class="cost" aria-live="polite">
          Costs {TRACK_COST_CREDITS} credit · you have <strong>{balance}</strong>{' '}
          {balance < TRACK_COST_CREDITS && (
            <>
              — <a href="/studio/workspace">get credits</a>
            </>
          )}
        </p>
        {error && (
          <p class="error" role="alert">
            {error.message}
            {error.code === 'insufficient_credits' && (
              <>
                {' '}
                <a href="/studio/workspace">Buy credits</a>
              </>
            )}
          </p>
        )}
        <button type="submit" disabled={submitting || !prompt.trim()}>
          {submitting ? 'Queuing…' : 'Create track'}
        </button>
      </form>

      {track && (
        <section class="job" aria-labelledby="job-title">
          <h2 id="job-title">{track.title}</h2>
          <p role="status" data-status={track.status}>
            {track.status === 'queued' && 'Queued: waiting for a free generator…'}
            {track.status === 'generating' && `Generating… ${percent} %`}
            {track.status === 'ready' && 'Ready.'}
            {track.status === 'failed' &&
              `Failed: ${track.error?.message ?? 'generation failed'}. Your credit was given back.`}
          </p>
          <progress max={100} value={percent} aria-label="Generation progress">
            {percent} %
          </progress>
          {streamSrc && (
            // biome-ignore lint/a11y/useMediaCaption: generated music has no speech to caption
            <audio ref={player} controls src={streamSrc} aria-label={`Play ${track.title}`} />
          )}
          {track.status === 'ready' && (
            <p>
              <a class="button" href={`/studio/tracks/${track.id}`}>
                Open the track
              </a>{' '}
              <a href="/studio/library">Library</a>
            </p>
          )}
        </section>
      )}
    </section>
  );
}
