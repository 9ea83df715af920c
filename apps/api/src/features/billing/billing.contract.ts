// The billing feature's contract rows (Stripe Checkout, the portal, Stripe's webhook) and worked
// examples; billing.plugin.ts registers them (platform/http/openapi-contract.ts).
import type { ContractRows } from '../../platform/http/openapi-contract.js';

export const BILLING_CONTRACT: ContractRows = {
  'POST /v1/billing/checkout': {
    access: 'user',
    errors: ['billing_not_configured', 'not_found'],
    example: {
      request: {
        price: 'studio_monthly',
        success_url: 'https://trackforge.dev/studio?checkout=done',
        cancel_url: 'https://trackforge.dev/studio',
      },
      response: { id: 'cs_test_a1B2c3', url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3' },
    },
  },
  'POST /v1/billing/portal': {
    access: 'user',
    errors: ['billing_not_configured', 'not_found'],
    example: {
      request: { return_url: 'https://trackforge.dev/studio' },
      response: { url: 'https://billing.stripe.com/p/session/test_a1B2c3' },
    },
  },
  'POST /v1/webhooks/stripe': {
    access: 'stripe',
    errors: ['billing_not_configured'],
    example: {
      request: {
        id: 'evt_1Q2w3E4r5T6y',
        object: 'event',
        type: 'checkout.session.completed',
        data: { object: {} },
      },
      response: { received: true, duplicate: false },
    },
  },
};
