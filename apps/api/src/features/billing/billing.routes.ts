// POST /v1/billing/checkout, POST /v1/billing/portal (signed-in workspace owner) and
// POST /v1/webhooks/stripe (Stripe's signature, no credential).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../platform/http/auth-context.js';
import {
  CheckoutBodySchema,
  CheckoutSessionSchema,
  PortalBodySchema,
  PortalSessionSchema,
  WebhookReceiptSchema,
} from './billing.schemas.js';
import type { BillingService } from './billing.service.js';
import type { StripeWebhookService } from './stripe-webhook.service.js';

export interface BillingRouteDeps {
  billing: BillingService;
  stripeWebhooks: StripeWebhookService;
}

export async function registerBillingRoutes(app: FastifyInstance, deps: BillingRouteDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/billing/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'Start a checkout',
        description:
          'Start a Stripe Checkout Session for a plan or a credit pack (workspace owner). Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.',
        body: CheckoutBodySchema,
        response: { 200: CheckoutSessionSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return deps.billing.createCheckoutSession({
        workspaceId: auth.workspaceId,
        userId: auth.userId,
        price: request.body.price,
        successUrl: request.body.success_url,
        cancelUrl: request.body.cancel_url,
      });
    },
  );
  routes.post(
    '/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'Open the billing portal',
        description:
          "Open the Stripe customer portal for the workspace's subscription (workspace owner). Needs a signed-in user (API keys get 403). 503 billing_not_configured when the server has no Stripe key.",
        body: PortalBodySchema,
        response: { 200: PortalSessionSchema },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return deps.billing.createPortalSession({
        workspaceId: auth.workspaceId,
        userId: auth.userId,
        returnUrl: request.body.return_url,
      });
    },
  );
  // Encapsulated so the raw-body JSON parser applies to this route only; the signature is
  // computed over the exact bytes Stripe sent.
  await app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhooks.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/stripe',
      {
        schema: {
          tags: ['billing'],
          summary: 'Receive a Stripe event',
          description: 'Receive a Stripe event (verified with the Stripe-Signature header).',
          headers: z.object({ 'stripe-signature': z.string().optional() }),
          response: { 200: WebhookReceiptSchema },
        },
      },
      async (request) => {
        const result = await deps.stripeWebhooks.receive(
          request.body as Buffer,
          request.headers['stripe-signature'],
        );
        request.log.info({ type: result.type, duplicate: result.duplicate }, 'stripe event received');
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
}
