import type { ColumnType } from 'kysely';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobTable {
  id: string;
  queue: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  status: JobStatus;
  /** Claims so far, counting the running one. */
  attempts: number;
  max_attempts: number;
  run_at: Date;
  /** Jobs sharing a key run one at a time, oldest due first (a webhook endpoint); null = no limit. */
  concurrency_key: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The tenant the job works for (a workspace): claims serve the key with the fewest jobs running
   * first and, when the runner sets a cap, never run more than that many of one key at once.
   */
  fairness_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The worker holding the lease; only it, for its attempt, may heartbeat, complete or fail the job. */
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

// This table joins the one interface Kysely sees by declaration merging, as every feature's tables
// do, so database/ imports nothing from the folders that own tables.
declare module '../database/schema.js' {
  interface Database {
    job: JobTable;
  }
}
