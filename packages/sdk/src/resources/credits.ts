// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.credits: The balance, credits held by tracks in progress, and the ledger.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { type APIPromise, mapData } from '../core/api-promise.js';
import { PagePromise } from '../core/pagination.js';
import type { CreditEntry, Credits as CreditsBody, QueryOf, ResponseOf } from '../types.js';

export class Credits {
  constructor(protected readonly api: APIClient) {}

  /** Balance, held credits and the first page of the ledger. */
  retrieve(
    params: QueryOf<'/v1/credits', 'get'> = {},
    options: RequestOptions = {},
  ): APIPromise<CreditsBody> {
    return this.api.request<CreditsBody>({ method: 'GET', path: '/v1/credits', query: params, options });
  }

  /** The ledger (grants, holds, captures, refunds…), newest first, across pages. */
  listEntries(
    params: QueryOf<'/v1/credits', 'get'> = {},
    options?: RequestOptions,
  ): PagePromise<CreditEntry> {
    return new PagePromise(params, (query) =>
      mapData(
        this.api.request<ResponseOf<'/v1/credits', 'get'>>({
          method: 'GET',
          path: '/v1/credits',
          query,
          options,
        }),
        (body) => body.entries,
      ),
    );
  }
}
