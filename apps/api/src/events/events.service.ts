// The event outbox: every track status change appends one event in the caller's transaction, so an
// event exists exactly when the change it describes committed.
import type { Db, Tx } from '../database/create-database.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../shared/keyset-page.js';
import { enqueueWebhookDeliveries } from '../webhooks/webhook-deliveries.service.js';
import type { EventType } from './event.table.js';
import {
  deleteEventsCreatedBefore,
  findTrackWebhookUrl,
  findWorkspaceEvent,
  insertEvent,
  listEventRows,
  listEventsAfterSeq,
  notifyEvent,
  type StoredEvent,
} from './events.repository.js';

export type { StoredEvent } from './events.repository.js';

/** How long events stay readable (GET /v1/events and WebSocket replay). */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface AppendEventInput {
  workspaceId: string;
  type: EventType;
  /** A track event carries the track; webhook_endpoint.disabled carries the endpoint (no secret). */
  data: { track: Record<string, unknown> } | { webhook_endpoint: Record<string, unknown> };
  /** Defaults to now; pass the injected clock's time so tests and retention agree. */
  createdAt?: Date;
}

export interface AppendedEvent {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
}

/**
 * Inserts the event, queues its webhook deliveries and NOTIFYs its id, all inside tx (the NOTIFY
 * reaches listeners only when tx commits). The JSON stored here is what gets signed and sent.
 */
export async function appendEvent(tx: Tx, input: AppendEventInput): Promise<AppendedEvent> {
  const createdAt = input.createdAt ?? new Date();
  const event: AppendedEvent = {
    id: newId('evt'),
    type: input.type,
    created_at: createdAt.toISOString(),
    data: input.data,
  };
  const payload = JSON.stringify(event);
  const trackId =
    'track' in input.data && typeof input.data.track.id === 'string' ? input.data.track.id : null;
  await insertEvent(tx, {
    id: event.id,
    workspace_id: input.workspaceId,
    type: input.type,
    track_id: trackId,
    payload,
    created_at: createdAt,
  });
  const trackWebhookUrl = trackId ? await findTrackWebhookUrl(tx, input.workspaceId, trackId) : null;
  await enqueueWebhookDeliveries(tx, {
    eventId: event.id,
    workspaceId: input.workspaceId,
    type: input.type,
    trackWebhookUrl,
    now: createdAt,
  });
  await notifyEvent(tx, event.id);
  // Return the parsed form of the stored JSON so callers see exactly what subscribers get.
  return JSON.parse(payload) as AppendedEvent;
}

export type EventsService = ReturnType<typeof createEventsService>;

export function createEventsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    listEvents(
      workspaceId: string,
      query: PageQuery & { type?: EventType; track_id?: string },
    ): Promise<Page<StoredEvent>> {
      return fetchKeysetPage(
        query,
        (options) =>
          listEventRows(db, { workspaceId, type: query.type, trackId: query.track_id, ...options }),
        (id) => findWorkspaceEvent(db, workspaceId, id),
      );
    },

    /** The workspace's event with this id, or undefined (also for another workspace's event). */
    findEvent: (workspaceId: string, id: string) => findWorkspaceEvent(db, workspaceId, id),

    /** The workspace's events inserted after the given one, oldest first, in batches. */
    listEventsAfter: (workspaceId: string, afterSeq: number, limit: number) =>
      listEventsAfterSeq(db, workspaceId, afterSeq, limit),

    /** Deletes events older than the retention window (their webhook deliveries go with them). */
    deleteExpiredEvents(): Promise<number> {
      return deleteEventsCreatedBefore(db, new Date(clock.now().getTime() - EVENT_RETENTION_MS));
    },
  };
}
