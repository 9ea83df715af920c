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
  /** The worker holding the lease; only it may heartbeat, complete or fail the job. */
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}
