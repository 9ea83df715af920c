import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type Stripe from 'stripe';
import { loadConfig } from '../../../src/config.js';
import { createStripeClient } from '../../../src/features/billing/stripe-client.js';
import { createTestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { findStripeMock, type RunningStripeMock, startStripeMock } from './stripe-mock.js';

const ORIGIN = 'https://studio.example.com';
const prices = {
  STRIPE_PRICE_STUDIO_MONTHLY: 'price_studio',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_enterprise',
  STRIPE_PRICE_CREDITS_100: 'price_pack100',
  STRIPE_PRICE_CREDITS_500: 'price_pack500',
};
const stripeMock = findStripeMock();
const skip = stripeMock
  ? false
  : 'stripe-mock is not installed: run scripts/install-stripe-mock.sh (.ci/run does) or set STRIPE_MOCK_BIN';

for (const kind of testDatabaseKinds()) {
  describe(`POST /v1/billing/checkout and /v1/billing/portal against stripe-mock on ${kind}`, {
    skip,
  }, () => {
    let mock: RunningStripeMock;
    let t: TestApp;
    const sent: { method?: string; path?: string; body?: Record<string, unknown> }[] = [];

    before(async () => {
      mock = await startStripeMock(stripeMock!);
      const env = {
        STRIPE_SECRET_KEY: 'sk_test_billing',
        STRIPE_API_BASE: mock.url,
        ALLOWED_ORIGINS: ORIGIN,
        ...prices,
      };
      const stripe = (await createStripeClient(loadConfig(env), { emitEventBodies: true })) as Stripe;
      stripe.on('request', (event: (typeof sent)[number]) =>
        sent.push({ method: event.method, path: event.path, body: event.body }),
      );
      t = await createTestApp(kind, { env, deps: { stripe } });
    });
    after(async () => {
      await t?.close();
      await mock?.stop();
    });

    const checkout = (headers: Record<string, string>, body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/v1/billing/checkout', headers, payload: body });
    const requestsTo = (path: string) => sent.filter((request) => request.path === path);

    it('creates a payment-mode session for a credit pack with the workspace as customer and metadata', async () => {
      const owner = await createTestAccount(t, { plan: 'free' });
      sent.length = 0;
      const reply = await checkout(owner.headers, {
        price: 'credits_100',
        success_url: `${ORIGIN}/billing/done`,
        cancel_url: `${ORIGIN}/billing`,
      });
      assert.equal(reply.statusCode, 200, reply.body);
      assert.match(reply.json().id, /^cs_/);
      assert.match(reply.json().url, /^https:\/\//);
      const [customer] = requestsTo('/v1/customers');
      assert.deepEqual(customer?.body, { email: owner.email, metadata: { workspace_id: owner.workspaceId } });
      const [session] = requestsTo('/v1/checkout/sessions');
      const metadata = { workspace_id: owner.workspaceId, price: 'credits_100' };
      assert.equal(session?.method, 'POST');
      assert.deepEqual(session?.body, {
        mode: 'payment',
        customer: session?.body?.customer,
        client_reference_id: owner.workspaceId,
        line_items: [{ price: 'price_pack100', quantity: 1 }],
        success_url: `${ORIGIN}/billing/done`,
        cancel_url: `${ORIGIN}/billing`,
        metadata,
        payment_intent_data: { metadata },
      });
      assert.match(String(session?.body?.customer), /^cus_/);
      const row = await t.database.db
        .selectFrom('billing_customer')
        .selectAll()
        .where('workspace_id', '=', owner.workspaceId)
        .executeTakeFirstOrThrow();
      assert.equal(row.stripe_customer_id, session?.body?.customer);

      // A subscription for the same workspace reuses its customer and tags the subscription.
      sent.length = 0;
      const second = await checkout(owner.headers, {
        price: 'studio_monthly',
        success_url: `${ORIGIN}/ok`,
        cancel_url: `${ORIGIN}/no`,
      });
      assert.equal(second.statusCode, 200, second.body);
      assert.equal(requestsTo('/v1/customers').length, 0);
      const [subscriptionSession] = requestsTo('/v1/checkout/sessions');
      assert.equal(subscriptionSession?.body?.mode, 'subscription');
      assert.equal(subscriptionSession?.body?.customer, row.stripe_customer_id);
      assert.deepEqual(subscriptionSession?.body?.line_items, [{ price: 'price_studio', quantity: 1 }]);
      assert.deepEqual(subscriptionSession?.body?.subscription_data, {
        metadata: { workspace_id: owner.workspaceId, price: 'studio_monthly' },
      });

      // The portal opens for the same customer.
      sent.length = 0;
      const portal = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/portal',
        headers: owner.headers,
        payload: { return_url: `${ORIGIN}/settings` },
      });
      assert.equal(portal.statusCode, 200, portal.body);
      assert.match(portal.json().url, /^https:\/\//);
      assert.deepEqual(requestsTo('/v1/billing_portal/sessions')[0]?.body, {
        customer: row.stripe_customer_id,
        return_url: `${ORIGIN}/settings`,
      });
    });

    it('answers 404 for the portal before the workspace has a Stripe customer', async () => {
      const owner = await createTestAccount(t, { plan: 'free' });
      const reply = await t.app.inject({
        method: 'POST',
        url: '/v1/billing/portal',
        headers: owner.headers,
        payload: { return_url: `${ORIGIN}/settings` },
      });
      assert.equal(reply.statusCode, 404);
      assert.equal(reply.json().code, 'not_found');
      assert.match(reply.json().detail, /billing\/checkout/);
    });

    it('refuses foreign redirect origins, unknown prices, API keys and anonymous callers without calling Stripe', async () => {
      const owner = await createTestAccount(t, { plan: 'studio' });
      sent.length = 0;
      const foreign = await checkout(owner.headers, {
        price: 'credits_100',
        success_url: 'https://evil.example.net/x',
        cancel_url: `${ORIGIN}/no`,
      });
      assert.equal(foreign.statusCode, 400);
      assert.equal(foreign.json().param, 'success_url');
      const unknown = await checkout(owner.headers, {
        price: 'gold',
        success_url: `${ORIGIN}/a`,
        cancel_url: `${ORIGIN}/b`,
      });
      assert.equal(unknown.statusCode, 400);
      assert.equal(unknown.json().param, 'price');
      const body = { price: 'credits_100', success_url: `${ORIGIN}/a`, cancel_url: `${ORIGIN}/b` };
      const withKey = await checkout(owner.apiKeyHeaders!, body);
      assert.equal(withKey.statusCode, 403);
      assert.equal(withKey.json().code, 'forbidden');
      const anonymous = await checkout({}, body);
      assert.equal(anonymous.statusCode, 401);
      assert.equal(sent.length, 0);
    });
  });
}

describe('billing routes without STRIPE_SECRET_KEY', () => {
  it('answer 503 billing_not_configured naming the variables to set', async () => {
    const t = await createTestApp('pglite');
    try {
      const owner = await createTestAccount(t, { plan: 'free' });
      for (const [url, payload] of [
        [
          '/v1/billing/checkout',
          {
            price: 'credits_100',
            success_url: `${t.config.PUBLIC_URL}/a`,
            cancel_url: `${t.config.PUBLIC_URL}/b`,
          },
        ],
        ['/v1/billing/portal', { return_url: `${t.config.PUBLIC_URL}/a` }],
      ] as const) {
        const reply = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
        assert.equal(reply.statusCode, 503, reply.body);
        assert.equal(reply.json().code, 'billing_not_configured');
        assert.match(reply.json().detail, /STRIPE_SECRET_KEY/);
      }
      const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: owner.headers });
      assert.equal(me.statusCode, 200);
    } finally {
      await t.close();
    }
  });
});
