// One durable queue for all background work (issue 11): webhook deliveries and mail become jobs
// beside generation. `concurrency_key` makes jobs of one key (a webhook endpoint) run one at a
// time, so a slow receiver only delays itself; the unique index is what makes that hold when two
// workers claim at the same instant. Endpoints remember since when every attempt has failed, for
// automatic disabling.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('concurrency_key', 'text').execute();
  await db.schema
    .createIndex('job_one_running_per_key')
    .on('job')
    .column('concurrency_key')
    .unique()
    .where(sql.ref('status'), '=', 'running')
    .execute();
  await db.schema.alterTable('webhook_endpoint').addColumn('failing_since', 'timestamptz').execute();
  // Deliveries still pending under the old dispatcher become jobs, so an upgrade loses none.
  await sql`
    insert into job (id, queue, payload, status, attempts, max_attempts, run_at, concurrency_key,
      created_at, updated_at)
    select 'job_' || substr(d.id, 5), 'webhook.deliver', jsonb_build_object('delivery_id', d.id),
      'queued', least(d.attempts, 7), 8, d.next_attempt_at,
      coalesce(d.endpoint_id, 'url:' || d.url), d.created_at, d.created_at
    from webhook_delivery d where d.status = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from job where queue in ('webhook.deliver', 'mail.send')`.execute(db);
  await db.schema.dropIndex('job_one_running_per_key').execute();
  await db.schema.alterTable('job').dropColumn('concurrency_key').execute();
  await db.schema.alterTable('webhook_endpoint').dropColumn('failing_since').execute();
}
