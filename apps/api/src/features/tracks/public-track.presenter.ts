// The public track (API.md "Two representations"): what a listener who is not in the owner's
// workspace sees — an anonymous or foreign read of a public/unlisted track and /v1/public/tracks.
// Built field by field from an allow-list, so a column added to `track` never leaks by default.

import { toMilliseconds } from './track.presenter.js';
import type { TrackRow } from './track.repository.js';
import type { PublicTrackJson } from './track.schemas.js';

export function presentPublicTrack(track: TrackRow, publicUrl: string): PublicTrackJson {
  const base = `${publicUrl}/v1/tracks/${track.id}`;
  return {
    id: track.id,
    object: 'public_track',
    title: track.title,
    prompt: track.prompt,
    duration: track.duration,
    duration_seconds: toMilliseconds(track.duration_seconds),
    music: track.music,
    audio: track.audio,
    urls: {
      audio: `${base}/audio`,
      waveform: `${base}/waveform`,
      share: `${publicUrl}/t/${track.id}`,
      cover: `${base}/cover.svg`,
      ...(track.music?.lyrics?.length ? { lyrics: `${base}/lyrics` } : {}),
    },
    voice_id: track.voice_id,
    created_at: new Date(track.created_at).toISOString(),
  };
}
