import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { composeEventLog } from '../../../../src/compose.js';
import { createSigningSecretService } from '../../../../src/features/events/signing-secret.service.js';
import { createWebhookDispatcher } from '../../../../src/features/events/webhooks/webhook-dispatcher.js';
import { createWebhookSender } from '../../../../src/features/events/webhooks/webhook-sender.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { appendTestEvent } from '../event-helpers.js';

/** Fails the test instead of hanging when something that must happen does not. */
function within<T>(promise: Promise<T>, what: string, limitMs = 8_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${limitMs} ms`)), limitMs);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * A loopback receiver that accepts connections and reads requests but never answers while
 * `hanging` is true, like the endpoint in issue 11; it remembers when a held request's socket closes.
 */
async function startHangingReceiver() {
  const held: { request: IncomingMessage; response: ServerResponse; closed: Promise<void> }[] = [];
  let hanging = true;
  let onRequest: () => void = () => {};
  const server = createServer((request, response) => {
    request.resume();
    if (!hanging) {
      request.on('end', () => response.end());
      return;
    }
    const closed = new Promise<void>((resolve) => request.socket.on('close', () => resolve()));
    held.push({ request, response, closed });
    onRequest();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    held,
    url: `http://127.0.0.1:${port}/never`,
    nextRequest: () =>
      new Promise<void>((resolve) => {
        onRequest = resolve;
      }),
    answerFromNowOn() {
      hanging = false;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback receiver that answers 200 at once and resolves a promise per delivery. */
async function startPromptReceiver() {
  const received: string[] = [];
  let notify: () => void = () => {};
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      response.end();
      notify();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/prompt`,
    next: () =>
      new Promise<void>((resolve) => {
        notify = resolve;
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`webhook isolation and shutdown on ${kind}`, () => {
    let t: TestApp;
    let slowOwner: TestAccount;
    let otherOwner: TestAccount;
    let hanging: Awaited<ReturnType<typeof startHangingReceiver>>;
    let prompt: Awaited<ReturnType<typeof startPromptReceiver>>;

    before(async () => {
      t = await createTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
      hanging = await startHangingReceiver();
      prompt = await startPromptReceiver();
      slowOwner = await createTestAccount(t, { plan: 'studio' });
      otherOwner = await createTestAccount(t, { plan: 'studio' });
      for (const [account, url] of [
        [slowOwner, hanging.url],
        [otherOwner, prompt.url],
      ] as const) {
        const created = await t.app.inject({
          method: 'POST',
          url: '/v1/webhook-endpoints',
          headers: account.headers,
          payload: { url },
        });
        assert.equal(created.statusCode, 201, created.body);
      }
    });
    after(async () => {
      await hanging.close();
      await prompt.close();
      await t.close();
    });

    const dispatcherFor = () =>
      createWebhookDispatcher({
        db: t.database.db,
        events: composeEventLog(t.clock),
        clock: t.clock,
        signingSecrets: createSigningSecretService({ db: t.database.db, clock: t.clock }),
        // The production deadline (15 s): the other workspace must not wait for it.
        send: createWebhookSender({ allowPrivate: true }),
        pollMs: 20,
      });

    /** Resolves once the event's delivery has the status (the dispatcher records it after the answer). */
    async function deliveryStatus(eventId: string, status: string): Promise<void> {
      for (;;) {
        const row = await t.database.db
          .selectFrom('webhook_delivery')
          .select('status')
          .where('event_id', '=', eventId)
          .executeTakeFirst();
        if (row?.status === status) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    it("delivers another workspace's event while an endpoint holds its request without answering, and shutdown hands the held one back", async (test) => {
      const dispatcher = dispatcherFor();
      dispatcher.start();
      const slowArrived = hanging.nextRequest();
      const stuck = await appendTestEvent(t, slowOwner.workspaceId, 'track.ready');
      await within(slowArrived, 'the slow endpoint receives its request');

      const promptArrived = prompt.next();
      const committedAt = performance.now();
      const ready = await appendTestEvent(t, otherOwner.workspaceId, 'track.ready');
      dispatcher.wake();
      await within(promptArrived, "the other workspace's track.ready arrives");
      test.diagnostic(`track.ready delivered ${Math.round(performance.now() - committedAt)} ms after commit`);
      assert.deepEqual(prompt.received, [ready.id]);
      assert.equal(hanging.held.length, 1, 'the slow request is still unanswered');
      await within(deliveryStatus(ready.id, 'succeeded'), 'the prompt delivery is recorded');

      const stopAt = performance.now();
      await within(dispatcher.stop(), 'stop returns without waiting for the slow endpoint');
      test.diagnostic(`dispatcher stopped ${Math.round(performance.now() - stopAt)} ms after stop()`);
      await within(hanging.held[0]!.closed, 'the held request is aborted');
      const [delivery] = await t.database.db
        .selectFrom('webhook_delivery')
        .selectAll()
        .where('event_id', '=', stuck.id)
        .execute();
      assert.equal(delivery!.status, 'pending');
      assert.equal(delivery!.attempts, 0, 'an attempt cut short by shutdown does not count');
      const jobs = await t.database.db
        .selectFrom('job')
        .selectAll()
        .where('queue', '=', 'webhook.deliver')
        .where('status', '!=', 'done')
        .execute();
      assert.equal(jobs.length, 1, JSON.stringify(jobs));
      const [job] = jobs;
      assert.equal(job!.status, 'queued');
      assert.equal(job!.attempts, 0);

      // After a restart (a new dispatcher on the same database) the delivery goes out.
      hanging.answerFromNowOn();
      const restarted = dispatcherFor();
      assert.equal(await restarted.tick(), 1);
      const [after] = await t.database.db
        .selectFrom('webhook_delivery')
        .selectAll()
        .where('event_id', '=', stuck.id)
        .execute();
      assert.equal(after!.status, 'succeeded');
      assert.equal(after!.attempts, 1);
    });

    it('gives up an attempt at the per-attempt deadline and schedules the retry', async () => {
      const dispatcher = createWebhookDispatcher({
        db: t.database.db,
        events: composeEventLog(t.clock),
        clock: t.clock,
        signingSecrets: createSigningSecretService({ db: t.database.db, clock: t.clock }),
        send: createWebhookSender({ allowPrivate: true, timeoutMs: 50 }),
      });
      const endpoint = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: slowOwner.headers,
        payload: { url: hanging.url.replace('/never', '/never-again') },
      });
      assert.equal(endpoint.statusCode, 201);
      const blocking = await startHangingReceiver();
      await t.database.db
        .updateTable('webhook_endpoint')
        .set({ url: blocking.url })
        .where('id', '=', endpoint.json().id)
        .execute();
      const event = await appendTestEvent(t, slowOwner.workspaceId, 'track.failed');
      await dispatcher.tick();
      const rows = await t.database.db
        .selectFrom('webhook_delivery')
        .selectAll()
        .where('event_id', '=', event.id)
        .where('endpoint_id', '=', endpoint.json().id)
        .execute();
      assert.equal(rows[0]!.status, 'pending');
      assert.equal(rows[0]!.attempts, 1);
      assert.match(rows[0]!.last_error ?? '', /no answer within 50 ms/);
      await blocking.close();
    });
  });
}
