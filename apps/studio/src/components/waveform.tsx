// Waveform drawing from the API's peaks (min/max pairs in -1…1), as a thumbnail or as the track
// page's seek bar with the sections marked on it.
import type { Waveform as WaveformBody } from '@trackforge/sdk';
import { useEffect, useRef, useState } from 'preact/hooks';
import { client } from '../api.js';
import { useQuery } from '../data.js';

const cache = new Map<string, Promise<WaveformBody>>();

export function loadWaveform(trackId: string): Promise<WaveformBody> {
  let pending = cache.get(trackId);
  if (!pending) {
    pending = client.tracks.waveform(trackId);
    pending.catch(() => cache.delete(trackId));
    cache.set(trackId, pending);
  }
  return pending;
}

export function useWaveform(trackId: string, enabled: boolean): number[] | null {
  const query = useQuery(enabled ? `waveform:${trackId}` : null, () => loadWaveform(trackId));
  if (query.data) return query.data.peaks;
  return query.error ? [] : null;
}

interface Section {
  name: string;
  start: number;
  end: number;
}

function draw(
  canvas: HTMLCanvasElement,
  peaks: number[],
  options: { played: number; sections: Section[]; durationSeconds: number },
): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  canvas.width = Math.max(1, Math.round(width * ratio));
  canvas.height = Math.max(1, Math.round(height * ratio));
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  context.clearRect(0, 0, width, height);
  const styles = getComputedStyle(canvas);
  const accent = styles.getPropertyValue('--accent').trim() || '#5b3cc4';
  const muted = styles.getPropertyValue('--wave').trim() || '#9a98a8';
  const line = styles.getPropertyValue('--fg').trim() || '#222';
  if (options.durationSeconds > 0) {
    context.font = '11px system-ui, sans-serif';
    options.sections.forEach((section, index) => {
      const x = (section.start / options.durationSeconds) * width;
      const w = ((section.end - section.start) / options.durationSeconds) * width;
      if (index % 2 === 1) {
        context.fillStyle = 'rgba(127,127,127,0.12)';
        context.fillRect(x, 0, w, height);
      }
      context.fillStyle = line;
      context.fillRect(x, 0, 1, height);
      // a name is cut at its band's edge, so a short section's name never runs into the next one
      context.save();
      context.beginPath();
      context.rect(x, 0, Math.max(0, w - 2), height);
      context.clip();
      context.fillText(section.name, x + 3, 12);
      context.restore();
    });
  }
  const pairs = Math.floor(peaks.length / 2);
  if (pairs === 0) return;
  const bars = Math.min(pairs, Math.floor(width / 2));
  const middle = height / 2;
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * pairs) / bars);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * pairs) / bars));
    let low = 0;
    let high = 0;
    for (let pair = from; pair < to; pair++) {
      low = Math.min(low, peaks[2 * pair] ?? 0);
      high = Math.max(high, peaks[2 * pair + 1] ?? 0);
    }
    const x = (bar / bars) * width;
    context.fillStyle = bar / bars < options.played ? accent : muted;
    const top = middle - high * middle * 0.9;
    context.fillRect(x, top, Math.max(1, width / bars - 1), Math.max(1, (high - low) * middle * 0.9));
  }
}

/** A small, decorative waveform for lists. */
export function WaveformThumbnail(props: { trackId: string; ready: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = useWaveform(props.trackId, props.ready);
  useEffect(() => {
    if (canvas.current && peaks) draw(canvas.current, peaks, { played: 0, sections: [], durationSeconds: 0 });
  }, [peaks]);
  return (
    <div class="wave-thumb" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}

/** The track page's waveform: click or arrow keys to seek; sections drawn as bands with names. */
export function WaveformSeeker(props: {
  trackId: string;
  audio: HTMLAudioElement | null;
  durationSeconds: number;
  sections: Section[];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const peaks = useWaveform(props.trackId, true);
  const [position, setPosition] = useState(0);
  const duration =
    props.audio && Number.isFinite(props.audio.duration) ? props.audio.duration : props.durationSeconds;

  useEffect(() => {
    const audio = props.audio;
    if (!audio) return;
    const update = () => setPosition(audio.currentTime);
    audio.addEventListener('timeupdate', update);
    audio.addEventListener('seeked', update);
    return () => {
      audio.removeEventListener('timeupdate', update);
      audio.removeEventListener('seeked', update);
    };
  }, [props.audio]);

  useEffect(() => {
    const element = canvas.current;
    if (!element || !peaks) return;
    const redraw = () =>
      draw(element, peaks, {
        played: duration > 0 ? position / duration : 0,
        sections: props.sections,
        durationSeconds: props.durationSeconds,
      });
    redraw();
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [peaks, position, duration, props.sections, props.durationSeconds]);

  const seek = (seconds: number) => {
    if (!props.audio) return;
    props.audio.currentTime = Math.max(0, Math.min(duration, seconds));
    setPosition(props.audio.currentTime);
  };
  const section = props.sections.find((s) => position >= s.start && position < s.end);
  return (
    <div
      class="wave-seeker"
      role="slider"
      tabIndex={0}
      aria-label="Playback position"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(position)}
      aria-valuetext={`${formatSeconds(position)} of ${formatSeconds(duration)}${section ? `, ${section.name}` : ''}`}
      onClick={(event) => {
        const box = (event.currentTarget as HTMLElement).getBoundingClientRect();
        seek(((event.clientX - box.left) / box.width) * duration);
      }}
      onKeyDown={(event) => {
        const steps: Record<string, number> = { ArrowRight: 5, ArrowUp: 5, ArrowLeft: -5, ArrowDown: -5 };
        if (event.key in steps) seek(position + (steps[event.key] ?? 0));
        else if (event.key === 'Home') seek(0);
        else if (event.key === 'End') seek(duration);
        else if (event.key === ' ' && props.audio) {
          if (props.audio.paused) void props.audio.play();
          else props.audio.pause();
        } else return;
        event.preventDefault();
      }}
    >
      <div class="wave-canvas" aria-hidden="true">
        <canvas ref={canvas} />
      </div>
      <span class="wave-time">
        {formatSeconds(position)} / {formatSeconds(duration)}
      </span>
    </div>
  );
}

export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
