import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccountService } from '../../../src/features/accounts/account.service.js';
import { insertBillingCustomer } from '../../../src/features/billing/billing.repository.js';
import { createCreditsService } from '../../../src/features/billing/credits/credit.service.js';
import { createTestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { checkoutSession, deliver, invoice, stripeEvent, subscription } from './stripe-events.js';

const OLD_SECRET = 'whsec_old_secret_for_tests';
const NEW_SECRET = 'whsec_new_secret_for_tests';
const env = {
  STRIPE_WEBHOOK_SECRET: `${OLD_SECRET},${NEW_SECRET}`,
  STRIPE_PRICE_STUDIO_MONTHLY: 'price_studio',
  STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_enterprise',
  STRIPE_PRICE_CREDITS_100: 'price_pack100',
  STRIPE_PRICE_CREDITS_500: 'price_pack500',
};

for (const kind of testDatabaseKinds()) {
  describe(`POST /v1/webhooks/stripe on ${kind}`, () => {
    let t: TestApp;
    let accounts: ReturnType<typeof createAccountService>;
    let credits: ReturnType<typeof createCreditsService>;
    let nowSeconds: number;
    let emailCounter = 0;

    before(async () => {
      t = await createTestApp(kind, { env });
      accounts = createAccountService({ db: t.database.db, clock: t.clock });
      credits = createCreditsService({ db: t.database.db, clock: t.clock });
      nowSeconds = Math.floor(t.clock.now().getTime() / 1000);
    });
    after(() => t.close());

    async function newWorkspace(): Promise<string> {
      emailCounter += 1;
      const { workspace } = await accounts.findOrCreateUser(`billing-${kind}-${emailCounter}@example.com`);
      return workspace.id;
    }
    const send = (event: unknown, secret = OLD_SECRET) =>
      deliver(t.app, event, { secret, timestampSeconds: nowSeconds });
    const sendTwice = async (event: unknown) => {
      const first = await send(event);
      const second = await send(event);
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(second.statusCode, 200, second.body);
      assert.equal(first.json().duplicate, false);
      assert.equal(second.json().duplicate, true);
    };
    const balanceOf = async (workspaceId: string) => (await credits.getCreditBalance(workspaceId)).balance;
    const planOf = async (workspaceId: string) => (await accounts.findWorkspaceById(workspaceId))?.plan;
    const billingRow = (workspaceId: string) =>
      t.database.db
        .selectFrom('billing_customer')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();

    it('grants a credit pack once when checkout.session.completed is delivered twice', async () => {
      const workspaceId = await newWorkspace();
      const session = checkoutSession({
        id: `cs_pack_${workspaceId}`,
        mode: 'payment',
        paymentStatus: 'paid',
        workspaceId,
        price: 'credits_100',
      });
      await sendTwice(stripeEvent('checkout.session.completed', nowSeconds, session));
      assert.equal(await balanceOf(workspaceId), 100);
      assert.equal(await planOf(workspaceId), 'free');
    });

    it('grants an async-paid pack on async_payment_succeeded, once even if completed is resent as paid', async () => {
      const workspaceId = await newWorkspace();
      const fields = {
        id: `cs_async_${workspaceId}`,
        mode: 'payment' as const,
        workspaceId,
        price: 'credits_500',
      };
      await sendTwice(
        stripeEvent(
          'checkout.session.completed',
          nowSeconds,
          checkoutSession({ ...fields, paymentStatus: 'unpaid' }),
        ),
      );
      assert.equal(await balanceOf(workspaceId), 0);
      const paid = checkoutSession({ ...fields, paymentStatus: 'paid' });
      await sendTwice(stripeEvent('checkout.session.async_payment_succeeded', nowSeconds + 60, paid));
      await sendTwice(stripeEvent('checkout.session.completed', nowSeconds + 61, paid));
      assert.equal(await balanceOf(workspaceId), 500);
    });

    it('subscribes in any order of arrival and grants each invoice exactly once', async () => {
      const workspaceId = await newWorkspace();
      const customer = `cus_${workspaceId}`;
      const sub = `sub_${workspaceId}`;
      const periodEnd = nowSeconds + 30 * 86400;
      const metadata = { workspace_id: workspaceId, price: 'studio_monthly' };
      const events = [
        stripeEvent(
          'invoice.paid',
          nowSeconds + 2,
          invoice({
            id: `in_1_${workspaceId}`,
            customer,
            subscription: sub,
            stripePrice: 'price_studio',
            periodEndSeconds: periodEnd,
            metadata,
          }),
        ),
        stripeEvent(
          'customer.subscription.updated',
          nowSeconds + 2,
          subscription({
            id: sub,
            customer,
            status: 'active',
            stripePrice: 'price_studio',
            periodEndSeconds: periodEnd,
            metadata,
          }),
        ),
        stripeEvent(
          'checkout.session.completed',
          nowSeconds + 1,
          checkoutSession({
            id: `cs_sub_${workspaceId}`,
            mode: 'subscription',
            paymentStatus: 'paid',
            workspaceId,
            price: 'studio_monthly',
            customer,
            subscription: sub,
          }),
        ),
        stripeEvent(
          'customer.subscription.created',
          nowSeconds,
          subscription({
            id: sub,
            customer,
            status: 'incomplete',
            stripePrice: 'price_studio',
            periodEndSeconds: periodEnd,
            metadata,
          }),
        ),
      ];
      // Newest first (the invoice before Stripe's checkout event), each twice.
      for (const event of events) await sendTwice(event);
      assert.equal(await balanceOf(workspaceId), 500);
      assert.equal(await planOf(workspaceId), 'studio');
      const row = await billingRow(workspaceId);
      assert.equal(row?.stripe_customer_id, customer);
      assert.equal(row?.stripe_subscription_id, sub);
      assert.equal(row?.subscription_status, 'active');
      assert.equal(row?.subscription_price, 'studio_monthly');
      assert.equal(row?.current_period_end?.getTime(), periodEnd * 1000);

      // The next month's invoice grants again, once.
      await sendTwice(
        stripeEvent(
          'invoice.paid',
          nowSeconds + 3,
          invoice({
            id: `in_2_${workspaceId}`,
            customer,
            subscription: sub,
            stripePrice: 'price_studio',
            periodEndSeconds: periodEnd + 30 * 86400,
          }),
        ),
      );
      assert.equal(await balanceOf(workspaceId), 1000);
    });

    it('marks a failed payment past due, keeps the plan, then downgrades to free on deletion keeping bought credits', async () => {
      const workspaceId = await newWorkspace();
      const customer = `cus_${workspaceId}`;
      const sub = `sub_${workspaceId}`;
      const periodEnd = nowSeconds + 30 * 86400;
      await insertBillingCustomer(t.database.db, {
        workspaceId,
        stripeCustomerId: customer,
        now: t.clock.now(),
      });
      const active = subscription({
        id: sub,
        customer,
        status: 'active',
        stripePrice: 'price_enterprise',
        periodEndSeconds: periodEnd,
      });
      await sendTwice(stripeEvent('customer.subscription.updated', nowSeconds, active));
      assert.equal(await planOf(workspaceId), 'enterprise');
      await sendTwice(
        stripeEvent(
          'invoice.paid',
          nowSeconds,
          invoice({
            id: `in_e_${workspaceId}`,
            customer,
            subscription: sub,
            stripePrice: 'price_enterprise',
            periodEndSeconds: periodEnd,
          }),
        ),
      );
      assert.equal(await balanceOf(workspaceId), 5000);

      await sendTwice(
        stripeEvent(
          'invoice.payment_failed',
          nowSeconds + 10,
          invoice({
            id: `in_f_${workspaceId}`,
            customer,
            subscription: sub,
            stripePrice: 'price_enterprise',
            periodEndSeconds: periodEnd,
          }),
        ),
      );
      assert.equal((await billingRow(workspaceId))?.subscription_status, 'past_due');
      assert.equal(await planOf(workspaceId), 'enterprise');

      const deleted = stripeEvent('customer.subscription.deleted', nowSeconds + 20, {
        ...active,
        status: 'canceled',
      });
      // An update that Stripe sent before the deletion arrives after it and changes nothing.
      const lateUpdate = stripeEvent('customer.subscription.updated', nowSeconds + 15, active);
      await sendTwice(deleted);
      await sendTwice(lateUpdate);
      assert.equal(await planOf(workspaceId), 'free');
      assert.equal((await billingRow(workspaceId))?.subscription_status, 'canceled');
      assert.equal(await balanceOf(workspaceId), 5000);
    });

    it('ignores the deletion of an older subscription after a re-subscribe', async () => {
      const workspaceId = await newWorkspace();
      const customer = `cus_${workspaceId}`;
      await insertBillingCustomer(t.database.db, {
        workspaceId,
        stripeCustomerId: customer,
        now: t.clock.now(),
      });
      const periodEnd = nowSeconds + 86400;
      const fields = { customer, stripePrice: 'price_studio', periodEndSeconds: periodEnd };
      await sendTwice(
        stripeEvent(
          'customer.subscription.updated',
          nowSeconds + 5,
          subscription({ ...fields, id: `sub_new_${workspaceId}`, status: 'active' }),
        ),
      );
      await sendTwice(
        stripeEvent(
          'customer.subscription.deleted',
          nowSeconds,
          subscription({ ...fields, id: `sub_old_${workspaceId}`, status: 'canceled' }),
        ),
      );
      assert.equal(await planOf(workspaceId), 'studio');
    });

    it('processes one event once when two deliveries race', async () => {
      const workspaceId = await newWorkspace();
      const event = stripeEvent(
        'checkout.session.completed',
        nowSeconds,
        checkoutSession({
          id: `cs_race_${workspaceId}`,
          mode: 'payment',
          paymentStatus: 'paid',
          workspaceId,
          price: 'credits_500',
        }),
      );
      const replies = await Promise.all([send(event), send(event), send(event)]);
      assert.deepEqual(
        replies.map((r) => r.statusCode),
        [200, 200, 200],
      );
      assert.equal(replies.filter((r) => r.json().duplicate === false).length, 1);
      assert.equal(await balanceOf(workspaceId), 500);
    });

    it('accepts events signed with the second secret during rotation', async () => {
      const workspaceId = await newWorkspace();
      const event = stripeEvent(
        'checkout.session.completed',
        nowSeconds,
        checkoutSession({
          id: `cs_rot_${workspaceId}`,
          mode: 'payment',
          paymentStatus: 'paid',
          workspaceId,
          price: 'credits_100',
        }),
      );
      const reply = await send(event, NEW_SECRET);
      assert.equal(reply.statusCode, 200, reply.body);
      assert.equal(await balanceOf(workspaceId), 100);
    });

    it('rejects bad, stale and missing signatures with 400 and changes nothing', async () => {
      const workspaceId = await newWorkspace();
      const event = stripeEvent(
        'checkout.session.completed',
        nowSeconds,
        checkoutSession({
          id: `cs_bad_${workspaceId}`,
          mode: 'payment',
          paymentStatus: 'paid',
          workspaceId,
          price: 'credits_500',
        }),
      );
      const wrongSecret = await deliver(t.app, event, {
        secret: 'whsec_someone_else',
        timestampSeconds: nowSeconds,
      });
      const stale = await deliver(t.app, event, { secret: OLD_SECRET, timestampSeconds: nowSeconds - 301 });
      const garbage = await deliver(t.app, event, {
        secret: OLD_SECRET,
        timestampSeconds: nowSeconds,
        signature: 't=1,v1=abc',
      });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(event),
      });
      for (const reply of [wrongSecret, stale, garbage, missing]) {
        assert.equal(reply.statusCode, 400, reply.body);
        assert.equal(reply.json().code, 'validation_failed');
        assert.equal(reply.json().param, 'stripe-signature');
      }
      assert.match(stale.json().detail, /tolerance/);
      // A body altered after signing fails too.
      const payload = JSON.stringify(event);
      const header = (await import('stripe')).default.webhooks.generateTestHeaderString({
        payload,
        secret: OLD_SECRET,
        timestamp: nowSeconds,
      });
      const tampered = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
        payload: payload.replace('credits_500', 'credits_100'),
      });
      assert.equal(tampered.statusCode, 400);
      const recorded = await t.database.db
        .selectFrom('stripe_event')
        .select('id')
        .where('id', '=', event.id)
        .execute();
      assert.equal(recorded.length, 0);
      assert.equal(await balanceOf(workspaceId), 0);
      // The same event, properly signed, still goes through afterwards.
      assert.equal((await send(event)).statusCode, 200);
      assert.equal(await balanceOf(workspaceId), 500);
    });

    it('gates API-key creation by the plan Stripe sets, shows it in /me and mails the owner when a payment fails', async () => {
      const owner = await createTestAccount(t, { plan: 'free' });
      const createKey = () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/api-keys',
          headers: owner.headers,
          payload: { name: 'ci' },
        });
      const refused = await createKey();
      assert.equal(refused.statusCode, 403);
      assert.equal(refused.json().code, 'plan_required');

      const customer = `cus_${owner.workspaceId}`;
      const sub = `sub_${owner.workspaceId}`;
      const metadata = { workspace_id: owner.workspaceId, price: 'studio_monthly' };
      const fields = {
        id: sub,
        customer,
        stripePrice: 'price_studio',
        periodEndSeconds: nowSeconds + 86400,
        metadata,
      };
      await sendTwice(
        stripeEvent(
          'customer.subscription.updated',
          nowSeconds,
          subscription({ ...fields, status: 'active' }),
        ),
      );
      assert.equal((await createKey()).statusCode, 201);
      const me = await t.app.inject({ method: 'GET', url: '/v1/me', headers: owner.headers });
      assert.equal(me.json().workspace.plan, 'studio');
      assert.deepEqual(me.json().workspace.subscription, {
        status: 'active',
        price: 'studio_monthly',
        current_period_end: new Date((nowSeconds + 86400) * 1000).toISOString(),
      });

      await sendTwice(
        stripeEvent(
          'invoice.payment_failed',
          nowSeconds + 1,
          invoice({
            id: `in_fail_${owner.workspaceId}`,
            customer,
            subscription: sub,
            stripePrice: 'price_studio',
            periodEndSeconds: nowSeconds + 86400,
          }),
        ),
      );
      let mails: { to: string; subject: string }[] = [];
      // the mail is sent by the queue's worker: waited for by time (50 event-loop turns were not
      // always enough on a loaded machine)
      for (const deadline = Date.now() + 5000; mails.length === 0 && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        const inbox = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json() as {
          to: string;
          subject: string;
        }[];
        mails = inbox.filter((mail) => mail.to === owner.email && /payment failed/.test(mail.subject));
      }
      assert.equal(mails.length, 1, 'one payment-failed mail, not one per delivery');

      await sendTwice(
        stripeEvent(
          'customer.subscription.deleted',
          nowSeconds + 2,
          subscription({ ...fields, status: 'canceled' }),
        ),
      );
      const afterDowngrade = await createKey();
      assert.equal(afterDowngrade.statusCode, 403);
      assert.equal(afterDowngrade.json().code, 'plan_required');
    });

    it('answers 200 to event types it does not handle, and still parses ordinary JSON elsewhere', async () => {
      const reply = await send(stripeEvent('charge.refunded', nowSeconds, { id: 'ch_1', object: 'charge' }));
      assert.equal(reply.statusCode, 200);
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(health.statusCode, 200);
    });
  });
}

describe('POST /v1/webhooks/stripe without STRIPE_WEBHOOK_SECRET', () => {
  it('answers 503 billing_not_configured naming the variable', async () => {
    const t = await createTestApp('pglite');
    try {
      const reply = await deliver(t.app, stripeEvent('invoice.paid', 0, {}), {
        secret: 'whsec_x',
        timestampSeconds: 0,
      });
      assert.equal(reply.statusCode, 503);
      assert.equal(reply.json().code, 'billing_not_configured');
      assert.match(reply.json().detail, /STRIPE_WEBHOOK_SECRET/);
    } finally {
      await t.close();
    }
  });
});
