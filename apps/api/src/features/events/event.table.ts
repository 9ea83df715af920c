import type { ColumnType } from 'kysely';

export type EventType =
  | 'track.queued'
  | 'track.generating'
  | 'track.ready'
  | 'track.failed'
  | 'webhook_endpoint.disabled';
export const EVENT_TYPES: readonly EventType[] = [
  'track.queued',
  'track.generating',
  'track.ready',
  'track.failed',
  'webhook_endpoint.disabled',
];

export interface EventTable {
  id: string;
  seq: ColumnType<number, never, never>;
  workspace_id: string;
  type: EventType;
  track_id: string | null;
  /** The exact event JSON that is signed and sent. */
  payload: string;
  created_at: ColumnType<Date, Date, never>;
}

export interface WorkspaceSigningSecretTable {
  workspace_id: string;
  secret: string;
  created_at: Date;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../platform/database/schema.js' {
  interface Database {
    event: EventTable;
    workspace_signing_secret: WorkspaceSigningSecretTable;
  }
}
