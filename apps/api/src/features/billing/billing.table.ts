// Billing's tables: the link between a workspace and its Stripe customer/subscription, and the
// Stripe events already processed (each at most once, in the same transaction as its effect).
import type { Generated } from 'kysely';

export interface BillingCustomerTable {
  workspace_id: string;
  stripe_customer_id: string;
  stripe_subscription_id: string | null;
  /** Stripe's subscription status (active, past_due, canceled…); null before any subscription. */
  subscription_status: string | null;
  /** Catalogue key of the subscribed price (studio_monthly…). */
  subscription_price: string | null;
  current_period_end: Date | null;
  /** Stripe `created` time of the event that last set the subscription state; older events are ignored. */
  subscription_synced_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface StripeEventTable {
  id: string;
  type: string;
  processed_at: Date;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../platform/database/schema.js' {
  interface Database {
    billing_customer: BillingCustomerTable;
    stripe_event: StripeEventTable;
  }
}
