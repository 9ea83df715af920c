// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.webhookEndpoints: The URLs that receive the workspace's events, each with its own secret.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type { BodyOf, QueryOf, WebhookEndpoint } from '../types.js';

export class WebhookEndpoints {
  constructor(protected readonly api: APIClient) {}

  /**
   * Registers a URL for event deliveries (every type when `event_types` is left out); the answer
   * has its `whsec_…` secret.
   */
  create(
    params: BodyOf<'/v1/webhook-endpoints', 'post'>,
    options: RequestOptions = {},
  ): APIPromise<WebhookEndpoint> {
    return this.api.request<WebhookEndpoint>({
      method: 'POST',
      path: '/v1/webhook-endpoints',
      body: params,
      options,
    });
  }

  /** One endpoint. */
  retrieve(id: string, options?: RequestOptions): APIPromise<WebhookEndpoint> {
    return this.api.request<WebhookEndpoint>({
      method: 'GET',
      path: `/v1/webhook-endpoints/${encodeURIComponent(id)}`,
      options,
    });
  }

  /**
   * Changes what is given; `enabled` true turns a disabled endpoint on again, a null `description`
   * clears it.
   */
  update(
    id: string,
    params: BodyOf<'/v1/webhook-endpoints/{id}', 'patch'> = {},
    options: RequestOptions = {},
  ): APIPromise<WebhookEndpoint> {
    return this.api.request<WebhookEndpoint>({
      method: 'PATCH',
      path: `/v1/webhook-endpoints/${encodeURIComponent(id)}`,
      body: params,
      options,
    });
  }

  /** The workspace's endpoints. */
  list(
    params: QueryOf<'/v1/webhook-endpoints', 'get'> = {},
    options?: RequestOptions,
  ): PagePromise<WebhookEndpoint> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<WebhookEndpoint>>({
        method: 'GET',
        path: '/v1/webhook-endpoints',
        query,
        options,
      }),
    );
  }

  /** Deletes the endpoint; its queued deliveries are cancelled. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.request<void>({
      method: 'DELETE',
      path: `/v1/webhook-endpoints/${encodeURIComponent(id)}`,
      options,
    });
  }
}
