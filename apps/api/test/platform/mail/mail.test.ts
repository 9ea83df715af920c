import assert from 'node:assert/strict';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../../src/platform/database/create-database.js';
import { createDevMailbox } from '../../../src/platform/mail/dev-mailbox.js';
import {
  createMailOutbox,
  DEFAULT_RETRY_DELAYS_MS,
  MAIL_QUEUE,
} from '../../../src/platform/mail/mail-outbox.js';
import type { MailMessage } from '../../../src/platform/mail/mailer.js';
import { createManualClock, systemClock } from '../../../src/platform/shared/clock.js';
import { buildTestApp, createTestApp, type TestApp, testConfig } from '../../helpers/app.js';
import { createTestDatabase, testDatabaseKinds } from '../../helpers/databases.js';
import { until } from '../../helpers/until.js';
import { type SmtpSink, startSmtpSink, tokenFromText } from './smtp-sink.js';

const message: MailMessage = {
  to: 'ada@example.com',
  subject: 'Hello',
  text: 'see https://x.test/a',
  html: '<p>hi</p>',
};

for (const kind of testDatabaseKinds()) {
  describe(`the durable mail outbox on ${kind}`, () => {
    let database: DatabaseHandle;
    const clock = createManualClock();
    before(async () => {
      database = await createTestDatabase(kind);
    });
    after(() => database.close());

    const mailJobs = () =>
      database.db.selectFrom('job').selectAll().where('queue', '=', MAIL_QUEUE).execute();

    it('stores the message and returns before sending, then retries by the injected clock until it goes through', async () => {
      let attempts = 0;
      const sent: MailMessage[] = [];
      const errors: boolean[] = [];
      const outbox = createMailOutbox({
        db: database.db,
        clock,
        mailer: {
          async send(m) {
            attempts++;
            if (attempts < 3) throw new Error('connection refused');
            sent.push(m);
          },
        },
        retryDelaysMs: [5_000, 30_000, 60_000],
        onError: (_error, _message, willRetry) => errors.push(willRetry),
      });
      await outbox.enqueue(message);
      assert.equal(attempts, 0, 'nothing is sent on the caller’s turn');
      assert.equal((await mailJobs()).length, 1, 'the message is stored');
      assert.equal(await outbox.sendDue(), 1);
      assert.equal(await outbox.sendDue(), 0, 'not due again before the backoff');
      clock.advance(5_000);
      assert.equal(await outbox.sendDue(), 1);
      clock.advance(30_000);
      assert.equal(await outbox.sendDue(), 1);
      assert.equal(attempts, 3);
      assert.deepEqual(sent, [message]);
      assert.deepEqual(errors, [true, true]);
      assert.deepEqual(await mailJobs(), [], 'a sent message (it may hold a sign-in link) is not kept');
    });

    it('gives up after the last retry, reports it and keeps no copy', async () => {
      const errors: boolean[] = [];
      const outbox = createMailOutbox({
        db: database.db,
        clock,
        mailer: {
          send: async () => {
            throw new Error('down');
          },
        },
        retryDelaysMs: [1_000],
        onError: (_error, _message, willRetry) => errors.push(willRetry),
      });
      await outbox.enqueue(message);
      await outbox.sendDue();
      clock.advance(1_000);
      await outbox.sendDue();
      assert.deepEqual(errors, [true, false]);
      assert.deepEqual(await mailJobs(), []);
    });
  });

  describe(`sign-in mail across a restart on ${kind}`, () => {
    let database: DatabaseHandle;
    let sink: SmtpSink | undefined;
    const apps: FastifyInstance[] = [];
    before(async () => {
      database = await createTestDatabase(kind);
    });
    after(async () => {
      for (const app of apps) await app.close();
      await sink?.close();
      await database.close();
    });

    it('sends a magic-link mail that failed while the mail server was down once a restarted server can reach it', async () => {
      const clock = createManualClock(new Date());
      const downUrl = `smtp://127.0.0.1:${await closedPort()}`;
      const { app: first } = await buildTestApp({
        config: testConfig({ SMTP_URL: downUrl }),
        database,
        clock,
      });
      apps.push(first);
      await first.ready();
      const asked = await first.inject({
        method: 'POST',
        url: '/v1/auth/magic-link',
        payload: { email: 'restart@example.com' },
      });
      assert.equal(asked.statusCode, 202);
      const failed = await until(
        async () => {
          const [job] = await database.db
            .selectFrom('job')
            .selectAll()
            .where('queue', '=', MAIL_QUEUE)
            .execute();
          return job?.status === 'queued' && job.last_error ? job : undefined;
        },
        8_000,
        'the first attempt failing and the mail queued again',
        20,
      );
      assert.equal(failed.attempts, 1);
      await first.close();

      sink = await startSmtpSink();
      const { app: second } = await buildTestApp({
        config: testConfig({ SMTP_URL: sink.url }),
        database,
        clock,
      });
      apps.push(second);
      clock.advance(DEFAULT_RETRY_DELAYS_MS[0]!);
      await second.ready();
      const mail = await sink.waitFor('restart@example.com');
      assert.match(mail.subject ?? '', /Trackforge/);
      assert.ok(tokenFromText(mail.text ?? ''));
      await until(
        async () =>
          (await database.db.selectFrom('job').select('id').where('queue', '=', MAIL_QUEUE).execute())
            .length === 0
            ? true
            : undefined,
        8_000,
        'the mail queue emptying',
        20,
      );
    });
  });
}

/** A loopback port with nothing listening: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls a condition of the database (written by background work) until it holds, or fails after 8 s. */
describe('the dev mailbox', () => {
  it('keeps messages newest first and logs the link', async () => {
    const lines: string[] = [];
    const mailbox = createDevMailbox({
      clock: { ...systemClock, now: () => new Date('2026-01-01T00:00:00Z') },
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
