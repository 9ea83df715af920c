// client.credits: the balance (available and held) and the ledger behind it.
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { PagePromise } from '../core/pagination.js';
import type { CreditEntry, CreditListParams, Credits as CreditsBody } from '../types.js';

export class Credits {
  constructor(private readonly api: APIClient) {}

  /** `{ balance, held, entries }` with the first page of the ledger. */
  retrieve(params: CreditListParams = {}, options?: RequestOptions): Promise<CreditsBody> {
    return this.api.request<CreditsBody>({ method: 'GET', path: '/v1/credits', query: params, options });
  }

  /** The ledger (grants, holds, captures, refunds…), newest first, across pages. */
  listEntries(params: CreditListParams = {}, options?: RequestOptions): PagePromise<CreditEntry> {
    return new PagePromise(params, async (query) => (await this.retrieve(query, options)).entries);
  }
}
