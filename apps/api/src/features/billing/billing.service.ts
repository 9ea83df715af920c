// Checkout and customer-portal sessions, and the billing summary shown by GET /v1/me. Stripe is
// reached only through the SDK client passed in; without one every call answers 503
// billing_not_configured, and the rest of the service keeps working.
import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Db } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { AccountService } from '../accounts/account.service.js';
import { findBillingCustomer, insertBillingCustomer } from './billing.repository.js';
import { type Catalogue, type CatalogueKey, createCatalogue, isCatalogueKey } from './billing-catalogue.js';

export interface BillingServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  /** Undefined when STRIPE_SECRET_KEY is unset. */
  stripe: Stripe | undefined;
  accounts: Pick<AccountService, 'findWorkspaceOwner'>;
}

export interface BillingSummary {
  subscriptionStatus: string | null;
  subscriptionPrice: CatalogueKey | null;
  currentPeriodEnd: Date | null;
}

export type BillingService = ReturnType<typeof createBillingService>;

export function createBillingService(deps: BillingServiceDeps) {
  const { db, clock, config, accounts } = deps;
  const catalogue: Catalogue = createCatalogue(config);

  function requireStripe(): Stripe {
    if (!deps.stripe) {
      throw new AppError(
        'billing_not_configured',
        'Billing is not configured on this server: set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* variables (see the README, "Billing").',
      );
    }
    return deps.stripe;
  }

  /** Only the owner pays for a workspace; members and admins get 403. */
  async function requireOwner(workspaceId: string, userId: string) {
    const owner = await accounts.findWorkspaceOwner(workspaceId);
    if (!owner || owner.userId !== userId) {
      throw new AppError('forbidden', "Only the workspace's owner can manage its billing.");
    }
    return owner;
  }

  function requireAllowedUrl(url: string, param: string): void {
    if (!config.ALLOWED_ORIGINS.includes(new URL(url).origin)) {
      throw new AppError(
        'validation_failed',
        `${param} must start with one of the allowed origins: ${config.ALLOWED_ORIGINS.join(', ')}.`,
        { param, errors: [{ param, message: 'origin is not allowed', code: 'origin_not_allowed' }] },
      );
    }
  }

  /** The workspace's Stripe customer, created on first use; concurrent first uses keep one link. */
  async function ensureStripeCustomer(stripe: Stripe, workspaceId: string, email: string): Promise<string> {
    const existing = await findBillingCustomer(db, workspaceId);
    if (existing) return existing.stripe_customer_id;
    const customer = await callStripe(() =>
      stripe.customers.create(
        { email, metadata: { workspace_id: workspaceId } },
        { idempotencyKey: `trackforge-customer-${workspaceId}` },
      ),
    );
    await insertBillingCustomer(db, { workspaceId, stripeCustomerId: customer.id, now: clock.now() });
    const linked = await findBillingCustomer(db, workspaceId);
    return linked?.stripe_customer_id ?? customer.id;
  }

  return {
    catalogue,

    /** A Stripe Checkout Session for one catalogue item, paid by the workspace's customer. */
    async createCheckoutSession(input: {
      workspaceId: string;
      userId: string;
      price: string;
      successUrl: string;
      cancelUrl: string;
    }): Promise<{ id: string; url: string }> {
      const stripe = requireStripe();
      if (!isCatalogueKey(input.price)) {
        throw new AppError(
          'validation_failed',
          `price must be one of ${Object.keys(catalogue).join(', ')}.`,
          {
            param: 'price',
          },
        );
      }
      const item = catalogue[input.price];
      if (!item.stripePriceId) {
        throw new AppError(
          'billing_not_configured',
          `${item.key} cannot be bought on this server: set ${item.priceVariable} to its Stripe price id.`,
        );
      }
      requireAllowedUrl(input.successUrl, 'success_url');
      requireAllowedUrl(input.cancelUrl, 'cancel_url');
      const owner = await requireOwner(input.workspaceId, input.userId);
      const customer = await ensureStripeCustomer(stripe, input.workspaceId, owner.email);
      // The same metadata rides on the subscription so invoice events name the workspace even
      // when they arrive before checkout.session.completed.
      const metadata = { workspace_id: input.workspaceId, price: item.key };
      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: item.mode,
          customer,
          client_reference_id: input.workspaceId,
          line_items: [{ price: item.stripePriceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata,
          ...(item.mode === 'subscription'
            ? { subscription_data: { metadata } }
            : { payment_intent_data: { metadata } }),
        }),
      );
      if (!session.url)
        throw new AppError('unavailable', 'Stripe returned a Checkout Session without a URL; try again.');
      return { id: session.id, url: session.url };
    },

    /** A customer-portal session; 404 until the workspace has bought something. */
    async createPortalSession(input: { workspaceId: string; userId: string; returnUrl: string }): Promise<{
      url: string;
    }> {
      const stripe = requireStripe();
      requireAllowedUrl(input.returnUrl, 'return_url');
      await requireOwner(input.workspaceId, input.userId);
      const customer = await findBillingCustomer(db, input.workspaceId);
      if (!customer) {
        throw new AppError(
          'not_found',
          'This workspace has no billing account yet: buy a plan or a credit pack first (POST /v1/billing/checkout).',
        );
      }
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({
          customer: customer.stripe_customer_id,
          return_url: input.returnUrl,
        }),
      );
      return { url: session.url };
    },

    /** Subscription state for GET /v1/me; nulls for a workspace that never subscribed. */
    async getBillingSummary(workspaceId: string): Promise<BillingSummary> {
      const row = await findBillingCustomer(db, workspaceId);
      return {
        subscriptionStatus: row?.subscription_status ?? null,
        subscriptionPrice: isCatalogueKey(row?.subscription_price) ? row.subscription_price : null,
        currentPeriodEnd: row?.current_period_end ?? null,
      };
    },
  };
}

/** Stripe failures become 503 unavailable (the detail is Stripe's, which names the problem). */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Only reached after a Stripe call, so the SDK is loaded already (stripe-client.ts).
    const { default: StripeSdk } = await import('stripe');
    if (error instanceof StripeSdk.errors.StripeError) {
      throw new AppError('unavailable', `Stripe refused the request: ${error.message}`);
    }
    throw error;
  }
}
