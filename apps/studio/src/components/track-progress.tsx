// A track on its way: status in words, a progress bar, and the player on the growing MP3 as soon as
// rendering has begun (the API streams it while it is made).
import type { Track } from '@trackforge/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { sameOriginPath } from '../api.js';

export function TrackProgress(props: {
  track: Track;
  headingId: string;
  children?: preact.ComponentChildren;
}) {
  const { track } = props;
  const [streamSrc, setStreamSrc] = useState<string | undefined>();
  const player = useRef<HTMLAudioElement>(null);
  useEffect(() => setStreamSrc(undefined), [track.id]);
  // The player starts on the progressive stream once the track has begun rendering, and keeps it.
  useEffect(() => {
    if (streamSrc) return;
    if (track.status === 'generating' || track.status === 'ready')
      setStreamSrc(sameOriginPath(track.status === 'ready' ? track.urls.audio : track.urls.stream));
  }, [track, streamSrc]);
  useEffect(() => {
    if (streamSrc && player.current) void player.current.play().catch(() => undefined);
  }, [streamSrc]);
  const percent = Math.round(track.progress * 100);
  return (
    <section class="job" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{track.title}</h2>
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
      {props.children}
    </section>
  );
}
