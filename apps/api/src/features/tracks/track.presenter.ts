// The owner's Track JSON (API.md "Track"): what the track's own workspace (its members and keys)
// sees, on every route and in events. Everyone else gets public-track.presenter.ts.

import type { TrackRequest } from '@trackforge/engine/request';
import type { TrackRow } from './track.repository.js';
import type { TrackJson } from './track.schemas.js';
import type { TrackInputs } from './track.table.js';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

/**
 * A length as shown to clients: to the millisecond. A section plan's length is whole bars at the
 * tempo (24 bars at 110 bpm = 52.3636… s); the row keeps the exact figure the engine renders from.
 */
export const toMilliseconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

export function presentTrack(track: TrackRow, publicUrl: string): TrackJson {
  const base = `${publicUrl}/v1/tracks/${track.id}`;
  return {
    id: track.id,
    object: 'track',
    prompt: track.prompt,
    duration: track.duration,
    duration_seconds: toMilliseconds(track.duration_seconds),
    status: track.status,
    progress: track.progress,
    visibility: track.visibility,
    title: track.title,
    voice_id: track.voice_id,
    seed: Number(track.seed),
    loop: track.loop,
    bpm: track.bpm,
    key: track.key,
    metadata: track.metadata,
    webhook_url: track.webhook_url,
    music: track.music,
    audio: track.audio,
    urls: {
      audio: `${base}/audio`,
      midi: `${base}/midi`,
      stems: `${base}/stems`,
      waveform: `${base}/waveform`,
      stream: `${base}/audio?stream=1`,
      share: `${publicUrl}/t/${track.id}`,
      cover: `${base}/cover.svg`,
      ...(track.music?.lyrics?.length ? { lyrics: `${base}/lyrics` } : {}),
    },
    error: track.error,
    credits_charged: track.credits_charged,
    inputs: presentInputs(inputsOf(track)),
    kind: track.kind,
    parent_track_id: track.parent_track_id,
    workspace_id: track.workspace_id,
    created_at: iso(track.created_at)!,
    started_at: iso(track.started_at),
    completed_at: iso(track.completed_at),
  };
}

/** The inputs a track follows: its own, or for a variation or extension the original's. */
export function inputsOf(track: Pick<TrackRow, 'inputs' | 'lineage'>): TrackInputs | null {
  if (track.inputs) return track.inputs;
  // A variation of a variation keeps the original further down its request's own lineage.
  let request: TrackRequest | undefined = track.lineage?.from;
  while (request) {
    if (
      request.chords !== undefined ||
      request.sections !== undefined ||
      request.melody !== undefined ||
      request.lyrics !== undefined
    )
      return {
        chords: request.chords,
        sections: request.sections,
        melody: request.melody,
        lyrics: request.lyrics,
      };
    request = request.variation?.from ?? request.extend?.from;
  }
  return null;
}

/** The inputs as sent; the melody only as a summary (its notes can run to thousands). */
function presentInputs(inputs: TrackInputs | null): TrackJson['inputs'] {
  const melody = inputs?.melody;
  return {
    chords: inputs?.chords ?? null,
    sections: inputs?.sections ?? null,
    melody: melody
      ? {
          note_count: melody.notes.length,
          bpm: melody.bpm,
          time_signature: melody.meter ? `${melody.meter.beatsPerBar}/${melody.meter.beatUnit}` : null,
        }
      : null,
    lyrics: inputs?.lyrics ?? null,
  };
}

/** A short title from the prompt: its first words, capitalised, at most 60 characters. */
export function titleFromPrompt(prompt: string): string {
  const words = prompt.replace(/\s+/g, ' ').trim().split(' ');
  let title = '';
  for (const word of words) {
    if (`${title} ${word}`.trim().length > 60) break;
    title = `${title} ${word}`.trim();
  }
  title ||= prompt.slice(0, 60);
  return title.charAt(0).toUpperCase() + title.slice(1);
}
