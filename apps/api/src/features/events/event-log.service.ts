// The event outbox: every track status change appends one event in the caller's transaction, so an
// event exists exactly when the change it describes committed. Built once by the composition root
// and passed to the features that append (tracks, webhooks); what an event sets off in other
// features (webhook deliveries) is passed in as `fanOut`, so this feature imports none of them.
import type { Tx } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import { newId } from '../../platform/shared/ids.js';
import type { EventType } from './event.table.js';
import { findTrackWebhookUrl, insertAndNotifyEvent } from './events.repository.js';

export interface AppendEventInput {
  workspaceId: string;
  type: EventType;
  /** A track event carries the track; webhook_endpoint.disabled carries the endpoint (no secret). */
  data: { track: Record<string, unknown> } | { webhook_endpoint: Record<string, unknown> };
  /** Defaults to the clock's now; pass the time of the change the event describes. */
  createdAt?: Date;
  /** The track's own webhook_url when the caller has it in hand (saves a read in the transaction). */
  trackWebhookUrl?: string | null;
}

export interface AppendedEvent {
  id: string;
  type: string;
  created_at: string;
  data: unknown;
}

/** What else an event starts inside its own transaction (webhooks/: one delivery per receiver). */
export type EventFanOut = (
  tx: Tx,
  event: { eventId: string; workspaceId: string; type: EventType; trackWebhookUrl: string | null; now: Date },
) => Promise<void>;

export interface EventLog {
  /**
   * Inserts the event and NOTIFYs its id (one statement), runs the fan-out, all inside tx (the NOTIFY reaches
   * listeners only when tx commits). The JSON stored here is what gets signed and sent.
   */
  append(tx: Tx, input: AppendEventInput): Promise<AppendedEvent>;
}

export function createEventLog(deps: { clock: Clock; fanOut?: EventFanOut }): EventLog {
  return {
    async append(tx, input) {
      const createdAt = input.createdAt ?? deps.clock.now();
      const event: AppendedEvent = {
        id: newId('evt'),
        type: input.type,
        created_at: createdAt.toISOString(),
        data: input.data,
      };
      const payload = JSON.stringify(event);
      const trackId =
        'track' in input.data && typeof input.data.track.id === 'string' ? input.data.track.id : null;
      // The NOTIFY reaches listeners at commit, with the fan-out's rows committed beside it.
      await insertAndNotifyEvent(tx, {
        id: event.id,
        workspace_id: input.workspaceId,
        type: input.type,
        track_id: trackId,
        payload,
        created_at: createdAt,
      });
      if (deps.fanOut) {
        const trackWebhookUrl =
          input.trackWebhookUrl !== undefined
            ? input.trackWebhookUrl
            : trackId
              ? await findTrackWebhookUrl(tx, input.workspaceId, trackId)
              : null;
        await deps.fanOut(tx, {
          eventId: event.id,
          workspaceId: input.workspaceId,
          type: input.type,
          trackWebhookUrl,
          now: createdAt,
        });
      }
      // Return the parsed form of the stored JSON so callers see exactly what subscribers get.
      return JSON.parse(payload) as AppendedEvent;
    },
  };
}
