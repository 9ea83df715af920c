// The whole database as Kysely sees it: each feature declares its tables in its own x.table.ts
// and this interface joins them.
import type { Generated } from 'kysely';
import type { AppUserTable, MembershipTable, WorkspaceTable } from '../../features/accounts/account.table.js';
import type {
  AuthRateLimitTable,
  MagicLinkTable,
  SessionTable,
} from '../../features/accounts/auth/auth.table.js';
import type { ApiKeyTable } from '../../features/accounts/keys/api-key.table.js';
import type { BillingCustomerTable, StripeEventTable } from '../../features/billing/billing.table.js';
import type { CreditAccountTable, CreditEntryTable } from '../../features/billing/credits/credit.table.js';
import type { EventTable, WorkspaceSigningSecretTable } from '../../features/events/event.table.js';
import type {
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from '../../features/events/webhooks/webhook.table.js';
import type { TrackTable } from '../../features/tracks/track.table.js';
import type { VoiceTable } from '../../features/voices/voice.table.js';
import type { IdempotencyRecordTable } from '../idempotency/idempotency.table.js';
import type { JobTable } from '../jobs/job.table.js';

export interface AppMetaTable {
  key: string;
  value: unknown;
  updated_at: Generated<Date>;
}

export interface Database {
  app_meta: AppMetaTable;
  app_user: AppUserTable;
  workspace: WorkspaceTable;
  membership: MembershipTable;
  magic_link: MagicLinkTable;
  session: SessionTable;
  auth_rate_limit: AuthRateLimitTable;
  api_key: ApiKeyTable;
  credit_account: CreditAccountTable;
  credit_entry: CreditEntryTable;
  track: TrackTable;
  voice: VoiceTable;
  job: JobTable;
  idempotency_record: IdempotencyRecordTable;
  billing_customer: BillingCustomerTable;
  stripe_event: StripeEventTable;
  event: EventTable;
  workspace_signing_secret: WorkspaceSigningSecretTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
}
