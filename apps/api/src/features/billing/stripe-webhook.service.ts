// Incoming Stripe events. Each event id is recorded in stripe_event in the same transaction as
// its effect, so a redelivery changes nothing; credit grants are also keyed by their Stripe cause
// (invoice id, checkout session id), so two different events about one payment grant once.
// Events may arrive in any order: subscription state carries the Stripe time of the event that
// set it, and older events never overwrite newer state.

import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { type Db, type Tx, transaction } from '../../platform/database/create-database.js';
import { recordStripeEvent } from './billing.repository.js';
import { createCatalogue, isCatalogueKey } from './billing-catalogue.js';
import { webhookSecrets } from './stripe-client.js';
import { readCheckoutSession, readInvoice, readSubscription } from './stripe-objects.js';
import { type AfterCommit, createSubscriptionSync, type SubscriptionSyncDeps } from './subscription-sync.js';

export interface StripeWebhookDeps extends Omit<SubscriptionSyncDeps, 'catalogue'> {
  db: Db;
  config: Config;
}

export interface StripeEventLike {
  id: string;
  type: string;
  created: number;
  data: { object: unknown };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;

export function createStripeWebhookService(deps: StripeWebhookDeps) {
  const { db, clock, config, credits } = deps;
  const catalogue = createCatalogue(config);
  const sync = createSubscriptionSync({ ...deps, catalogue });

  /** Verifies the signature with each configured secret (two during rotation); 400 when none matches. */
  async function verify(rawBody: Buffer, signature: string | undefined): Promise<StripeEventLike> {
    const secrets = webhookSecrets(config);
    if (secrets.length === 0) {
      throw new AppError(
        'billing_not_configured',
        'Stripe webhooks are not configured on this server: set STRIPE_WEBHOOK_SECRET (whsec_…).',
      );
    }
    if (!signature) {
      throw new AppError('validation_failed', 'The Stripe-Signature header is missing.', {
        param: 'stripe-signature',
      });
    }
    // The SDK is loaded on the first delivery, not at start: a node without billing never needs it.
    const { default: Stripe } = await import('stripe');
    let stale = false;
    for (const secret of secrets) {
      try {
        return Stripe.webhooks.constructEvent(
          rawBody,
          signature,
          secret,
          Stripe.webhooks.DEFAULT_TOLERANCE,
          undefined,
          clock.now().getTime(),
        ) as unknown as StripeEventLike;
      } catch (error) {
        // The SDK checks the timestamp only after a signature matched, so this secret was right.
        if (error instanceof Error && /tolerance/i.test(error.message)) stale = true;
      }
    }
    throw new AppError(
      'validation_failed',
      stale
        ? `The Stripe signature is older than the ${Stripe.webhooks.DEFAULT_TOLERANCE}-second tolerance (a stale or replayed delivery).`
        : 'The Stripe signature does not match this body for any configured webhook secret; the body must be the exact bytes Stripe signed.',
      { param: 'stripe-signature' },
    );
  }

  async function topUp(tx: Tx, workspaceId: string, sessionId: string, price: string | null): Promise<void> {
    const item = isCatalogueKey(price) ? catalogue[price] : undefined;
    if (item?.mode !== 'payment') {
      deps.log.warn(
        { sessionId, price },
        'stripe checkout session for an unknown credit pack; nothing granted',
      );
      return;
    }
    await credits.grantCredits(
      {
        workspaceId,
        amount: item.credits,
        kind: 'topup',
        sourceKey: `stripe:checkout_session:${sessionId}`,
        description: `Credit pack ${item.key}`,
      },
      tx,
    );
  }

  async function apply(tx: Tx, event: StripeEventLike, afterCommit: AfterCommit[]): Promise<void> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = readCheckoutSession(event.data.object);
        if (!session.workspaceId) {
          deps.log.warn({ eventId: event.id }, 'stripe checkout session without a workspace; ignored');
          return;
        }
        if (session.customerId) await sync.linkCustomer(tx, session.workspaceId, session.customerId);
        if (session.paymentStatus !== 'paid' && session.paymentStatus !== 'no_payment_required') return;
        if (session.mode === 'payment') await topUp(tx, session.workspaceId, session.id, session.price);
        if (session.mode === 'subscription' && session.subscriptionId) {
          await sync.applySubscription(tx, session.workspaceId, at, {
            subscriptionId: session.subscriptionId,
            status: 'active',
            priceKey: session.price,
            currentPeriodEnd: null,
          });
        }
        return;
      }
      case 'invoice.paid':
        return sync.invoicePaid(tx, readInvoice(event.data.object), at);
      case 'invoice.payment_failed':
        return sync.invoicePaymentFailed(tx, readInvoice(event.data.object), at, afterCommit);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return sync.subscriptionChanged(
          tx,
          readSubscription(event.data.object),
          at,
          event.type.endsWith('deleted'),
        );
      default:
        return;
    }
  }

  return {
    /** Verifies and processes one delivery; `duplicate` when the event id was processed before. */
    async receive(
      rawBody: Buffer,
      signature: string | undefined,
    ): Promise<{ duplicate: boolean; type: string }> {
      const event = await verify(rawBody, signature);
      const afterCommit: AfterCommit[] = [];
      const recorded = await transaction(db, async (tx) => {
        if (!(await recordStripeEvent(tx, { id: event.id, type: event.type, processedAt: clock.now() })))
          return false;
        await apply(tx, event, afterCommit);
        return true;
      });
      // Mail goes out only once the effect is committed, and a mail failure never fails the event.
      for (const task of afterCommit)
        await task().catch((error) => deps.log.error({ err: error }, 'billing mail failed'));
      return { duplicate: !recorded, type: event.type };
    },
  };
}
