import { z } from 'zod';
import { prefixedId, timestamp } from '../../../platform/shared/wire-schemas.js';
import { EventTypeSchema } from '../events.schemas.js';
import type { EndpointRow } from './webhooks.repository.js';

const DescriptionSchema = z
  .string()
  .trim()
  .max(500, 'description has at most 500 characters')
  .describe('Your own note about the endpoint (at most 500 characters)');

export const WebhookEndpointSchema = z.object({
  id: prefixedId('whe', 'Webhook endpoint'),
  object: z.literal('webhook_endpoint'),
  url: z.string(),
  description: z.string().nullable().describe('Your own note about the endpoint'),
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
  description: DescriptionSchema.optional(),
  event_types: z.array(EventTypeSchema).max(20).optional().describe('Omit or [] for every event type'),
});

export const UpdateWebhookEndpointSchema = z
  .strictObject({
    url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional()
      .describe('A new public http(s) URL; checked like a new endpoint'),
    description: DescriptionSchema.nullable().optional().describe('A new note; null removes it'),
    event_types: z
      .array(EventTypeSchema)
      .max(20)
      .optional()
      .describe('The new list; [] for every event type'),
    enabled: z
      .boolean()
      .optional()
      .describe(
        'true enables a disabled endpoint again (after a 410 or 5 days of failures; what was cancelled stays cancelled, replay it from GET /v1/events); false disables it and cancels its queued deliveries',
      ),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Send at least one of url, description, event_types or enabled.',
  });
export type UpdateWebhookEndpointBody = z.output<typeof UpdateWebhookEndpointSchema>;

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
    description: endpoint.description,
    event_types: endpoint.event_types,
    secret: endpoint.secret,
    status: endpoint.status,
    disabled_reason: endpoint.disabled_reason,
    created_at: new Date(endpoint.created_at).toISOString(),
  };
}
