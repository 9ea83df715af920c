// Wire shapes of the billing routes (snake_case, like Stripe's own).
import { z } from 'zod';
import { CATALOGUE_KEYS } from './billing-catalogue.js';

const HttpUrl = z.url({ protocol: /^https?$/ });

export const CheckoutBodySchema = z.object({
  price: z.enum(CATALOGUE_KEYS).describe('Catalogue item: a monthly plan or a one-off credit pack'),
  success_url: HttpUrl.describe('Where Stripe sends the buyer after paying; must be on an allowed origin'),
  cancel_url: HttpUrl.describe('Where Stripe sends the buyer on cancel; must be on an allowed origin'),
});

export const CheckoutSessionSchema = z.object({
  id: z.string().describe('Stripe Checkout Session id (cs_…)'),
  url: z.url().describe('Redirect the buyer here'),
});

export const PortalBodySchema = z.object({
  return_url: HttpUrl.describe('Where the portal sends the user back; must be on an allowed origin'),
});

export const PortalSessionSchema = z.object({
  url: z.url().describe('Redirect the user here'),
});

export const WebhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean().describe('True when this event id was processed before (nothing was done)'),
});
