// Event outbox, per-workspace event signing secrets, outgoing webhook endpoints and their
// delivery queue (issue 5). workspace_id columns carry no foreign key: the workspace table belongs
// to another migration (same choice as 0003_tracks).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event')
    .addColumn('id', 'text', (col) => col.primaryKey())
    // Insertion order across processes: replay after last_event_id follows seq, not clock time.
    .addColumn('seq', 'bigint', (col) => col.notNull().unique().generatedAlwaysAsIdentity())
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('track_id', 'text')
    // The exact event JSON that is signed and sent; never re-serialised, so signatures are stable.
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('event_workspace_created')
    .on('event')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('event_workspace_seq').on('event').columns(['workspace_id', 'seq']).execute();
  await db.schema.createIndex('event_created').on('event').column('created_at').execute();

  await db.schema
    .createTable('workspace_signing_secret')
    .addColumn('workspace_id', 'text', (col) => col.primaryKey())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('webhook_endpoint')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('event_types', 'jsonb', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('enabled'))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('webhook_endpoint_status', sql`status IN ('enabled', 'disabled')`)
    .execute();
  await db.schema
    .createIndex('webhook_endpoint_workspace_created')
    .on('webhook_endpoint')
    .columns(['workspace_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('event_id', 'text', (col) => col.notNull().references('event.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (col) => col.notNull())
    // null = the track's own webhook_url, signed with the workspace secret.
    .addColumn('endpoint_id', 'text', (col) => col.references('webhook_endpoint.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_attempt_at', 'timestamptz')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint(
      'webhook_delivery_status',
      sql`status IN ('pending', 'succeeded', 'failed', 'cancelled')`,
    )
    .execute();
  await db.schema
    .createIndex('webhook_delivery_due')
    .on('webhook_delivery')
    .columns(['next_attempt_at'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_delivery_event_target')
    .on('webhook_delivery')
    .unique()
    .expression(sql`event_id, coalesce(endpoint_id, '')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
  await db.schema.dropTable('workspace_signing_secret').execute();
  await db.schema.dropTable('event').execute();
}
