// Reading the event log: GET /v1/events, WebSocket replay and retention. Appending is event-log.ts.
import type { Db } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../../platform/shared/keyset-page.js';
import type { EventType } from './event.table.js';
import {
  deleteEventsCreatedBefore,
  findWorkspaceEvent,
  listEventRows,
  listEventsAfterSeq,
  type StoredEvent,
} from './events.repository.js';

export type { StoredEvent } from './events.repository.js';

/** How long events stay readable (GET /v1/events and WebSocket replay). */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

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
