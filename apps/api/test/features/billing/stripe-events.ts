// Builders for Stripe event payloads as Stripe sends them (API version 2025-03-31 and later
// shapes), and a helper that signs and delivers them with the SDK's test-header helper.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

let sequence = 0;

export function stripeEvent(type: string, createdSeconds: number, object: Record<string, unknown>) {
  sequence += 1;
  return {
    id: `evt_test_${Date.now()}_${sequence}`,
    object: 'event',
    type,
    created: createdSeconds,
    data: { object },
  };
}

export function checkoutSession(fields: {
  id: string;
  mode: 'payment' | 'subscription';
  paymentStatus: 'paid' | 'unpaid';
  workspaceId: string;
  price: string;
  customer?: string;
  subscription?: string;
}) {
  return {
    id: fields.id,
    object: 'checkout.session',
    mode: fields.mode,
    payment_status: fields.paymentStatus,
    status: 'complete',
    client_reference_id: fields.workspaceId,
    customer: fields.customer ?? null,
    subscription: fields.subscription ?? null,
    metadata: { workspace_id: fields.workspaceId, price: fields.price },
  };
}

export function invoice(fields: {
  id: string;
  customer: string;
  subscription: string;
  stripePrice: string;
  periodEndSeconds: number;
  metadata?: Record<string, string>;
}) {
  return {
    id: fields.id,
    object: 'invoice',
    customer: fields.customer,
    status: 'paid',
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: fields.subscription, metadata: fields.metadata ?? {} },
    },
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${fields.id}`,
          period: { start: fields.periodEndSeconds - 30 * 86400, end: fields.periodEndSeconds },
          pricing: { type: 'price_details', price_details: { price: fields.stripePrice } },
        },
      ],
    },
  };
}

export function subscription(fields: {
  id: string;
  customer: string;
  status: string;
  stripePrice: string;
  periodEndSeconds: number;
  metadata?: Record<string, string>;
}) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id}`,
          price: { id: fields.stripePrice, object: 'price' },
          current_period_end: fields.periodEndSeconds,
        },
      ],
    },
  };
}

/** Signs the event like Stripe does and posts it; `timestampSeconds` defaults to the app clock's now. */
export async function deliver(
  app: FastifyInstance,
  event: unknown,
  options: { secret: string; timestampSeconds: number; signature?: string },
) {
  const payload = JSON.stringify(event);
  const header =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret,
      timestamp: options.timestampSeconds,
    });
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}
