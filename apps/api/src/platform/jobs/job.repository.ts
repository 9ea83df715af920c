// The generic Postgres job queue, one statement per function (graphile-worker's shape). Time comes
// from the caller's clock so lease expiry and backoff are testable without sleeping.
//
// Fencing: every write a worker makes about a running job names the attempt it claimed
// (`attempts`) as well as its worker id. A worker whose lease lapsed and whose job was claimed
// again — by another worker or by itself — matches no row, so it can never heartbeat, complete,
// fail or hand back the newer attempt.
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../database/create-database.js';
import type { Database } from '../database/schema.js';
import { newId } from '../shared/ids.js';
import type { JobTable } from './job.table.js';

type Executor = Db | Tx;

export type JobRow = Selectable<JobTable>;

/** Which claim of a job a worker holds: the fencing token of every status write. */
export interface JobClaim {
  jobId: string;
  workerId: string;
  attempt: number;
}

/** The fence: this job, still running under this worker's claim at this attempt. */
function heldBy(claim: JobClaim) {
  return (eb: ExpressionBuilder<Database, 'job'>) =>
    eb.and([
      eb('id', '=', claim.jobId),
      eb('locked_by', '=', claim.workerId),
      eb('attempts', '=', claim.attempt),
      eb('status', '=', 'running'),
    ]);
}

/** Adds a job in the caller's transaction, so it exists exactly when the caller's writes do. */
export async function insertJob(
  db: Executor,
  job: {
    queue: string;
    payload: Record<string, unknown>;
    maxAttempts: number;
    now: Date;
    /** When it is first due; default now. */
    runAt?: Date;
    concurrencyKey?: string | null;
    fairnessKey?: string | null;
  },
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
      run_at: job.runAt ?? job.now,
      concurrency_key: job.concurrencyKey ?? null,
      fairness_key: job.fairnessKey ?? null,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
  return id;
}

/** Postgres' unique_violation: two workers raced for the same concurrency key. */
const UNIQUE_VIOLATION = '23505';

/**
 * Claims a runnable job: queued and due, or running with an expired lease (its worker died), and
 * never a second job of a concurrency key that already has one running. SKIP LOCKED lets many
 * workers claim at once without waiting on each other or taking the same row; when two of them
 * pick different jobs of one key at the same instant, the partial unique index refuses the second
 * and it finds nothing this time.
 *
 * Fair shares: of the runnable jobs, those of the fairness key (tenant) with the fewest jobs
 * running — in every process, counted here in the database — come first, then the oldest due; with
 * `maxRunningPerFairnessKey`, a key already running that many is skipped, so one tenant never holds
 * every worker's slots (issue 29: one workspace's silent endpoints delayed another's webhooks by
 * 57 s). Jobs without a key are never capped and count as having none running. Two workers
 * claiming for one key at the same instant may each see it one below the cap: it can be exceeded
 * by the number of workers claiming at once, never more.
 */
export async function claimJob(
  db: Executor,
  options: {
    queue: string;
    workerId: string;
    now: Date;
    leaseMs: number;
    maxRunningPerFairnessKey?: number;
  },
): Promise<JobRow | undefined> {
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs);
  const cap = options.maxRunningPerFairnessKey ?? null;
  try {
    const result = await sql<JobRow>`
      update job set status = 'running', attempts = attempts + 1, locked_by = ${options.workerId},
        locked_until = ${leaseUntil}, updated_at = ${options.now}
      where id = (
        with running as (
          select peer.fairness_key, count(*) as jobs from job peer
          where peer.queue = ${options.queue} and peer.status = 'running'
            and peer.locked_until >= ${options.now} and peer.fairness_key is not null
          group by peer.fairness_key
        ), busy as (
          select busy.concurrency_key from job busy
          where busy.status = 'running' and busy.concurrency_key is not null
        )
        select candidate.id from job candidate
        left join running on running.fairness_key = candidate.fairness_key
        where candidate.queue = ${options.queue}
          and ((candidate.status = 'queued' and candidate.run_at <= ${options.now})
            or (candidate.status = 'running' and candidate.locked_until < ${options.now}))
          and (candidate.concurrency_key is null or candidate.status = 'running'
            or candidate.concurrency_key not in (select concurrency_key from busy))
          and (${cap}::integer is null or coalesce(running.jobs, 0) < ${cap}::integer)
        order by coalesce(running.jobs, 0), candidate.run_at, candidate.id
        limit 1
        for update of candidate skip locked
      )
      returning *`.execute(db);
    return result.rows[0];
  } catch (error) {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** Extends the lease; false when this claim no longer holds the job (it expired and was re-claimed). */
export async function extendLease(
  db: Executor,
  claim: JobClaim & { now: Date; leaseMs: number },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ locked_until: new Date(claim.now.getTime() + claim.leaseMs), updated_at: claim.now })
    .where(heldBy(claim))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Locks the job row if this claim still holds it; used inside the transaction that finishes the work. */
export async function lockOwnedJob(db: Executor, claim: JobClaim): Promise<boolean> {
  const row = await db.selectFrom('job').select('id').where(heldBy(claim)).forUpdate().executeTakeFirst();
  return row !== undefined;
}

export async function markJobDone(db: Executor, claim: JobClaim & { now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ status: 'done', locked_by: null, locked_until: null, updated_at: claim.now })
    .where(heldBy(claim))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts the job back for a later attempt, or marks it failed for good. */
export async function markJobFailed(
  db: Executor,
  claim: JobClaim & { now: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      status: claim.retryAt ? 'queued' : 'failed',
      run_at: claim.retryAt ?? claim.now,
      locked_by: null,
      locked_until: null,
      last_error: claim.error.slice(0, 2000),
      updated_at: claim.now,
    })
    .where(heldBy(claim))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Hands a job back unfinished (the worker is shutting down): due at once, and the attempt does not
 * count, since the work was interrupted rather than failed. The (worker, attempt) pair stays unique:
 * a stopped runner claims nothing again.
 */
export async function releaseJob(db: Executor, claim: JobClaim & { now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({
      status: 'queued',
      attempts: sql`attempts - 1`,
      run_at: claim.now,
      locked_by: null,
      locked_until: null,
      updated_at: claim.now,
    })
    .where(heldBy(claim))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a finished job whose payload must not outlive it (mail holds sign-in links). */
export async function deleteOwnedJob(db: Executor, claim: JobClaim): Promise<boolean> {
  const result = await db.deleteFrom('job').where(heldBy(claim)).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
