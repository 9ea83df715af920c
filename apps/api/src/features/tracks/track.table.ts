import type {
  InputMelody,
  PartRole,
  SectionPlanEntry,
  TrackMusicFields,
  TrackRequest,
  VoiceSpec,
} from '@trackforge/engine';
import type { ColumnType, Generated } from 'kysely';

export type TrackStatus = 'queued' | 'generating' | 'ready' | 'failed';
export type TrackVisibility = 'private' | 'unlisted' | 'public';
export type TrackFileKind = 'mp3' | 'wav' | 'ogg' | 'flac' | 'midi' | 'waveform' | 'stems';

/** Where each stored file of a ready track lives in storage, with its size and a content hash for ETags. */
export type TrackFiles = Partial<Record<TrackFileKind, { key: string; bytes: number; etag: string }>>;

/** The stored `music` column: the engine's wire shape, as the CLI's --json prints it too. */
export type TrackMusic = TrackMusicFields;

export interface TrackAudio {
  formats: string[];
  sample_rate: number;
  channels: number;
  duration_seconds: number;
  loudness_lufs: number;
  true_peak_dbtp: number;
}

type Json<T> = ColumnType<T, string | null, string | null>;

/** The musical inputs of a track as the engine takes them (the melody already read from its MIDI file). */
export interface TrackInputs {
  chords?: string;
  sections?: SectionPlanEntry[];
  melody?: InputMelody;
  lyrics?: string;
}

/** How a track was made: from a prompt, or from another track by POST …/variations or …/extend. */
export type TrackKind = 'original' | 'variation' | 'extension';

/** What the engine needs to make a variation or extension again: the original's request, whole. */
export interface TrackLineage {
  kind: 'variation' | 'extension';
  /** The original's engine request (its own lineage included), without outputs. */
  from: TrackRequest;
  /** Variations: the parts kept from the original. */
  keep?: PartRole[];
  /** Extensions asked for with a section plan: the plan that follows the original's last kept bar. */
  sections?: SectionPlanEntry[];
}

export interface TrackTable {
  id: string;
  workspace_id: string;
  created_by: string | null;
  prompt: string;
  title: string;
  duration: string;
  duration_seconds: number;
  status: TrackStatus;
  progress: Generated<number>;
  visibility: TrackVisibility;
  voice_id: string | null;
  /** How the engine performs the lead with the chosen voice, fixed when the track was created. */
  voice_spec: Json<VoiceSpec | null>;
  seed: ColumnType<number, number, number>;
  loop: boolean;
  bpm: number | null;
  key: string | null;
  webhook_url: string | null;
  metadata: Json<Record<string, string>>;
  /** Chords, section plan and melody the track follows; null when it was asked for by prompt alone. */
  inputs: Json<TrackInputs | null>;
  music: Json<TrackMusic | null>;
  audio: Json<TrackAudio | null>;
  files: Json<TrackFiles | null>;
  error: Json<{ code: string; message: string } | null>;
  credits_charged: Generated<number>;
  parent_track_id: string | null;
  kind: ColumnType<TrackKind, TrackKind | undefined, TrackKind>;
  lineage: Json<TrackLineage | null>;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../platform/database/schema.js' {
  interface Database {
    track: TrackTable;
  }
}
