import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { buildTestApp, createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { appendTestEvent, type EventPayload, type Frame, FrameClient } from './event-helpers.js';

function track(id: string) {
  return { id, object: 'track', status: 'queued', progress: 0 };
}
const TRACK_A = 'trk_01JD00000000000000000000AA';
const TRACK_B = 'trk_01JD00000000000000000000BB';

for (const kind of testDatabaseKinds()) {
  describe(`WS /v1/ws/jobs on ${kind}`, () => {
    let t: TestApp;
    let wsUrl: string;
    let owner: TestAccount;
    let other: TestAccount;
    let secret: string;
    const clients: FrameClient[] = [];
    const connect = async (query = '', headers: Record<string, string> = owner.headers) => {
      const client = await FrameClient.connect(`${wsUrl}${query}`, headers);
      clients.push(client);
      return client;
    };

    before(async () => {
      t = await createTestApp(kind, { deps: { events: { pingIntervalMs: 100 } } });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/ws/jobs`;
      owner = await createTestAccount(t, { plan: 'studio' });
      other = await createTestAccount(t, { plan: 'studio' });
      const workspace = await t.app.inject({ method: 'GET', url: '/v1/workspace', headers: owner.headers });
      secret = workspace.json().signing_secret;
    });
    after(async () => {
      await Promise.all(clients.map((client) => client.close()));
      await t.close();
    });

    function verify(frame: Frame): EventPayload {
      assert.equal(frame.type, 'event');
      assert.match(String(frame.timestamp), /^\d+$/);
      assert.match(String(frame.signature), /^v1,/);
      const payload = new Webhook(secret).verify(String(frame.payload), {
        'webhook-id': String(frame.id),
        'webhook-timestamp': String(frame.timestamp),
        'webhook-signature': String(frame.signature),
      }) as EventPayload;
      assert.equal(payload.id, frame.id);
      return payload;
    }

    it('sends hello with the workspace id, then signed event frames that verify with the workspace secret', async () => {
      const client = await connect('', owner.apiKeyHeaders!);
      const [hello] = await client.waitForFrames(1);
      assert.deepEqual(hello, { type: 'hello', workspace_id: owner.workspaceId });
      const appended = await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_A));
      const [, frame] = await client.waitForFrames(2);
      const payload = verify(frame!);
      assert.deepEqual(payload, appended);
      assert.deepEqual(Object.keys(payload), ['id', 'type', 'created_at', 'data']);
      assert.equal(payload.data.track.id, TRACK_A);
      await client.close();
    });

    it('never sends another workspace its events', async () => {
      const mine = await connect('', other.headers);
      await mine.waitForFrames(1);
      await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_A));
      const ownEvent = await appendTestEvent(t, other.workspaceId, 'track.queued', track(TRACK_B));
      // A socket gets its workspace's events in commit order: the owner's event, committed first,
      // would have come before this one.
      const frames = await mine.waitForFrames(2);
      assert.deepEqual(
        mine.events().map((frame) => frame.id),
        [ownEvent.id],
      );
      assert.equal(frames[0]!.workspace_id, other.workspaceId);
      await mine.close();
    });

    it('sends every socket of the workspace the same signed frame of an event, and none to another workspace', async () => {
      const sockets = [await connect(), await connect(), await connect()];
      const outsider = await connect('', other.headers);
      for (const client of [...sockets, outsider]) await client.waitForFrames(1);
      const appended = await appendTestEvent(t, owner.workspaceId, 'track.ready', track(TRACK_A));
      const frames = await Promise.all(sockets.map(async (client) => (await client.waitForFrames(2))[1]!));
      for (const frame of frames) assert.deepEqual(frame, frames[0]);
      assert.deepEqual(verify(frames[0]!), appended);
      // Frames come in commit order: once the outsider has its own later event, the owner's would
      // have come before it.
      const own = await appendTestEvent(t, other.workspaceId, 'track.queued', track(TRACK_B));
      await outsider.waitForFrames(2);
      assert.deepEqual(
        outsider.events().map((frame) => frame.id),
        [own.id],
      );
      await Promise.all([...sockets, outsider].map((client) => client.close()));
    });

    it('delivers events whose frames need a 16-bit and a 64-bit length whole and in order', async () => {
      const client = await connect();
      await client.waitForFrames(1);
      const medium = await appendTestEvent(t, owner.workspaceId, 'track.queued', {
        ...track(TRACK_A),
        prompt: 'p'.repeat(1_000),
      });
      const large = await appendTestEvent(t, owner.workspaceId, 'track.ready', {
        ...track(TRACK_A),
        // Past 65,535 bytes of payload, and multi-byte UTF-8, so the length is the byte count.
        prompt: 'é'.repeat(40_000),
      });
      const small = await appendTestEvent(t, owner.workspaceId, 'track.failed', track(TRACK_A));
      const [, ...frames] = await client.waitForFrames(4);
      assert.deepEqual(
        frames.map((frame) => verify(frame)),
        [medium, large, small],
      );
      await client.close();
    });

    it('replays every later event after last_event_id, then live ones, with no gap and no duplicate', async () => {
      const first = await connect();
      await first.waitForFrames(1);
      const e1 = await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_A));
      await first.waitForFrames(2);
      await first.close();
      const missed = [];
      for (let i = 0; i < 5; i += 1)
        missed.push(await appendTestEvent(t, owner.workspaceId, 'track.generating', track(TRACK_A)));

      // Events committed while the client connects and the backlog is replayed must appear exactly
      // once, in order: start appending before the upgrade and keep going through the replay.
      const live: Awaited<ReturnType<typeof appendTestEvent>>[] = [];
      const appending = (async () => {
        for (let i = 0; i < 10; i += 1) {
          live.push(await appendTestEvent(t, owner.workspaceId, 'track.generating', track(TRACK_A)));
        }
      })();
      const second = await connect(`?last_event_id=${e1.id}`);
      await appending;
      // One event committed after all the others marks the end: a duplicate would come before it.
      const last = await appendTestEvent(t, owner.workspaceId, 'track.ready', track(TRACK_A));
      const expected = [...missed, ...live, last].map((event) => event.id);
      await second.waitForFrames(1 + expected.length);
      assert.equal(second.frames[0]!.type, 'hello');
      assert.deepEqual(
        second.events().map((frame) => frame.id),
        expected,
      );
      for (const frame of second.events()) verify(frame);
      await second.close();
    });

    it('replays from another API process on the same database, as after a restart', async () => {
      const seen = await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_A));
      const missed = await appendTestEvent(t, owner.workspaceId, 'track.ready', track(TRACK_A));
      const { app: restarted } = await buildTestApp({
        config: t.config,
        database: t.database,
        clock: t.clock,
      });
      try {
        await restarted.listen({ port: 0, host: '127.0.0.1' });
        const port = (restarted.server.address() as AddressInfo).port;
        const client = await FrameClient.connect(
          `ws://127.0.0.1:${port}/v1/ws/jobs?last_event_id=${seen.id}`,
          owner.headers,
        );
        clients.push(client);
        const live = await appendTestEvent(t, owner.workspaceId, 'track.failed', track(TRACK_A));
        await client.waitForFrames(3);
        assert.deepEqual(
          client.events().map((frame) => frame.id),
          [missed.id, live.id],
        );
        await client.close();
      } finally {
        await restarted.close();
      }
    });

    it('narrows to the subscribed track ids', async () => {
      const client = await connect();
      await client.waitForFrames(1);
      client.socket.send(JSON.stringify({ type: 'subscribe', track_ids: [TRACK_B] }));
      // The server reads a socket's messages in order: the error answering the next one says the
      // subscription is in place.
      client.socket.send('not json');
      const [, error] = await client.waitForFrames(2);
      assert.equal(error!.type, 'error');
      await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_A));
      const wanted = await appendTestEvent(t, owner.workspaceId, 'track.queued', track(TRACK_B));
      // In commit order: TRACK_A's event, committed first, would have come before.
      await client.waitForFrames(3);
      assert.deepEqual(
        client.events().map((frame) => frame.id),
        [wanted.id],
      );
      await client.close();
    });

    it('pings the client at the configured interval', async () => {
      const client = await connect();
      // At the 30 s default no ping would come before the deadline; at 100 ms two come at once.
      let pings = 0;
      const twoPings = new Promise<void>((resolve) => {
        client.socket.on('ping', () => {
          pings += 1;
          if (pings === 2) resolve();
        });
      });
      const deadline = delay(5_000, 'deadline', { ref: false });
      assert.equal(
        await Promise.race([twoPings.then(() => 'pinged'), deadline]),
        'pinged',
        `pings: ${pings}`,
      );
      await client.close();
    });

    it('answers a plain GET without the upgrade with 426 upgrade_required', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/v1/ws/jobs', headers: owner.headers });
      assert.equal(response.statusCode, 426);
      assert.equal(response.json().code, 'upgrade_required');
    });

    it('refuses an upgrade without credentials with 401', async () => {
      await assert.rejects(connect('', {}), { statusCode: 401 });
    });

    it('refuses a cookie upgrade without an allowed Origin and accepts one with it', async () => {
      const cookie = { cookie: `tf_session=${owner.sessionCookie}` };
      await assert.rejects(connect('', cookie), { statusCode: 403 });
      await assert.rejects(connect('', { ...cookie, origin: 'https://evil.example' }), { statusCode: 403 });
      const client = await connect('', { ...cookie, origin: t.config.ALLOWED_ORIGINS[0]! });
      const [hello] = await client.waitForFrames(1);
      assert.equal(hello!.workspace_id, owner.workspaceId);
      await client.close();
    });

    it("refuses last_event_id of another workspace's event with 400", async () => {
      const foreign = await appendTestEvent(t, other.workspaceId);
      await assert.rejects(connect(`?last_event_id=${foreign.id}`), { statusCode: 400 });
      await assert.rejects(connect('?last_event_id=nope'), { statusCode: 400 });
    });
  });
}
