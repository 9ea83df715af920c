// CREDITS_SIGNUP: a workspace created by sign-up gets trial credits once, usable from the studio's
// session; API keys still need the Studio or Enterprise plan.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { tokenFromText } from '../../../platform/mail/smtp-sink.js';

let ipCounter = 0;
const freshIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

async function signUpLink(t: TestApp, email: string, intent: 'signup' | 'magic-link' = 'signup') {
  const before = await mailCount(t, email);
  const asked = await t.app.inject({
    method: 'POST',
    url: `/v1/auth/${intent}`,
    payload: { email },
    remoteAddress: freshIp(),
  });
  assert.equal(asked.statusCode, 202);
  t.clock.advance(61_000);
  for (let attempt = 0; attempt < 400; attempt++) {
    const mine = await mailTo(t, email);
    if (mine.length > before) return tokenFromText(mine[0]!.text);
    await delay(5);
  }
  throw new Error(`no mail for ${email}`);
}

async function mailTo(t: TestApp, email: string) {
  const mail = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json() as Array<{
    to: string;
    text: string;
  }>;
  return mail.filter((m) => m.to === email);
}
const mailCount = async (t: TestApp, email: string) => (await mailTo(t, email)).length;

const verify = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${token}` });

async function creditsOf(t: TestApp, accessToken: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/v1/credits',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  assert.equal(response.statusCode, 200);
  return response.json() as {
    balance: number;
    held: number;
    entries: { data: Array<{ kind: string; amount: number; description: string | null }> };
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`sign-up trial credits on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind);
    });
    after(() => t.close());

    it('grants CREDITS_SIGNUP (default 3) to a new workspace as one signup_trial ledger entry', async () => {
      const signedIn = await verify(t, await signUpLink(t, 'trial@example.com'));
      assert.equal(signedIn.statusCode, 200);
      assert.deepEqual(signedIn.json().workspace.credits, { balance: 3, held: 0 });
      const credits = await creditsOf(t, signedIn.json().access_token);
      assert.equal(credits.balance, 3);
      assert.equal(credits.entries.data.length, 1);
      assert.equal(credits.entries.data[0]!.kind, 'grant');
      assert.equal(credits.entries.data[0]!.amount, 3);
      assert.match(credits.entries.data[0]!.description ?? '', /^signup_trial\b/);
    });

    it('never grants twice: not for a second verify of the link, nor a repeated sign-up', async () => {
      const email = 'twice@example.com';
      const token = await signUpLink(t, email);
      const first = await verify(t, token);
      assert.equal(first.statusCode, 200);
      assert.equal((await verify(t, token)).statusCode, 400);
      for (const intent of ['signup', 'magic-link'] as const) {
        const again = await verify(t, await signUpLink(t, email, intent));
        assert.equal(again.statusCode, 200);
        assert.equal(again.json().workspace.id, first.json().workspace.id);
        assert.deepEqual(again.json().workspace.credits, { balance: 3, held: 0 });
      }
      const credits = await creditsOf(t, first.json().access_token);
      assert.equal(credits.entries.data.filter((entry) => entry.kind === 'grant').length, 1);
    });

    it('grants once when two links of one new address are verified at the same time', async () => {
      const email = 'race@example.com';
      const firstToken = await signUpLink(t, email);
      const secondToken = await signUpLink(t, email);
      const [a, b] = await Promise.all([verify(t, firstToken), verify(t, secondToken)]);
      // The first link spent retires the other, so one or both sign in; either way one workspace.
      const signedIn = [a, b].filter((response) => response.statusCode === 200);
      assert.ok(signedIn.length >= 1);
      const credits = await creditsOf(t, signedIn[0]!.json().access_token);
      assert.equal(credits.balance, 3);
      assert.equal(credits.entries.data.length, 1);
    });

    it('spends trial credits on tracks created from the studio session, and keeps API keys to paid plans', async () => {
      const signedIn = await verify(t, await signUpLink(t, 'studio-user@example.com'));
      const cookie = signedIn.cookies.find((c) => c.name === 'tf_session')!;
      const origin = t.config.ALLOWED_ORIGINS[0]!;
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/tracks',
        cookies: { tf_session: cookie.value },
        headers: { origin },
        payload: { prompt: 'calm piano', duration: 'short' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const me = await t.app.inject({ method: 'GET', url: '/v1/me', cookies: { tf_session: cookie.value } });
      assert.deepEqual(me.json().workspace.credits, { balance: 2, held: 1 });

      const key = await t.app.inject({
        method: 'POST',
        url: '/v1/api-keys',
        cookies: { tf_session: cookie.value },
        headers: { origin },
        payload: { name: 'trial key' },
      });
      assert.equal(key.statusCode, 403);
      assert.equal(key.json().code, 'plan_required');
    });
  });

  describe(`CREDITS_SIGNUP=0 on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { env: { CREDITS_SIGNUP: '0' } });
    });
    after(() => t.close());

    it('grants nothing and writes no ledger entry', async () => {
      const signedIn = await verify(t, await signUpLink(t, 'no-trial@example.com'));
      assert.deepEqual(signedIn.json().workspace.credits, { balance: 0, held: 0 });
      const credits = await creditsOf(t, signedIn.json().access_token);
      assert.equal(credits.entries.data.length, 0);
    });
  });
}
