import type { ColumnType } from 'kysely';

export interface IdempotencyRecordTable {
  workspace_id: string;
  key: string;
  /** sha256 of method, path and body: the same key with another request is refused (422). */
  request_hash: string;
  /** Null while the first request is still running. */
  response_status: number | null;
  response_body: ColumnType<unknown, string | null, string | null>;
  created_at: Date;
  expires_at: Date;
}
