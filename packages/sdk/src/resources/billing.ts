// client.billing: Stripe Checkout and the customer portal (signed-in users only).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import type { CheckoutParams, CheckoutSession, PortalParams, PortalSession } from '../types.js';

export class Billing {
  constructor(private readonly api: APIClient) {}

  /** A Checkout Session for a plan or a credit pack; send the user to its `url`. */
  checkout(params: CheckoutParams, options?: RequestOptions): Promise<CheckoutSession> {
    return this.api.request<CheckoutSession>({
      method: 'POST',
      path: '/v1/billing/checkout',
      body: params,
      options,
    });
  }

  /** The customer portal's `url`, where the user manages the subscription. */
  portal(params: PortalParams, options?: RequestOptions): Promise<PortalSession> {
    return this.api.request<PortalSession>({
      method: 'POST',
      path: '/v1/billing/portal',
      body: params,
      options,
    });
  }
}
