// Credits ledger, tracks, the generic job queue and idempotency records (issue 5).
// workspace_id columns carry no foreign key: the workspace table belongs to another migration and
// deleting a workspace must not silently erase its ledger.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_account')
    .addColumn('workspace_id', 'text', (col) => col.primaryKey())
    .addColumn('balance', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('held', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('credit_account_not_negative', sql`balance >= 0 AND held >= 0`)
    .execute();

  await db.schema
    .createTable('credit_entry')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('held_after', 'integer', (col) => col.notNull())
    .addColumn('source_key', 'text', (col) => col.notNull())
    .addColumn('track_id', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('credit_entry_source_kind', ['source_key', 'kind'])
    .addCheckConstraint(
      'credit_entry_kind',
      sql`kind IN ('grant', 'topup', 'hold', 'capture', 'release', 'refund', 'adjust')`,
    )
    .execute();
  await db.schema
    .createIndex('credit_entry_workspace_created')
    .on('credit_entry')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('track')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text')
    .addColumn('prompt', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('duration', 'text', (col) => col.notNull())
    .addColumn('duration_seconds', 'double precision', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('visibility', 'text', (col) => col.notNull())
    .addColumn('voice_id', 'text')
    .addColumn('voice_spec', 'jsonb')
    .addColumn('seed', 'bigint', (col) => col.notNull())
    .addColumn('loop', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('bpm', 'integer')
    .addColumn('key', 'text')
    .addColumn('webhook_url', 'text')
    .addColumn('metadata', 'jsonb', (col) => col.notNull())
    .addColumn('music', 'jsonb')
    .addColumn('audio', 'jsonb')
    .addColumn('files', 'jsonb')
    .addColumn('error', 'jsonb')
    .addColumn('credits_charged', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addCheckConstraint('track_status', sql`status IN ('queued', 'generating', 'ready', 'failed')`)
    .addCheckConstraint('track_visibility', sql`visibility IN ('private', 'unlisted', 'public')`)
    .execute();
  await db.schema
    .createIndex('track_workspace_created')
    .on('track')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('track_public_created')
    .on('track')
    .columns(['created_at', 'id'])
    .where(sql.ref('visibility'), '=', 'public')
    .execute();

  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('queue', 'text', (col) => col.notNull())
    .addColumn('payload', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (col) => col.notNull())
    .addColumn('run_at', 'timestamptz', (col) => col.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('job_status', sql`status IN ('queued', 'running', 'done', 'failed')`)
    .execute();
  await db.schema
    .createIndex('job_claimable')
    .on('job')
    .columns(['queue', 'status', 'run_at'])
    .where(sql.ref('status'), 'in', ['queued', 'running'])
    .execute();

  await db.schema
    .createTable('idempotency_record')
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_record_pk', ['workspace_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['idempotency_record', 'job', 'track', 'credit_entry', 'credit_account']) {
    await db.schema.dropTable(table).execute();
  }
}
