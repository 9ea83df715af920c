import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { tokenFromText } from '../../../platform/mail/smtp-sink.js';

let ipCounter = 0;
/** A fresh client address per request keeps the per-IP limit out of tests about other things. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

for (const kind of testDatabaseKinds()) {
  describe(`magic links on ${kind}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp(kind, { env: { ALLOWED_ORIGINS: 'https://studio.example.com' } });
    });
    after(() => t.close());

    const request = (url: string, payload: Record<string, unknown>, remoteAddress = freshIp()) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });

    /** The token of the newest dev-mailbox message to `to`, waiting for the outbox to deliver. */
    async function linkFor(to: string, after = 0): Promise<string> {
      for (let attempt = 0; attempt < 200; attempt++) {
        const mail = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json() as Array<{
          to: string;
          text: string;
        }>;
        const mine = mail.filter((m) => m.to === to);
        if (mine.length > after) return tokenFromText(mine[0]!.text);
        await delay(5);
      }
      throw new Error(`no mail for ${to}`);
    }
    const verify = (token: string) => t.app.inject({ method: 'GET', url: `/v1/auth/verify?token=${token}` });

    it('answers sign-up and sign-in identically for known and unknown emails', async () => {
      await request('/v1/auth/signup', { email: 'known@example.com' });
      await verify(await linkFor('known@example.com'));
      t.clock.advance(61_000);
      const answers = [];
      for (const email of ['known@example.com', 'unknown@example.com']) {
        for (const url of ['/v1/auth/signup', '/v1/auth/magic-link']) {
          const response = await request(url, { email });
          answers.push({
            status: response.statusCode,
            body: response.body,
            type: response.headers['content-type'],
          });
          t.clock.advance(61_000);
        }
      }
      for (const answer of answers) assert.deepEqual(answer, answers[0]);
      assert.equal(answers[0]!.status, 202);
    });

    it('takes similar time for known and unknown emails', async () => {
      const timeOf = async (email: string) => {
        t.clock.advance(61_000);
        const start = performance.now();
        await request('/v1/auth/magic-link', { email });
        return performance.now() - start;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 4; round++) {
        known.push(await timeOf('known@example.com'));
        unknown.push(await timeOf(`stranger-${round}@example.com`));
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
      const ratio = median(known) / median(unknown);
      // Both paths run the same queries; the bound is loose because the CI machine is shared.
      assert.ok(ratio > 0.33 && ratio < 3, `known/unknown time ratio ${ratio.toFixed(2)}`);
    });

    it('normalises emails: one address in any case is one account', async () => {
      t.clock.advance(3600_000);
      await request('/v1/auth/signup', { email: ' Mixed.Case@Example.com ' });
      const first = await verify(await linkFor('mixed.case@example.com'));
      t.clock.advance(61_000);
      await request('/v1/auth/magic-link', { email: 'MIXED.CASE@EXAMPLE.COM' });
      const second = await verify(await linkFor('mixed.case@example.com', 1));
      assert.equal(first.json().user.id, second.json().user.id);
    });

    it('refuses a used, expired or tampered token with 400 invalid_token', async () => {
      t.clock.advance(3600_000);
      await request('/v1/auth/signup', { email: 'tokens@example.com' });
      const token = await linkFor('tokens@example.com');
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      assert.equal((await verify(tampered)).json().code, 'invalid_token');
      assert.equal((await verify('short')).statusCode, 400);
      assert.equal((await verify(token)).statusCode, 200);
      const reused = await verify(token);
      assert.equal(reused.statusCode, 400);
      assert.equal(reused.json().code, 'invalid_token');

      t.clock.advance(61_000);
      await request('/v1/auth/magic-link', { email: 'tokens@example.com' });
      const expiring = await linkFor('tokens@example.com', 1);
      t.clock.advance(15 * 60_000 + 1000);
      assert.equal((await verify(expiring)).json().code, 'invalid_token');
    });

    it('keeps an earlier link valid when another is asked for, and retires the rest once one signs in', async () => {
      t.clock.advance(3600_000);
      const email = 'several@example.com';
      await request('/v1/auth/magic-link', { email });
      const first = await linkFor(email);
      t.clock.advance(61_000);
      await request('/v1/auth/magic-link', { email });
      const second = await linkFor(email, 1);
      t.clock.advance(61_000);
      await request('/v1/auth/magic-link', { email });
      const third = await linkFor(email, 2);
      assert.equal((await verify(first)).statusCode, 200, 'a newer link does not cancel an older one');
      assert.equal((await verify(second)).json().code, 'invalid_token', 'signed in: the others retire');
      assert.equal((await verify(third)).json().code, 'invalid_token');
    });

    it('lets no stranger lock a person out for long or cancel the link they are about to click', async () => {
      const quarterMs = 15 * 60_000;
      t.clock.set(new Date((Math.floor(t.clock.now().getTime() / quarterMs) + 2) * quarterMs));
      const email = 'victim@example.com';
      assert.equal((await request('/v1/auth/magic-link', { email }, '198.51.100.1')).statusCode, 202);
      const pending = await linkFor(email);
      // A stranger on many addresses asks for the victim's links as fast as the limits let them.
      const blockedAt: number[] = [];
      for (let attempt = 0; attempt < 12; attempt++) {
        t.clock.advance(30_000);
        const answer = await request('/v1/auth/magic-link', { email });
        if (answer.statusCode === 429) blockedAt.push(t.clock.now().getTime());
      }
      assert.ok(blockedAt.length > 0, 'the per-email limit still holds');
      assert.equal((await verify(pending)).statusCode, 200, 'the pending link still signs in');
      // At most 15 minutes after the first refusal the person can ask for a link again.
      t.clock.set(new Date(blockedAt[0]! + quarterMs));
      assert.equal((await request('/v1/auth/magic-link', { email }, '198.51.100.1')).statusCode, 202);
    });

    it('spends a token once even when two verifications race', async () => {
      t.clock.advance(3600_000);
      await request('/v1/auth/signup', { email: 'race@example.com' });
      const token = await linkFor('race@example.com');
      const answers = await Promise.all([verify(token), verify(token), verify(token)]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [200, 400, 400]);
    });

    it('limits links per email to one a minute and five a quarter hour, with Retry-After', async () => {
      // Start of an hour, so the nine minutes below stay inside one quarter-hour window.
      const hourMs = 3600_000;
      t.clock.set(new Date((Math.floor(t.clock.now().getTime() / hourMs) + 2) * hourMs));
      const email = 'limited@example.com';
      assert.equal((await request('/v1/auth/magic-link', { email })).statusCode, 202);
      const second = await request('/v1/auth/magic-link', { email });
      assert.equal(second.statusCode, 429);
      assert.equal(second.json().code, 'rate_limited');
      const retryAfter = Number(second.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
      assert.equal(second.json().retry_after, retryAfter);
      let accepted = 1;
      for (let minute = 0; minute < 8; minute++) {
        t.clock.advance(61_000);
        if ((await request('/v1/auth/magic-link', { email })).statusCode === 202) accepted++;
      }
      assert.equal(accepted, 5, 'five links in one quarter hour, however they are spread');
    });

    it('limits requests per client address', async () => {
      t.clock.advance(3600_000);
      const statuses = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await request('/v1/auth/magic-link', { email: `ip-${i}@example.com` }, '192.0.2.7')).statusCode,
        );
      }
      assert.equal(statuses.filter((s) => s === 202).length, 10);
      assert.equal(statuses.at(-1), 429);
    });

    it('accepts same-origin paths and refuses absolute URLs, even on an allowed origin', async () => {
      t.clock.advance(3600_000);
      for (const [index, redirect_to] of ['/studio', '/studio/tracks?tab=mine'].entries()) {
        const ok = await request('/v1/auth/magic-link', {
          email: `redirect-ok-${index}@example.com`,
          redirect_to,
        });
        assert.equal(ok.statusCode, 202, redirect_to);
      }
      for (const redirect_to of [
        'https://studio.example.com/after',
        'https://evil.example/steal',
        '//evil.example',
        '/\\evil.example',
        'javascript:alert(1)',
      ]) {
        const bad = await request('/v1/auth/magic-link', { email: 'redirect-bad@example.com', redirect_to });
        assert.equal(bad.statusCode, 400, redirect_to);
        assert.equal(bad.json().param, 'redirect_to');
      }
    });

    it('names the field when the email is not an email', async () => {
      const response = await request('/v1/auth/signup', { email: 'not-an-email' });
      assert.equal(response.statusCode, 400);
      assert.equal(response.json().code, 'validation_failed');
      assert.equal(response.json().param, 'email');
    });

    it('lists dev mail newest first with subject, text, html and created_at', async () => {
      const mail = (await t.app.inject({ method: 'GET', url: '/_dev/mail' })).json();
      assert.ok(mail.length > 3);
      assert.deepEqual(Object.keys(mail[0]).sort(), ['created_at', 'html', 'subject', 'text', 'to']);
      const times = mail.map((m: { created_at: string }) => Date.parse(m.created_at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    });
  });
}
