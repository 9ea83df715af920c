import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { composeEventLog } from '../../../../src/compose.js';
import { createSigningSecretService } from '../../../../src/features/events/signing-secret.service.js';
import {
  createWebhookDispatcher,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
} from '../../../../src/features/events/webhooks/webhook-dispatcher.js';
import { createWebhookSender } from '../../../../src/features/events/webhooks/webhook-sender.js';
import { newId } from '../../../../src/platform/shared/ids.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { appendTestEvent, type EventPayload } from '../event-helpers.js';

const HOUR_MS = 60 * 60 * 1000;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that answers with the next queued status (200 when none). */
async function startReceiver() {
  const received: Received[] = [];
  /** Next answers: a status, or a status with response headers. */
  const statuses: (number | [number, Record<string, string>])[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const next = statuses.shift() ?? 200;
      const [status, headers] = typeof next === 'number' ? [next, {}] : next;
      response.writeHead(status, headers);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    statuses,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function verify(secret: string, delivery: Received): EventPayload {
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': String(delivery.headers['webhook-id']),
    'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
    'webhook-signature': String(delivery.headers['webhook-signature']),
  }) as EventPayload;
}

for (const kind of testDatabaseKinds()) {
  describe(`webhook deliveries on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let other: TestAccount;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    let dispatcher: ReturnType<typeof createWebhookDispatcher>;

    before(async () => {
      t = await createTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
      receiver = await startReceiver();
      owner = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'studio' });
      dispatcher = createWebhookDispatcher({
        db: t.database.db,
        events: composeEventLog(t.clock),
        clock: t.clock,
        signingSecrets: createSigningSecretService({ db: t.database.db, clock: t.clock }),
        send: createWebhookSender({ allowPrivate: true, timeoutMs: 2_000 }),
      });
    });
    after(async () => {
      await receiver.close();
      await t.close();
    });
    beforeEach(async () => {
      // Each test starts with no endpoints and nothing queued, and the clock near real time
      // (Standard Webhooks verification rejects timestamps more than 5 minutes off).
      await t.database.db.deleteFrom('webhook_endpoint').execute();
      await t.database.db.deleteFrom('webhook_delivery').execute();
      await t.database.db.deleteFrom('job').where('queue', '=', 'webhook.deliver').execute();
      t.clock.set(new Date());
      receiver.received.length = 0;
      receiver.statuses.length = 0;
    });

    async function createEndpoint(account: TestAccount, path: string, eventTypes?: string[]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: account.headers,
        payload: { url: receiver.url(path), ...(eventTypes ? { event_types: eventTypes } : {}) },
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as { id: string; secret: string };
    }

    const endpointRow = (id: string) =>
      t.database.db.selectFrom('webhook_endpoint').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('POSTs the event with Standard Webhooks headers signed with the endpoint secret', async () => {
      const endpoint = await createEndpoint(owner, '/all');
      await createEndpoint(other, '/other');
      const event = await appendTestEvent(t, owner.workspaceId, 'track.ready', {
        id: 'trk_1',
        status: 'ready',
      });
      assert.equal(await dispatcher.tick(), 1);
      assert.equal(receiver.received.length, 1, 'another workspace endpoint receives nothing');
      const [delivery] = receiver.received;
      assert.equal(delivery!.path, '/all');
      assert.equal(delivery!.headers['webhook-id'], event.id);
      assert.equal(delivery!.headers['content-type'], 'application/json');
      assert.deepEqual(verify(endpoint.secret, delivery!), event);
      assert.equal(await dispatcher.tick(), 0, 'a delivered event is not sent again');
    });

    it('sends each delivery once when several dispatchers tick at the same time', async () => {
      await createEndpoint(owner, '/busy');
      const events = [];
      for (let i = 0; i < 12; i += 1) events.push(await appendTestEvent(t, owner.workspaceId));
      const signingSecrets = createSigningSecretService({ db: t.database.db, clock: t.clock });
      const send = createWebhookSender({ allowPrivate: true, timeoutMs: 2_000 });
      const dispatchers = [1, 2, 3].map(() =>
        createWebhookDispatcher({
          db: t.database.db,
          events: composeEventLog(t.clock),
          clock: t.clock,
          signingSecrets,
          send,
        }),
      );
      // Deliveries to one endpoint go one at a time, so a dispatcher may find the endpoint busy
      // and stop early; rounds continue until every delivery went out.
      let attempted = 0;
      for (let round = 0; round < 12 && attempted < 12; round += 1) {
        const counts = await Promise.all(dispatchers.map((one) => one.tick()));
        attempted += counts.reduce((sum, count) => sum + count, 0);
      }
      assert.equal(attempted, 12);
      assert.deepEqual(
        receiver.received.map((delivery) => delivery.headers['webhook-id']).sort(),
        events.map((event) => event.id).sort(),
      );
    });

    it('sends only the event types an endpoint asked for', async () => {
      await createEndpoint(owner, '/ready-only', ['track.ready']);
      await appendTestEvent(t, owner.workspaceId, 'track.queued');
      const ready = await appendTestEvent(t, owner.workspaceId, 'track.ready');
      await dispatcher.tick();
      assert.deepEqual(
        receiver.received.map((delivery) => delivery.headers['webhook-id']),
        [ready.id],
      );
    });

    it('retries with backoff by the injected clock until the receiver recovers, with the same webhook-id', async () => {
      const endpoint = await createEndpoint(owner, '/flaky');
      receiver.statuses.push(500, 503, 502);
      const event = await appendTestEvent(t, owner.workspaceId);
      assert.equal(await dispatcher.tick(), 1);
      assert.equal(await dispatcher.tick(), 0, 'not due again before the backoff');
      for (const delayMs of RETRY_DELAYS_MS.slice(0, 3)) {
        t.clock.advance(delayMs - 1);
        assert.equal(await dispatcher.tick(), 0);
        t.clock.advance(1);
        assert.equal(await dispatcher.tick(), 1);
      }
      assert.equal(receiver.received.length, 4);
      assert.ok(receiver.received.every((delivery) => delivery.headers['webhook-id'] === event.id));
      const rows = await t.database.db.selectFrom('webhook_delivery').selectAll().execute();
      assert.equal(rows[0]!.status, 'succeeded');
      assert.equal(rows[0]!.attempts, 4);
      // The retry is timestamped by the injected clock (35 min ahead), so check the HMAC itself.
      const last = receiver.received[3]!;
      const timestamp = new Date(Number(last.headers['webhook-timestamp']) * 1000);
      assert.equal(t.clock.now().getTime() - timestamp.getTime() < 1000, true);
      assert.equal(
        last.headers['webhook-signature'],
        new Webhook(endpoint.secret).sign(event.id, timestamp, last.body),
      );
    });

    it('keeps retrying for more than 24 hours before giving up', async () => {
      assert.ok(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) > 24 * HOUR_MS);
      await createEndpoint(owner, '/down');
      receiver.statuses.push(...Array(MAX_ATTEMPTS).fill(500));
      await appendTestEvent(t, owner.workspaceId);
      const start = t.clock.now().getTime();
      await dispatcher.tick();
      for (const delayMs of RETRY_DELAYS_MS) {
        t.clock.advance(delayMs);
        assert.equal(await dispatcher.tick(), 1);
      }
      assert.ok(t.clock.now().getTime() - start > 24 * HOUR_MS);
      t.clock.advance(24 * HOUR_MS);
      assert.equal(await dispatcher.tick(), 0);
      const [row] = await t.database.db.selectFrom('webhook_delivery').selectAll().execute();
      assert.equal(row!.status, 'failed');
      assert.equal(row!.attempts, MAX_ATTEMPTS);
      assert.equal(receiver.received.length, MAX_ATTEMPTS);
    });

    it('disables an endpoint that answers 410 and queues nothing more for it', async () => {
      const endpoint = await createEndpoint(owner, '/gone');
      receiver.statuses.push(410);
      await appendTestEvent(t, owner.workspaceId);
      await dispatcher.tick();
      // Access tokens expire with the moved clock: read the API at the real time.
      t.clock.set(new Date());
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${endpoint.id}`,
        headers: owner.headers,
      });
      assert.equal(read.json().status, 'disabled');
      assert.match(read.json().disabled_reason, /410/);
      await appendTestEvent(t, owner.workspaceId);
      t.clock.advance(HOUR_MS);
      assert.equal(await dispatcher.tick(), 0);
      assert.equal(receiver.received.length, 1);
    });

    it("delivers a track's own webhook_url signed with the workspace secret", async () => {
      const trackId = newId('trk');
      await t.database.db
        .insertInto('track')
        .values({
          id: trackId,
          workspace_id: owner.workspaceId,
          created_by: null,
          prompt: 'lofi',
          title: 'Lofi',
          duration: 'short',
          duration_seconds: 30,
          status: 'queued',
          visibility: 'private',
          voice_id: null,
          seed: 1,
          loop: false,
          bpm: null,
          key: null,
          webhook_url: receiver.url('/track-hook'),
          metadata: '{}',
          music: 'null',
          audio: 'null',
          files: 'null',
          error: 'null',
          created_at: t.clock.now(),
          started_at: null,
          completed_at: null,
        })
        .execute();
      const event = await appendTestEvent(t, owner.workspaceId, 'track.queued', {
        id: trackId,
        status: 'queued',
      });
      await dispatcher.tick();
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]!.path, '/track-hook');
      const workspace = await t.app.inject({ method: 'GET', url: '/v1/workspace', headers: owner.headers });
      assert.deepEqual(verify(workspace.json().signing_secret, receiver.received[0]!), event);
    });

    it('never connects to a private address without ALLOW_PRIVATE_WEBHOOKS, by literal or by name', async () => {
      await createEndpoint(owner, '/literal');
      const byName = await createEndpoint(owner, '/by-name');
      await t.database.db
        .updateTable('webhook_endpoint')
        .set({ url: `http://localhost:${receiver.port}/by-name` })
        .where('id', '=', byName.id)
        .execute();
      await appendTestEvent(t, owner.workspaceId);
      const strict = createWebhookDispatcher({
        db: t.database.db,
        events: composeEventLog(t.clock),
        clock: t.clock,
        signingSecrets: createSigningSecretService({ db: t.database.db, clock: t.clock }),
        send: createWebhookSender({ allowPrivate: false }),
      });
      assert.equal(await strict.tick(), 2);
      assert.equal(receiver.received.length, 0);
      const rows = await t.database.db.selectFrom('webhook_delivery').selectAll().execute();
      for (const row of rows) {
        assert.equal(row.status, 'pending');
        assert.match(row.last_error ?? '', /private/);
      }
    });
    it('stops retrying one message when the receiver answers webhook-delivery: abort-message', async () => {
      const endpoint = await createEndpoint(owner, '/abort');
      receiver.statuses.push([422, { 'webhook-delivery': 'abort-message' }], 500);
      await appendTestEvent(t, owner.workspaceId);
      assert.equal(await dispatcher.tick(), 1);
      t.clock.advance(HOUR_MS);
      assert.equal(await dispatcher.tick(), 0, 'the message is not retried');
      const [row] = await t.database.db.selectFrom('webhook_delivery').selectAll().execute();
      assert.equal(row!.status, 'cancelled');
      assert.equal(row!.last_status_code, 422);
      assert.match(row!.last_error ?? '', /abort-message/);
      assert.equal(
        (await endpointRow(endpoint.id)).status,
        'enabled',
        'only the message stops, not the endpoint',
      );
      await appendTestEvent(t, owner.workspaceId);
      assert.equal(await dispatcher.tick(), 1, 'later messages still go out');
      assert.equal(receiver.received.length, 2);
    });

    it('disables an endpoint whose every attempt failed for 5 days and tells the owner with an event', async () => {
      const endpoint = await createEndpoint(owner, '/dead');
      receiver.statuses.push(...Array(40).fill(503));
      await appendTestEvent(t, owner.workspaceId);
      assert.equal(await dispatcher.tick(), 1);
      t.clock.advance(4 * 24 * HOUR_MS);
      await appendTestEvent(t, owner.workspaceId);
      await dispatcher.tick();
      assert.equal(
        (await endpointRow(endpoint.id)).status,
        'enabled',
        'four days of failures are not enough',
      );
      t.clock.advance(24 * HOUR_MS);
      await appendTestEvent(t, owner.workspaceId);
      await dispatcher.tick();
      // Access tokens expire with the moved clock: read the API at the real time.
      t.clock.set(new Date());
      const read = await t.app.inject({
        method: 'GET',
        url: `/v1/webhook-endpoints/${endpoint.id}`,
        headers: owner.headers,
      });
      assert.equal(read.json().status, 'disabled');
      assert.match(read.json().disabled_reason, /5 days/);
      const events = await t.app.inject({
        method: 'GET',
        url: '/v1/events?type=webhook_endpoint.disabled',
        headers: owner.headers,
      });
      assert.equal(events.statusCode, 200, events.body);
      const [disabled] = events.json().data;
      assert.equal(disabled.data.webhook_endpoint.id, endpoint.id);
      assert.equal(disabled.data.webhook_endpoint.status, 'disabled');
      assert.equal(disabled.data.webhook_endpoint.secret, undefined, 'the event never carries the secret');
      const pending = await t.database.db
        .selectFrom('webhook_delivery')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      assert.deepEqual(pending, [], 'what the endpoint had queued is cancelled');
      const sent = receiver.received.length;
      t.clock.advance(30 * 24 * HOUR_MS);
      await appendTestEvent(t, owner.workspaceId);
      await dispatcher.tick();
      assert.equal(receiver.received.length, sent, 'nothing more is sent to a disabled endpoint');
    });

    it('keeps an endpoint whose deliveries fail now and then but succeed in between', async () => {
      const endpoint = await createEndpoint(owner, '/flaky-days');
      for (let day = 0; day < 7; day += 1) {
        receiver.statuses.push(500);
        await appendTestEvent(t, owner.workspaceId);
        await dispatcher.tick();
        t.clock.advance(5_000);
        await dispatcher.tick();
        t.clock.advance(24 * HOUR_MS);
      }
      assert.equal((await endpointRow(endpoint.id)).status, 'enabled');
    });
  });
}
