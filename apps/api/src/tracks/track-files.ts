// Where a track's files live in storage and how each is served. Keys are deterministic, so a retried
// job overwrites what a dead attempt left behind instead of leaking it.
import type { TrackFileKind } from './track.table.js';

export const TRACK_FILES: Record<TrackFileKind, { name: string; contentType: string }> = {
  mp3: { name: 'audio.mp3', contentType: 'audio/mpeg' },
  wav: { name: 'audio.wav', contentType: 'audio/wav' },
  ogg: { name: 'audio.ogg', contentType: 'audio/ogg' },
  flac: { name: 'audio.flac', contentType: 'audio/flac' },
  midi: { name: 'track.mid', contentType: 'audio/midi' },
  waveform: { name: 'waveform.json', contentType: 'application/json' },
  stems: { name: 'stems.zip', contentType: 'application/zip' },
};

export function trackFolder(workspaceId: string, trackId: string): string {
  return `tracks/${workspaceId}/${trackId}/`;
}

export function trackFileKey(workspaceId: string, trackId: string, kind: TrackFileKind): string {
  return `${trackFolder(workspaceId, trackId)}${TRACK_FILES[kind].name}`;
}

/** The MP3 that grows while a track renders (local storage only); removed once the track is final. */
export function liveAudioKey(workspaceId: string, trackId: string): string {
  return `${trackFolder(workspaceId, trackId)}live.mp3`;
}
