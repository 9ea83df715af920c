import { z } from 'zod';
import { EventTypeSchema } from '../events/events.schemas.js';
import { prefixedId, timestamp } from '../shared/wire-schemas.js';
import type { EndpointRow } from './webhooks.repository.js';

export const WebhookEndpointSchema = z.object({
  id: prefixedId('whe', 'Webhook endpoint'),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  event_types: z.array(EventTypeSchema).describe('Event types sent to this endpoint; empty = all'),
  secret: z.string().describe("whsec_… secret that signs this endpoint's deliveries (Standard Webhooks)"),
  status: z.enum(['enabled', 'disabled']),
  disabled_reason: z.string().nullable().describe('Why deliveries stopped, e.g. the URL answered 410 Gone'),
  created_at: timestamp(),
});

export const CreateWebhookEndpointSchema = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .describe('Public http(s) URL that receives POSTs of events'),
  event_types: z.array(EventTypeSchema).max(20).optional().describe('Omit or [] for every event type'),
});

export const WebhookEndpointParamsSchema = z.object({
  id: z.string().regex(/^whe_[0-9A-HJKMNP-TV-Z]{26}$/, 'a webhook endpoint id (whe_…)'),
});

export const WebhookEndpointListSchema = z.object({
  object: z.literal('list'),
  data: z.array(WebhookEndpointSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export type WebhookEndpointJson = z.infer<typeof WebhookEndpointSchema>;

export function presentWebhookEndpoint(endpoint: EndpointRow): WebhookEndpointJson {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    event_types: endpoint.event_types,
    secret: endpoint.secret,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    created_at: new Date(endpoint.created_at).toISOString(),
  };
}
