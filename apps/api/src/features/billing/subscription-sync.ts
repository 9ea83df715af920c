// Applies Stripe's view of a workspace's subscription to billing_customer and the workspace plan.
// Ordering rules, because Stripe does not guarantee delivery order:
// - state carries the Stripe `created` time of the event that set it; older events are ignored;
// - at the same second, `incomplete` never overwrites (subscription.created often shares a
//   second with the invoice.paid that activates it);
// - a canceled subscription stays canceled, and deleting a subscription other than the current one
//   (an old one, after a re-subscribe) changes nothing.

import type { Tx } from '../../platform/database/create-database.js';
import type { Plan } from '../../platform/http/auth-context.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { AccountService } from '../accounts/account.service.js';
import {
  findBillingCustomerByStripeCustomer,
  insertBillingCustomer,
  lockBillingCustomer,
  updateSubscriptionState,
} from './billing.repository.js';
import {
  type Catalogue,
  type CatalogueItem,
  findItemByStripePrice,
  isCatalogueKey,
} from './billing-catalogue.js';
import type { CreditsService } from './credits/credit.service.js';
import type { InvoiceFacts, SubscriptionFacts } from './stripe-objects.js';

export interface BillingLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The accounts side's mail outbox: sends off the request path, with retries. */
export type PaymentFailedMailer = { enqueue(message: MailMessage): void };

export type AfterCommit = () => Promise<void>;

/** Stripe statuses in which the workspace keeps its paid plan (past_due is Stripe's retry window). */
const PAID_STATUSES = new Set(['active', 'trialing', 'past_due']);

export interface SubscriptionSyncDeps {
  clock: Clock;
  catalogue: Catalogue;
  accounts: Pick<AccountService, 'findWorkspaceOwner' | 'setWorkspacePlan'>;
  credits: Pick<CreditsService, 'grantCredits'>;
  /** Mails the owner when a payment fails; when absent, the failure is only logged. */
  mailer?: PaymentFailedMailer;
  /** Origin for links in mail. */
  publicUrl: string;
  log: BillingLog;
}

interface SubscriptionChange {
  subscriptionId: string;
  status: string;
  priceKey: string | null;
  currentPeriodEnd: Date | null;
  deleted?: boolean;
}

