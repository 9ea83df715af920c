// SQL for billing: one operation per function. Callers pass the transaction when it must commit
// together with other writes.
import type { Selectable } from 'kysely';
import type { Db, Tx } from '../../platform/database/create-database.js';
import type { BillingCustomerTable } from './billing.table.js';

export type BillingCustomer = Selectable<BillingCustomerTable>;

export async function findBillingCustomer(
  db: Db | Tx,
  workspaceId: string,
): Promise<BillingCustomer | undefined> {
  return db
    .selectFrom('billing_customer')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

export async function findBillingCustomerByStripeCustomer(
  db: Db | Tx,
  stripeCustomerId: string,
): Promise<BillingCustomer | undefined> {
  return db
    .selectFrom('billing_customer')
    .selectAll()
    .where('stripe_customer_id', '=', stripeCustomerId)
    .executeTakeFirst();
}

/** Locks the row so concurrent events for one workspace apply one after the other. */
export async function lockBillingCustomer(db: Tx, workspaceId: string): Promise<BillingCustomer | undefined> {
  return db
    .selectFrom('billing_customer')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .forUpdate()
    .executeTakeFirst();
}

/** Links a workspace to a Stripe customer; keeps an existing link (the first one wins). */
export async function insertBillingCustomer(
  db: Db | Tx,
  row: { workspaceId: string; stripeCustomerId: string; now: Date },
): Promise<void> {
  await db
    .insertInto('billing_customer')
    .values({
      workspace_id: row.workspaceId,
      stripe_customer_id: row.stripeCustomerId,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export interface SubscriptionState {
  stripeSubscriptionId: string | null;
  status: string | null;
  price: string | null;
  currentPeriodEnd: Date | null;
  syncedAt: Date;
}

export async function updateSubscriptionState(
  db: Tx,
  workspaceId: string,
  state: SubscriptionState,
  now: Date,
): Promise<void> {
  await db
    .updateTable('billing_customer')
    .set({
      stripe_subscription_id: state.stripeSubscriptionId,
      subscription_status: state.status,
      subscription_price: state.price,
      current_period_end: state.currentPeriodEnd,
      subscription_synced_at: state.syncedAt,
      updated_at: now,
    })
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Records a Stripe event id; false when it was already recorded (a redelivery). */
export async function recordStripeEvent(
  db: Tx,
  event: { id: string; type: string; processedAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('stripe_event')
    .values({ id: event.id, type: event.type, processed_at: event.processedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
