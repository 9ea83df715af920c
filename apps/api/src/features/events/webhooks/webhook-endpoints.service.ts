// Outgoing webhook endpoints: each has its own whsec_ secret and an optional list of event types;
// a workspace holds at most its plan's number of them (every endpoint receives every event).

import { AppError } from '../../../errors.js';
import { type Db, transaction } from '../../../platform/database/create-database.js';
import { lockWorkspace } from '../../../platform/database/workspace-lock.js';
import type {
  IdempotencyScope,
  IdempotencyService,
} from '../../../platform/idempotency/idempotency.service.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../../../platform/shared/keyset-page.js';
import { assertUnderPlanCap, type PlanCaps } from '../../../platform/shared/plan-caps.js';
import type { EventType } from '../event.table.js';
import { generateSigningSecret } from '../event-signing.js';
import {
  presentWebhookEndpoint,
  type UpdateWebhookEndpointBody,
  type WebhookEndpointJson,
} from './webhook-endpoints.schemas.js';
import {
  countEndpoints,
  deleteEndpoint,
  disableEndpoint,
  type EndpointRow,
  enableEndpoint,
  findEndpoint,
  insertEndpoint,
  listEndpointRows,
  updateEndpointSettings,
} from './webhooks.repository.js';

export type { EndpointRow } from './webhooks.repository.js';

export interface WebhookEndpointsDeps {
  db: Db;
  clock: Clock;
  idempotency: IdempotencyService;
  /** Throws 400 naming `param` when the URL may not receive webhooks (webhook-address.ts). */
  checkWebhookUrl: (url: string, param: string) => Promise<void>;
  /** The most endpoints a workspace may hold, by plan (billing-catalogue.ts WORKSPACE_CAPS). */
  endpointsPerWorkspace: PlanCaps;
}

export interface CreateEndpointInput {
  url: string;
  description?: string;
  event_types?: EventType[];
}

const DISABLED_BY_REQUEST = 'Disabled through PATCH /v1/webhook-endpoints/{id} (enabled: false).';

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;

export function createWebhookEndpointsService(deps: WebhookEndpointsDeps) {
  const { db, clock } = deps;

  async function getEndpoint(workspaceId: string, id: string): Promise<EndpointRow> {
    const endpoint = await findEndpoint(db, workspaceId, id);
    if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${id} in this workspace.`);
    return endpoint;
  }

  return {
    endpointsPerWorkspace: deps.endpointsPerWorkspace,
    getEndpoint,

    /** Creates the endpoint; with an Idempotency-Key scope its answer is stored in the same transaction. */
    async createEndpoint(
      workspaceId: string,
      input: CreateEndpointInput,
      idempotency?: IdempotencyScope,
    ): Promise<WebhookEndpointJson> {
      await deps.checkWebhookUrl(input.url, 'url');
      return transaction(db, async (tx) => {
        const workspace = await lockWorkspace(tx, workspaceId);
        if (!workspace) throw new Error(`workspace ${workspaceId} does not exist`);
        assertUnderPlanCap({
          plan: workspace.plan,
          caps: deps.endpointsPerWorkspace,
          held: await countEndpoints(tx, workspaceId),
          things: 'webhook endpoints',
          freeOne: 'delete one you no longer use (DELETE /v1/webhook-endpoints/{id})',
        });
        const row = await insertEndpoint(tx, {
          id: newId('whe'),
          workspace_id: workspaceId,
          url: input.url,
          description: input.description || null,
          event_types: [...new Set(input.event_types ?? [])],
          secret: generateSigningSecret(),
          created_at: clock.now(),
        });
        const json = presentWebhookEndpoint(row);
        if (idempotency) await deps.idempotency.complete(tx, idempotency, { status: 201, body: json });
        return json;
      });
    },

    /**
     * PATCH: a new URL (checked like a new one), note or event types, and enabling or disabling.
     * All in one transaction, so a refused URL changes nothing.
     */
    async updateEndpoint(
      workspaceId: string,
      id: string,
      input: UpdateWebhookEndpointBody,
    ): Promise<EndpointRow> {
      if (input.url !== undefined) await deps.checkWebhookUrl(input.url, 'url');
      return transaction(db, async (tx) => {
        const now = clock.now();
        const changes = {
          url: input.url,
          description: input.description === undefined ? undefined : input.description || null,
          event_types: input.event_types && [...new Set(input.event_types)],
        };
        const updated = await updateEndpointSettings(tx, workspaceId, id, changes, now);
        if (!updated) throw new AppError('not_found', `No webhook endpoint ${id} in this workspace.`);
        if (input.enabled === true) await enableEndpoint(tx, id, now);
        if (input.enabled === false) await disableEndpoint(tx, id, DISABLED_BY_REQUEST, now);
        return (await findEndpoint(tx, workspaceId, id))!;
      });
    },

    listEndpoints(workspaceId: string, query: PageQuery): Promise<Page<EndpointRow>> {
      return fetchKeysetPage(
        query,
        (options) => listEndpointRows(db, { workspaceId, ...options }),
        (id) => findEndpoint(db, workspaceId, id),
      );
    },

    async deleteEndpoint(workspaceId: string, id: string): Promise<void> {
      if (!(await deleteEndpoint(db, workspaceId, id))) {
        throw new AppError('not_found', `No webhook endpoint ${id} in this workspace.`);
      }
    },
  };
}