export function createSubscriptionSync(deps: SubscriptionSyncDeps) {
  const { catalogue, accounts, credits, log } = deps;

  function itemFor(stripePriceIds: string[], priceKey: string | null): CatalogueItem | undefined {
    for (const id of stripePriceIds) {
      const item = findItemByStripePrice(catalogue, id);
      if (item?.mode === 'subscription') return item;
    }
    return isCatalogueKey(priceKey) ? catalogue[priceKey] : undefined;
  }

  async function linkCustomer(tx: Tx, workspaceId: string, stripeCustomerId: string): Promise<void> {
    await insertBillingCustomer(tx, { workspaceId, stripeCustomerId, now: deps.clock.now() });
  }

  /** The workspace a Stripe customer pays for, else the one named in metadata (linked on the way). */
  async function resolveWorkspace(
    tx: Tx,
    facts: { customerId: string | null; workspaceId: string | null },
  ): Promise<string | null> {
    if (facts.customerId) {
      const row = await findBillingCustomerByStripeCustomer(tx, facts.customerId);
      if (row) return row.workspace_id;
      if (facts.workspaceId) await linkCustomer(tx, facts.workspaceId, facts.customerId);
    }
    return facts.workspaceId;
  }

  async function applySubscription(
    tx: Tx,
    workspaceId: string,
    at: Date,
    change: SubscriptionChange,
  ): Promise<void> {
    const row = await lockBillingCustomer(tx, workspaceId);
    if (!row) {
      log.warn(
        { workspaceId, subscriptionId: change.subscriptionId },
        'stripe subscription for a workspace without a customer; ignored',
      );
      return;
    }
    const sameSubscription = row.stripe_subscription_id === change.subscriptionId;
    const current = row.stripe_subscription_id !== null && sameSubscription;
    if (current && row.subscription_status === 'canceled') return;
    if (change.deleted && row.stripe_subscription_id !== null && !sameSubscription) return;
    const syncedAt = row.subscription_synced_at;
    if (!change.deleted && syncedAt) {
      if (at < syncedAt) return;
      if (at.getTime() === syncedAt.getTime() && change.status === 'incomplete') return;
    }
    const status = change.deleted ? 'canceled' : change.status;
    const priceKey = change.deleted
      ? null
      : (change.priceKey ?? (sameSubscription ? row.subscription_price : null));
    const item = isCatalogueKey(priceKey) ? catalogue[priceKey] : undefined;
    const plan: Plan = PAID_STATUSES.has(status) && item?.plan ? item.plan : 'free';
    if (PAID_STATUSES.has(status) && !item) {
      log.warn(
        { workspaceId, subscriptionId: change.subscriptionId },
        'paid subscription to a price not in the catalogue; plan set to free',
      );
    }
    await updateSubscriptionState(
      tx,
      workspaceId,
      {
        stripeSubscriptionId: change.subscriptionId,
        status,
        price: priceKey,
        currentPeriodEnd: change.currentPeriodEnd ?? (sameSubscription ? row.current_period_end : null),
        syncedAt: syncedAt && syncedAt > at ? syncedAt : at,
      },
      deps.clock.now(),
    );
    await accounts.setWorkspacePlan(workspaceId, plan, tx);
  }

  return {
    linkCustomer,
    applySubscription,

    /** Grants the plan's monthly credits once per invoice and marks the subscription active. */
    async invoicePaid(tx: Tx, invoice: InvoiceFacts, at: Date): Promise<void> {
      const workspaceId = await resolveWorkspace(tx, invoice);
      if (!workspaceId) {
        log.warn({ invoiceId: invoice.id }, 'stripe invoice for an unknown customer; nothing granted');
        return;
      }
      const item = itemFor(invoice.stripePriceIds, invoice.priceKey);
      if (item?.mode === 'subscription' && item.credits > 0) {
        await credits.grantCredits(
          {
            workspaceId,
            amount: item.credits,
            kind: 'grant',
            sourceKey: `stripe:invoice:${invoice.id}`,
            description: `Monthly credits (${item.key})`,
          },
          tx,
        );
      }
      if (invoice.subscriptionId) {
        await applySubscription(tx, workspaceId, at, {
          subscriptionId: invoice.subscriptionId,
          status: 'active',
          priceKey: item?.key ?? null,
          currentPeriodEnd: invoice.periodEnd,
        });
      }
    },

    /** Marks the subscription past due and, after commit, tells the owner. */
    async invoicePaymentFailed(
      tx: Tx,
      invoice: InvoiceFacts,
      at: Date,
      afterCommit: AfterCommit[],
    ): Promise<void> {
      const workspaceId = await resolveWorkspace(tx, invoice);
      if (!workspaceId) {
        log.warn({ invoiceId: invoice.id }, 'stripe invoice for an unknown customer; ignored');
        return;
      }
      if (invoice.subscriptionId) {
        await applySubscription(tx, workspaceId, at, {
          subscriptionId: invoice.subscriptionId,
          status: 'past_due',
          priceKey: null,
          currentPeriodEnd: null,
        });
      }
      afterCommit.push(async () => {
        const owner = await accounts.findWorkspaceOwner(workspaceId);
        if (!owner) return;
        if (!deps.mailer) {
          log.warn(
            { workspaceId, invoiceId: invoice.id },
            'payment failed; no mailer configured, owner not mailed',
          );
          return;
        }
        deps.mailer.enqueue(paymentFailedMail(owner, deps.publicUrl));
      });
    },

    /** customer.subscription.created/updated/deleted: sync status, price, period end and plan. */
    async subscriptionChanged(
      tx: Tx,
      subscription: SubscriptionFacts,
      at: Date,
      deleted: boolean,
    ): Promise<void> {
      const workspaceId = await resolveWorkspace(tx, subscription);
      if (!workspaceId) {
        log.warn({ subscriptionId: subscription.id }, 'stripe subscription for an unknown customer; ignored');
        return;
      }
      const item = itemFor(subscription.stripePriceIds, subscription.priceKey);
      await applySubscription(tx, workspaceId, at, {
        subscriptionId: subscription.id,
        status: subscription.status ?? 'active',
        priceKey: item?.key ?? null,
        currentPeriodEnd: subscription.currentPeriodEnd,
        deleted,
      });
    },
  };
}

function paymentFailedMail(owner: { email: string; name: string | null }, publicUrl: string): MailMessage {
  const greeting = owner.name ? `Hi ${owner.name},` : 'Hi,';
  const text = [
    greeting,
    '',
    'Stripe could not collect the payment for your Trackforge subscription. Your plan stays active',
    'while Stripe retries; update your payment method to keep it:',
    `${publicUrl}/settings/billing`,
  ].join('\n');
  return {
    to: owner.email,
    subject: 'Trackforge: your payment failed',
    text,
    html: `<p>${escapeHtml(text).replaceAll('\n\n', '</p><p>').replaceAll('\n', ' ')}</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
