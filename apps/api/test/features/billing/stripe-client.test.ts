import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../src/config.js';
import { createCatalogue, findItemByStripePrice } from '../../../src/features/billing/billing-catalogue.js';
import { createStripeClient, webhookSecrets } from '../../../src/features/billing/stripe-client.js';

describe('billing configuration', () => {
  it('builds no Stripe client without STRIPE_SECRET_KEY', async () => {
    assert.equal(await createStripeClient(loadConfig({})), undefined);
  });

  it('splits STRIPE_API_BASE into the host, port and protocol the SDK takes', async () => {
    const stripe = await createStripeClient(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_API_BASE: 'http://127.0.0.1:12111' }),
    );
    const settings = (
      stripe as unknown as { _api: { host: string; port: string | number; protocol: string } }
    )._api;
    assert.equal(settings.host, '127.0.0.1');
    assert.equal(String(settings.port), '12111');
    assert.equal(settings.protocol, 'http');
  });

  it('accepts two comma-separated webhook secrets during rotation', () => {
    assert.deepEqual(webhookSecrets(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_a, whsec_b' })), [
      'whsec_a',
      'whsec_b',
    ]);
    assert.deepEqual(webhookSecrets(loadConfig({})), []);
  });

  it('maps catalogue keys to configured prices and documented default credit amounts', () => {
    const catalogue = createCatalogue(
      loadConfig({
        STRIPE_PRICE_STUDIO_MONTHLY: 'price_s',
        STRIPE_PRICE_CREDITS_500: 'price_p',
        CREDITS_PACK_500: '600',
      }),
    );
    assert.equal(catalogue.studio_monthly.credits, 500);
    assert.equal(catalogue.enterprise_monthly.credits, 5000);
    assert.equal(catalogue.credits_100.credits, 100);
    assert.equal(catalogue.credits_500.credits, 600);
    assert.equal(findItemByStripePrice(catalogue, 'price_s')?.key, 'studio_monthly');
    assert.equal(catalogue.enterprise_monthly.stripePriceId, undefined);
  });

  it('refuses a price variable that is not a Stripe price id', () => {
    assert.throws(() => loadConfig({ STRIPE_PRICE_CREDITS_100: 'prod_123' }), /STRIPE_PRICE_CREDITS_100/);
  });
});
