// client.webhookEndpoints: the URLs that receive the workspace's events, each with its own secret.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type {
  WebhookEndpoint,
  WebhookEndpointCreateParams,
  WebhookEndpointListParams,
  WebhookEndpointUpdateParams,
} from '../types.js';

export class WebhookEndpoints {
  constructor(private readonly api: APIClient) {}

  /** A new endpoint with its `whsec_…` secret, for `client.webhooks.unwrap`. */
  create(params: WebhookEndpointCreateParams, options?: RequestOptions): Promise<WebhookEndpoint> {
    return this.api.request<WebhookEndpoint>({
      method: 'POST',
      path: '/v1/webhook-endpoints',
      body: params,
      options,
    });
  }

  retrieve(id: string, options?: RequestOptions): Promise<WebhookEndpoint> {
    const path = `/v1/webhook-endpoints/${encodeURIComponent(id)}`;
    return this.api.request<WebhookEndpoint>({ method: 'GET', path, options });
  }

  /**
   * Changes an endpoint; `{ enabled: true }` turns it on again after it was disabled (a 410, or
   * 5 days of failures). Fields left out stay as they are.
   * @example await client.webhookEndpoints.update(endpoint.id, { enabled: true });
   */
  update(
    id: string,
    params: WebhookEndpointUpdateParams,
    options?: RequestOptions,
  ): Promise<WebhookEndpoint> {
    const path = `/v1/webhook-endpoints/${encodeURIComponent(id)}`;
    return this.api.request<WebhookEndpoint>({ method: 'PATCH', path, body: params, options });
  }

  list(params: WebhookEndpointListParams = {}, options?: RequestOptions): PagePromise<WebhookEndpoint> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<WebhookEndpoint>>({
        method: 'GET',
        path: '/v1/webhook-endpoints',
        query,
        options,
      }),
    );
  }

  async delete(id: string, options?: RequestOptions): Promise<void> {
    const path = `/v1/webhook-endpoints/${encodeURIComponent(id)}`;
    await this.api.request({ method: 'DELETE', path, options });
  }
}
