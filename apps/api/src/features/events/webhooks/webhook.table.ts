import type { ColumnType, Generated } from 'kysely';
import type { EventType } from '../event.table.js';

export type WebhookEndpointStatus = 'enabled' | 'disabled';
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookEndpointTable {
  id: string;
  workspace_id: string;
  url: string;
  /** Empty array = every event type. */
  event_types: ColumnType<EventType[], string, string>;
  secret: string;
  /** The workspace's own note about the endpoint. */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  status: Generated<WebhookEndpointStatus>;
  disabled_reason: string | null;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failing_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookDeliveryTable {
  id: string;
  event_id: string;
  workspace_id: string;
  /** null = the track's own webhook_url, signed with the workspace secret. */
  endpoint_id: string | null;
  url: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../../platform/database/schema.js' {
  interface Database {
    webhook_endpoint: WebhookEndpointTable;
    webhook_delivery: WebhookDeliveryTable;
  }
}
