// Outgoing webhook endpoints: each has its own whsec_ secret and an optional list of event types.
import { type Db, transaction } from '../database/create-database.js';
import { AppError } from '../errors.js';
import type { EventType } from '../events/event.table.js';
import { generateSigningSecret } from '../events/event-signing.js';
import type { IdempotencyScope, IdempotencyService } from '../idempotency/idempotency.service.js';
import type { Clock } from '../shared/clock.js';
import { newId } from '../shared/ids.js';
import { fetchKeysetPage, type Page, type PageQuery } from '../shared/keyset-page.js';
import { presentWebhookEndpoint, type WebhookEndpointJson } from './webhook-endpoints.schemas.js';
import {
  deleteEndpoint,
  type EndpointRow,
  findEndpoint,
  insertEndpoint,
  listEndpointRows,
} from './webhooks.repository.js';

export type { EndpointRow } from './webhooks.repository.js';

export interface WebhookEndpointsDeps {
  db: Db;
  clock: Clock;
  idempotency: IdempotencyService;
  /** Throws 400 naming `param` when the URL may not receive webhooks (webhook-address.ts). */
  checkWebhookUrl: (url: string, param: string) => Promise<void>;
}

export interface CreateEndpointInput {
  url: string;
  event_types?: EventType[];
}

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;

export function createWebhookEndpointsService(deps: WebhookEndpointsDeps) {
  const { db, clock } = deps;

  async function getEndpoint(workspaceId: string, id: string): Promise<EndpointRow> {
    const endpoint = await findEndpoint(db, workspaceId, id);
    if (!endpoint) throw new AppError('not_found', `No webhook endpoint ${id} in this workspace.`);
    return endpoint;
  }

  return {
    getEndpoint,

    /** Creates the endpoint; with an Idempotency-Key scope its answer is stored in the same transaction. */
    async createEndpoint(
      workspaceId: string,
      input: CreateEndpointInput,
      idempotency?: IdempotencyScope,
    ): Promise<WebhookEndpointJson> {
      await deps.checkWebhookUrl(input.url, 'url');
      return transaction(db, async (tx) => {
        const row = await insertEndpoint(tx, {
          id: newId('whe'),
          workspace_id: workspaceId,
          url: input.url,
          event_types: [...new Set(input.event_types ?? [])],
          secret: generateSigningSecret(),
          created_at: clock.now(),
        });
        const json = presentWebhookEndpoint(row);
        if (idempotency) await deps.idempotency.complete(tx, idempotency, { status: 201, body: json });
        return json;
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
