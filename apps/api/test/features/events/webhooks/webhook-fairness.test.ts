// Fair shares of the delivery slots between workspaces (issue 29): one workspace whose 24
// endpoints accept connections and never answer must not delay another workspace's webhooks, with
// one dispatching process or several claiming from the same queue.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { composeEventLog } from '../../../../src/compose.js';
import { createSigningSecretService } from '../../../../src/features/events/signing-secret.service.js';
import {
  createWebhookDispatcher,
  DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE,
} from '../../../../src/features/events/webhooks/webhook-dispatcher.js';
import { createWebhookSender } from '../../../../src/features/events/webhooks/webhook-sender.js';
import { createTestAccount, type TestAccount } from '../../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../../helpers/app.js';
import { testDatabaseKinds } from '../../../helpers/databases.js';
import { createTrack, fund } from '../../tracks/helpers.js';

const SILENT_ENDPOINTS = 24;
const TRACKS_OF_THE_SILENT_WORKSPACE = 3;
/** The bar for the other workspace's delivery. */
const ARRIVES_WITHIN_MS = 3_000;

/** Fails the test instead of hanging when something that must happen does not. */
function within<T>(promise: Promise<T>, what: string, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${limitMs} ms`)), limitMs);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** A loopback TCP server that accepts every connection, reads what comes and never answers. */
async function startSilentServer() {
  const open = new Set<Socket>();
  let waiting: { count: number; resolve: () => void } | undefined;
  const server = createTcpServer((socket) => {
    open.add(socket);
    socket.resume();
    socket.on('close', () => open.delete(socket));
    if (waiting && open.size >= waiting.count) waiting.resolve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}/${path}`,
    /** Connections held open right now (requests waiting for an answer that never comes). */
    held: () => open.size,
    heldAtLeast: (count: number) =>
      new Promise<void>((resolve) => {
        if (open.size >= count) resolve();
        else waiting = { count, resolve };
      }),
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback receiver that answers 200 at once and says when the event it waits for arrives. */
async function startPromptReceiver() {
  const arrivals = new Map<string, () => void>();
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.end();
      arrivals.get(String(request.headers['webhook-id']))?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/prompt`,
    arrival: (eventId: string) =>
      new Promise<void>((resolve) => {
        arrivals.set(eventId, resolve);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const kind of testDatabaseKinds()) {
  describe(`fair webhook deliveries between workspaces on ${kind}`, () => {
    let t: TestApp;
    let silent: Awaited<ReturnType<typeof startSilentServer>>;
    let prompt: Awaited<ReturnType<typeof startPromptReceiver>>;

    // A fresh database and receivers per test: deliveries left queued by one test stay out of the next.
    beforeEach(async () => {
      t = await createTestApp(kind, { env: { ALLOW_PRIVATE_WEBHOOKS: 'true' } });
      silent = await startSilentServer();
      prompt = await startPromptReceiver();
    });
    afterEach(async () => {
      await silent.close();
      await prompt.close();
      await t.close();
    });

    async function addEndpoint(account: TestAccount, url: string): Promise<void> {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers: account.headers,
        payload: { url },
      });
      assert.equal(created.statusCode, 201, created.body);
    }

    /** Workspace A: 24 endpoints that never answer and 3 tracks, so 72 deliveries wait for them. */
    async function silentWorkspace(): Promise<TestAccount> {
      const account = await createTestAccount(t, { plan: 'studio' });
      await fund(t, account.workspaceId, TRACKS_OF_THE_SILENT_WORKSPACE);
      for (let index = 0; index < SILENT_ENDPOINTS; index++) {
        await addEndpoint(account, silent.url(`${account.workspaceId}/${index}`));
      }
      for (let index = 0; index < TRACKS_OF_THE_SILENT_WORKSPACE; index++) {
        assert.equal((await createTrack(t, account)).statusCode, 201);
      }
      return account;
    }

    /** Workspace B: one endpoint that answers at once. */
    async function promptWorkspace(): Promise<TestAccount> {
      const account = await createTestAccount(t, { plan: 'studio' });
      await fund(t, account.workspaceId, 1);
      await addEndpoint(account, prompt.url);
      return account;
    }

    /** B creates a track; resolves with how long its track.queued took to reach B's receiver. */
    async function measureDelivery(account: TestAccount, wake: () => void): Promise<number> {
      const created = await createTrack(t, account);
      assert.equal(created.statusCode, 201);
      const committedAt = performance.now();
      const event = await t.database.db
        .selectFrom('event')
        .select('id')
        .where('workspace_id', '=', account.workspaceId)
        .where('type', '=', 'track.queued')
        .executeTakeFirstOrThrow();
      const arrived = prompt.arrival(event.id);
      wake();
      await within(arrived, "the other workspace's track.queued arrives", ARRIVES_WITHIN_MS);
      return performance.now() - committedAt;
    }

    /** A process's dispatcher at production settings (16 slots, the 15 s per-attempt deadline). */
    const dispatcher = () =>
      createWebhookDispatcher({
        db: t.database.db,
        events: composeEventLog(t.clock),
        clock: t.clock,
        signingSecrets: createSigningSecretService({ db: t.database.db, clock: t.clock }),
        send: createWebhookSender({ allowPrivate: true }),
        pollMs: 20,
      });

    async function runningDeliveriesOf(workspaceId: string): Promise<number> {
      const rows = await t.database.db
        .selectFrom('job')
        .select('id')
        .where('queue', '=', 'webhook.deliver')
        .where('status', '=', 'running')
        .where('fairness_key', '=', workspaceId)
        .execute();
      return rows.length;
    }

    it("delivers another workspace's track.queued within 3 s while one workspace's 24 endpoints never answer", async (test) => {
      const a = await silentWorkspace();
      const b = await promptWorkspace();
      const node = dispatcher();
      node.start();
      try {
        await within(silent.heldAtLeast(DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE), 'A holds requests', 8_000);
        const delayMs = await measureDelivery(b, () => node.wake());
        test.diagnostic(
          `B's track.queued arrived ${Math.round(delayMs)} ms after commit; A held ${silent.held()} requests`,
        );
        assert.ok(
          (await runningDeliveriesOf(a.workspaceId)) <= DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE,
          'A holds no more than its share of the slots',
        );
      } finally {
        await node.stop({ graceMs: 1_000 });
      }
    });

    it('holds one workspace to its share of the slots across several dispatching processes', async () => {
      const a = await silentWorkspace();
      const b = await promptWorkspace();
      // Two processes: 32 slots, more than A's 24 endpoints, so only the claim's count can stop A.
      const nodes = [dispatcher(), dispatcher()];
      for (const node of nodes) node.start();
      try {
        await within(silent.heldAtLeast(DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE), 'A holds requests', 8_000);
        // B's delivery needs a claim after its commit, so by then both processes have looked at A's too.
        await measureDelivery(b, () => {
          for (const node of nodes) node.wake();
        });
        // Two claims at the same instant may each see A one below its cap (job.repository.ts): one over.
        const share = DEFAULT_MAX_IN_FLIGHT_PER_WORKSPACE + nodes.length - 1;
        assert.ok(silent.held() <= share, `A holds ${silent.held()} requests`);
        assert.ok((await runningDeliveriesOf(a.workspaceId)) <= share);
      } finally {
        await Promise.all(nodes.map((node) => node.stop({ graceMs: 1_000 })));
      }
    });
  });
}
