// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.apiKeys: API keys of the workspace (signed-in users only; Studio and Enterprise plans).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { type ListBody, PagePromise } from '../core/pagination.js';
import type { ApiKey, ApiKeyWithSecret, BodyOf, QueryOf } from '../types.js';

export class ApiKeys {
  constructor(protected readonly api: APIClient) {}

  /** A new key; its `secret` is shown only in this answer. */
  create(params: BodyOf<'/v1/api-keys', 'post'>, options: RequestOptions = {}): APIPromise<ApiKeyWithSecret> {
    return this.api.request<ApiKeyWithSecret>({
      method: 'POST',
      path: '/v1/api-keys',
      body: params,
      options,
    });
  }

  /** The workspace's keys, without secrets. */
  list(params: QueryOf<'/v1/api-keys', 'get'> = {}, options?: RequestOptions): PagePromise<ApiKey> {
    return new PagePromise(params, (query) =>
      this.api.request<ListBody<ApiKey>>({ method: 'GET', path: '/v1/api-keys', query, options }),
    );
  }

  /** One live key, without its secret (a revoked key is NotFoundError). */
  retrieve(id: string, options?: RequestOptions): APIPromise<ApiKey> {
    return this.api.request<ApiKey>({
      method: 'GET',
      path: `/v1/api-keys/${encodeURIComponent(id)}`,
      options,
    });
  }

  /** Revokes the key; it stops working at once. */
  delete(id: string, options?: RequestOptions): APIPromise<void> {
    return this.api.request<void>({
      method: 'DELETE',
      path: `/v1/api-keys/${encodeURIComponent(id)}`,
      options,
    });
  }
}
