// Generated from openapi.json and packages/sdk-manifest.json by scripts/generate-resources.ts.
// Do not edit: run `npm run generate:sdks`.
// client.billing: Stripe Checkout and the customer portal (signed-in users only).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { BodyOf, CheckoutSession, PortalSession } from '../types.js';

export class Billing {
  constructor(protected readonly api: APIClient) {}

  /** A Stripe Checkout Session for a plan or a credit pack; send the buyer to its `url`. */
  checkout(
    params: BodyOf<'/v1/billing/checkout', 'post'>,
    options: RequestOptions = {},
  ): APIPromise<CheckoutSession> {
    return this.api.request<CheckoutSession>({
      method: 'POST',
      path: '/v1/billing/checkout',
      body: params,
      options,
    });
  }

  /** The Stripe customer portal's `url`, where the user manages the subscription. */
  portal(
    params: BodyOf<'/v1/billing/portal', 'post'>,
    options: RequestOptions = {},
  ): APIPromise<PortalSession> {
    return this.api.request<PortalSession>({
      method: 'POST',
      path: '/v1/billing/portal',
      body: params,
      options,
    });
  }
}
