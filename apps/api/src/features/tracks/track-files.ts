// Where a track's files live in storage and how each is served. Keys are deterministic, so a retried
// job overwrites what a dead attempt left behind instead of leaking it.
import type { TrackRequest } from '@trackforge/engine';
import type { TrackRow } from './track.repository.js';
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

/**
 * Files made on first request, not at generation: WAV and OGG from the stored FLAC master, stems
 * (and, for a track stored before masters were, every format) from the track's engine request.
 */
export const DERIVED_KINDS = ['wav', 'ogg', 'flac', 'stems'] as const;
export type DerivedKind = (typeof DERIVED_KINDS)[number];

export function isDerivedKind(kind: TrackFileKind): kind is DerivedKind {
  return (DERIVED_KINDS as readonly string[]).includes(kind);
}

/** Derived files live in their own folder of the track's, so deleting the track removes them too. */
export function derivedFileKey(workspaceId: string, trackId: string, kind: DerivedKind): string {
  return `${trackFolder(workspaceId, trackId)}derived/${TRACK_FILES[kind].name}`;
}

/**
 * The engine request a track was generated from. The engine is deterministic by request, seed and
 * bank, so the same request renders the same audio again while the engine is unchanged: stems are
 * made from it, and checked against the stored master (generation/track-derived-files.ts). The
 * one place the API spells an engine request: POST /v1/tracks checks its inputs with the same
 * request (track-inputs.ts, without outputs) before the row exists.
 */
export function engineRequestOf(
  track: Pick<TrackRow, 'prompt' | 'duration_seconds' | 'seed' | 'loop' | 'voice_spec' | 'bpm' | 'key'> &
    Partial<Pick<TrackRow, 'inputs' | 'lineage'>>,
  outputs?: NonNullable<TrackRequest['outputs']>,
): TrackRequest {
  const lineage = track.lineage;
  return {
    ...(lineage?.kind === 'variation' ? { variation: { from: lineage.from, keep: lineage.keep ?? [] } } : {}),
    ...(lineage?.kind === 'extension'
      ? { extend: { from: lineage.from, ...(lineage.sections ? { sections: lineage.sections } : {}) } }
      : {}),
    prompt: track.prompt,
    durationSeconds: track.duration_seconds,
    seed: Number(track.seed),
    loop: track.loop,
    ...(track.voice_spec ? { voice: track.voice_spec } : {}),
    overrides: {
      ...(track.bpm !== null ? { bpm: track.bpm } : {}),
      ...(track.key !== null ? { key: track.key } : {}),
    },
    ...(track.inputs ?? {}),
    ...(outputs ? { outputs } : {}),
  };
}
