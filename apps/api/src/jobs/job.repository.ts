// The generic Postgres job queue, one statement per function (graphile-worker's shape). Time comes
// from the caller's clock so lease expiry and backoff are testable without sleeping.
import { type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
import { newId } from '../shared/ids.js';
import type { JobTable } from './job.table.js';

type Executor = Db | Tx;

export type JobRow = Selectable<JobTable>;

/** Adds a job in the caller's transaction, so it exists exactly when the caller's writes do. */
export async function insertJob(
  db: Executor,
  job: { queue: string; payload: Record<string, unknown>; maxAttempts: number; now: Date },
): Promise<string> {
  const id = newId('job');
  await db
    .insertInto('job')
    .values({
      id,
      queue: job.queue,
      payload: JSON.stringify(job.payload),
      status: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: job.now,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
  return id;
}

/**
 * Claims the oldest runnable job: queued and due, or running with an expired lease (its worker died).
 * SKIP LOCKED lets many workers claim at once without waiting on each other or taking the same row.
 */
export async function claimJob(
  db: Executor,
  options: { queue: string; workerId: string; now: Date; leaseMs: number },
): Promise<JobRow | undefined> {
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs);
  const result = await sql<JobRow>`
    update job set status = 'running', attempts = attempts + 1, locked_by = ${options.workerId},
      locked_until = ${leaseUntil}, updated_at = ${options.now}
    where id = (
      select id from job
      where queue = ${options.queue}
        and ((status = 'queued' and run_at <= ${options.now})
          or (status = 'running' and locked_until < ${options.now}))
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return result.rows[0];
}

/** Extends the lease; false when this worker no longer holds the job (it expired and was re-claimed). */
export async function extendLease(
  db: Executor,
  options: { jobId: string; workerId: string; now: Date; leaseMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ locked_until: new Date(options.now.getTime() + options.leaseMs), updated_at: options.now })
    .where('id', '=', options.jobId)
    .where('locked_by', '=', options.workerId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Locks the job row if this worker still holds it; used inside the transaction that finishes the work. */
export async function lockOwnedJob(db: Executor, jobId: string, workerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('job')
    .select('id')
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('status', '=', 'running')
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function markJobDone(
  db: Executor,
  jobId: string,
  workerId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ status: 'done', locked_by: null, locked_until: null, updated_at: now })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts the job back for a later attempt, or marks it failed for good. */
export async function markJobFailed(
  db: Executor,
  options: { jobId: string; workerId: string; now: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      status: options.retryAt ? 'queued' : 'failed',
      run_at: options.retryAt ?? options.now,
      locked_by: null,
      locked_until: null,
      last_error: options.error.slice(0, 2000),
      updated_at: options.now,
    })
    .where('id', '=', options.jobId)
    .where('locked_by', '=', options.workerId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findJob(db: Executor, jobId: string) {
  return db.selectFrom('job').selectAll().where('id', '=', jobId).executeTakeFirst();
}

export async function deleteJobsForPayload(db: Executor, queue: string, key: string, value: string) {
  await db
    .deleteFrom('job')
    .where('queue', '=', queue)
    .where(sql<boolean>`payload ->> ${key} = ${value}`)
    .where('status', '=', 'queued')
    .execute();
}

/** Removes finished (done or failed) jobs last touched before the cutoff; returns how many. */
export async function deleteFinishedJobs(db: Executor, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('job')
    .where('status', 'in', ['done', 'failed'])
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
