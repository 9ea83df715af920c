import { z } from 'zod';
import { PageQuerySchema } from '../../platform/shared/keyset-page.js';
import { timestamp } from '../../platform/shared/wire-schemas.js';
import { EVENT_TYPES, type EventType } from './event.table.js';
import type { StoredEvent } from './events.service.js';

export const EventTypeSchema = z.enum(EVENT_TYPES as [EventType, ...EventType[]]);

export const EventSchema = z.object({
  id: z.string().describe('evt_…; also the Standard Webhooks message id (webhook-id)'),
  type: EventTypeSchema,
  created_at: timestamp(),
  data: z.object({
    track: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('track.* events: the track as GET /v1/tracks/{id} shows it'),
    webhook_endpoint: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'webhook_endpoint.disabled: the endpoint as GET /v1/webhook-endpoints/{id} shows it, without its secret',
      ),
  }),
});

export const EventListQuerySchema = PageQuerySchema.extend({
  type: EventTypeSchema.optional().describe('Only events of this type'),
  track_id: z
    .string()
    .regex(/^trk_[0-9A-HJKMNP-TV-Z]{26}$/, 'track_id must be a track id such as trk_01J…')
    .optional()
    .describe(
      "Only events about this track (its progress history); an unknown or another workspace's track gives an empty list",
    ),
});

export const EventListSchema = z.object({
  object: z.literal('list'),
  data: z.array(EventSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export const JobSocketQuerySchema = z.object({
  last_event_id: z
    .string()
    .regex(
      /^evt_[0-9A-HJKMNP-TV-Z]{26}$/,
      'last_event_id must be an event id (evt_…) from a frame you received',
    )
    .optional()
    .describe('Replay every later event of the workspace, in order, before live ones'),
});

export const WorkspaceSchema = z.object({
  id: z.string(),
  object: z.literal('workspace'),
  name: z.string(),
  plan: z.enum(['free', 'studio', 'enterprise']),
  signing_secret: z
    .string()
    .describe(
      'whsec_… secret that signs WebSocket event frames and per-track webhook_url deliveries (Standard Webhooks)',
    ),
});

/** The stored JSON, parsed: exactly what was signed. */
export function presentEvent(event: StoredEvent): z.infer<typeof EventSchema> {
  return JSON.parse(event.payload) as z.infer<typeof EventSchema>;
}
