import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDevMailbox } from '../../src/mail/dev-mailbox.js';
import { createMailOutbox } from '../../src/mail/mail-outbox.js';
import type { MailMessage } from '../../src/mail/mailer.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { type SmtpSink, startSmtpSink } from './smtp-sink.js';

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'see https://x.test/a',
  html: '<p>hi</p>',
};

describe('the mail outbox', () => {
  it('returns at once and retries a failing send until it goes through', async () => {
    let attempts = 0;
    const sent: MailMessage[] = [];
    const errors: boolean[] = [];
    const outbox = createMailOutbox({
      mailer: {
        async send(m) {
          attempts++;
          if (attempts < 3) throw new Error('connection refused');
          sent.push(m);
        },
      },
      retryDelaysMs: [1, 1, 1],
      onError: (_error, _message, willRetry) => errors.push(willRetry),
    });
    outbox.enqueue(message);
    assert.equal(attempts, 0, 'nothing is sent on the caller’s turn');
    await outbox.drain();
    assert.equal(attempts, 3);
    assert.deepEqual(sent, [message]);
    assert.deepEqual(errors, [true, true]);
  });

  it('gives up after the last retry and reports it', async () => {
    const errors: boolean[] = [];
    const outbox = createMailOutbox({
      mailer: {
        send: async () => {
          throw new Error('down');
        },
      },
      retryDelaysMs: [1],
      onError: (_error, _message, willRetry) => errors.push(willRetry),
    });
    outbox.enqueue(message);
    await outbox.drain();
    assert.deepEqual(errors, [true, false]);
  });

  it('drops waiting retries when stopped', async () => {
    const outbox = createMailOutbox({
      mailer: {
        send: async () => {
          throw new Error('down');
        },
      },
      retryDelaysMs: [60_000],
      onError: () => {},
    });
    outbox.enqueue(message);
    await new Promise((resolve) => setTimeout(resolve, 10));
    outbox.stop();
    await outbox.drain();
  });
});

describe('the dev mailbox', () => {
  it('keeps messages newest first and logs the link', async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({
      clock: { now: () => new Date('2026-01-01T00:00:00Z') },
      log: (l) => lines.push(l),
    });
    await mailbox.send(message);
    await mailbox.send({ ...message, subject: 'Second' });
    assert.deepEqual(
      mailbox.list().map((m) => m.subject),
      ['Second', 'Hello'],
    );
    assert.match(lines[0]!, /https:\/\/x\.test\/a/);
    assert.equal(mailbox.list()[0]!.created_at, '2026-01-01T00:00:00.000Z');
  });
});

describe('/_dev/mail in production', () => {
  let t: TestApp;
  let sink: SmtpSink;
  before(async () => {
    sink = await startSmtpSink();
    t = await createTestApp('pglite', { env: { NODE_ENV: 'production', SMTP_URL: sink.url } });
  });
  after(async () => {
    await t.close();
    await sink.close();
  });

  it('answers 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/_dev/mail' });
    assert.equal(response.statusCode, 404);
    assert.equal(response.json().code, 'not_found');
  });

  it('still sends sign-in mail over SMTP', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/magic-link',
      payload: { email: 'prod@example.com' },
    });
    assert.equal(response.statusCode, 202);
    const mail = await sink.waitFor('prod@example.com');
    assert.match(mail.subject ?? '', /No Trackforge account/);
  });
});
