export interface IdempotencyRecordTable {
  workspace_id: string;
  key: string;
  /** sha256 of method, path and body: the same key with another request is refused (422). */
  request_hash: string;
  /**
   * Who made the request (http/auth-context.ts principalOf: the API key, or the user); only they
   * get its answer. Null on rows from before migration 0013, which answer nobody.
   */
  principal: string | null;
  /** Null while the first request is still running. */
  response_status: number | null;
  /** The answer's JSON, sealed (shared/secret-sealing.ts) with the record's identity as context. */
  response_sealed: string | null;
  created_at: Date;
  expires_at: Date;
}

// This table joins the one interface Kysely sees by declaration merging, as every feature's tables
// do, so database/ imports nothing from the folders that own tables.
declare module '../database/schema.js' {
  interface Database {
    idempotency_record: IdempotencyRecordTable;
  }
}
