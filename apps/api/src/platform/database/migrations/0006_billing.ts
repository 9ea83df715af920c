import { type Kysely, sql } from 'kysely';

// No foreign key to workspace: a Stripe event can name a workspace we are still creating, and
// billing rows are removed with the workspace by its owner's service.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('billing_customer')
    .addColumn('workspace_id', 'text', (col) => col.primaryKey())
    .addColumn('stripe_customer_id', 'text', (col) => col.notNull().unique())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('subscription_status', 'text')
    .addColumn('subscription_price', 'text')
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('subscription_synced_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('billing_customer_subscription_idx')
    .on('billing_customer')
    .column('stripe_subscription_id')
    .execute();
  await db.schema
    .createTable('stripe_event')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('processed_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stripe_event').execute();
  await db.schema.dropTable('billing_customer').execute();
}
