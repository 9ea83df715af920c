// Fair shares of the durable queue (issue 29): jobs carry the tenant they work for
// (`fairness_key`, the workspace of a webhook delivery), and a claim takes the tenant with the fewest
// jobs running first and never more than a cap of one tenant's jobs at once, so a workspace whose
// endpoints accept and never answer cannot hold every delivery slot. The partial index serves the
// count of running jobs per key that every claim makes.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job').addColumn('fairness_key', 'text').execute();
  await db.schema
    .createIndex('job_running_per_fairness_key')
    .on('job')
    .columns(['queue', 'fairness_key'])
    .where(sql.ref('status'), '=', 'running')
    .execute();
  // Deliveries queued before the upgrade share their workspace's part like new ones.
  await sql`
    update job set fairness_key = d.workspace_id
    from webhook_delivery d
    where job.queue = 'webhook.deliver' and d.id = job.payload ->> 'delivery_id'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_running_per_fairness_key').execute();
  await db.schema.alterTable('job').dropColumn('fairness_key').execute();
}
