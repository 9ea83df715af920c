// Trackforge scaled out and broken on purpose: 2 API nodes (WORKERS=0) and 2 worker processes on one
// PostgreSQL and one S3-compatible store, every part a real process on loopback (cluster.ts). Off
// unless MULTINODE=on (.ci/run turns it on); runs as its own step so restarting PostgreSQL here
// disturbs no other suite.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { until } from '../helpers/until.js';
import {
  allEventIds,
  type Cluster,
  multinodeSkip,
  type NodeProcess,
  ResumingClient,
  startCluster,
} from './cluster.js';

/** The bound for the service to be back after PostgreSQL restarts. */
const POSTGRES_RECOVERY_BOUND_MS = 10_000;
const TRACK_TIMEOUT_MS = 180_000;

/** A webhook receiver on loopback that counts 2xx deliveries per webhook-id and can go down. */
function createReceiver() {
  const delivered = new Map<string, number>();
  let refused = 0;
  let down = false;
  const server: Server = createServer((request: IncomingMessage, response) => {
    request.resume();
    const id = String(request.headers['webhook-id'] ?? '');
    if (down) {
      refused += 1;
      response.statusCode = 503;
      return void response.end();
    }
    delivered.set(id, (delivered.get(id) ?? 0) + 1);
    response.end('ok');
  });
  return {
    delivered,
    refusedCount: () => refused,
    setDown(value: boolean) {
      down = value;
    },
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('two API nodes and two workers on PostgreSQL and S3', { skip: multinodeSkip }, () => {
  let cluster: Cluster;
  let nodeA: NodeProcess;
  let nodeB: NodeProcess;
  let apiKey: string;
  let workspaceId: string;
  const receiver = createReceiver();
  const clients: ResumingClient[] = [];

  async function api(node: NodeProcess, method: string, path: string, body?: unknown) {
    const response = await fetch(`${node.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined, text };
  }

  async function createTrack(node: NodeProcess, prompt: string, duration = '5s'): Promise<string> {
    const response = await api(node, 'POST', '/v1/tracks', { prompt, duration });
    assert.equal(response.status, 201, response.text);
    return response.json.id as string;
  }

  async function trackStatus(id: string): Promise<string | undefined> {
    const row = await cluster.database.db
      .selectFrom('track')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status;
  }

  async function waitForStatus(ids: string[], status: string, timeoutMs = TRACK_TIMEOUT_MS) {
    for (const id of ids) {
      await until(
        async () => ((await trackStatus(id)) === status ? true : undefined),
        timeoutMs,
        `${id} ${status}`,
      );
    }
  }

  async function balance() {
    const response = await api(nodeA, 'GET', '/v1/credits');
    assert.equal(response.status, 200, response.text);
    return { balance: response.json.balance as number, held: response.json.held as number };
  }

  /** A client following the workspace from its latest event on (or from the start). */
  async function connectClient(urls: () => string[]): Promise<ResumingClient> {
    const latest = (await allEventIds(nodeA.url, apiKey)).at(-1);
    const client = new ResumingClient(urls, apiKey, latest);
    clients.push(client);
    await client.start();
    return client;
  }

  /** Every event of the workspace since `since` (exclusive) reached every client given, none twice. */
  async function assertNoneMissed(watching: ResumingClient[], since?: string) {
    const all = await allEventIds(nodeA.url, apiKey);
    const expected = since ? all.slice(all.indexOf(since) + 1) : all;
    for (const client of watching) {
      await client.waitFor(expected, 20_000);
      assert.equal(client.duplicates, 0, 'no event arrives twice');
    }
    return expected;
  }

  async function latestEventId(): Promise<string | undefined> {
    return (await allEventIds(nodeA.url, apiKey)).at(-1);
  }

  /** Earlier scenarios leave no track in flight to blur this one's credit arithmetic. */
  async function settled(): Promise<void> {
    await until(
      async () => {
        const row = await cluster.database.db
          .selectFrom('track')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('status', 'in', ['queued', 'generating'])
          .executeTakeFirstOrThrow();
        return Number(row.n) === 0 ? true : undefined;
      },
      TRACK_TIMEOUT_MS,
      'earlier tracks to finish',
    );
  }

  before(async () => {
    cluster = await startCluster();
    nodeA = await cluster.startApi();
    nodeB = await cluster.startApi();
    cluster.startWorker();
    cluster.startWorker();
    ({ apiKey, workspaceId } = await cluster.createWorkspace(100));
    const hookUrl = await receiver.start();
    const endpoint = await api(nodeA, 'POST', '/v1/webhook-endpoints', { url: hookUrl });
    assert.equal(endpoint.status, 201, endpoint.text);
  });

  after(async () => {
    for (const client of clients) client.stop();
    await receiver.close();
    await cluster?.close();
  });

  it('announces a track created through node A on node B’s WebSocket and delivers each event to the webhook once', async () => {
    const onB = await connectClient(() => [nodeB.url]);
    const trackId = await createTrack(nodeA, 'warm lofi piano');
    await waitForStatus([trackId], 'ready');
    const events = await assertNoneMissed([onB]);
    assert.ok(events.length >= 3, 'queued, generating and ready at least');
    await until(
      () => (events.every((id) => receiver.delivered.has(id)) ? true : undefined),
      20_000,
      'every event delivered to the webhook',
    );
    // Both nodes run a dispatcher on the same queue. Once a delivery has succeeded and its job is
    // gone (finished jobs are deleted) no dispatcher can claim it again, and one attempt each means
    // no second claim sent it meanwhile.
    const deliveries = await until(
      async () => {
        const rows = (
          await sql<{ status: string; attempts: number; jobs: number }>`
            select status, attempts,
              (select count(*)::int from job where job.payload->>'delivery_id' = webhook_delivery.id) as jobs
            from webhook_delivery where event_id in (${sql.join(events)})`.execute(cluster.database.db)
        ).rows;
        const finished = rows.every((row) => row.status === 'succeeded' && row.jobs === 0);
        return rows.length === events.length && finished ? rows : undefined;
      },
      20_000,
      'every delivery to succeed and its job to finish',
    );
    assert.deepEqual(
      deliveries.map((delivery) => delivery.attempts),
      events.map(() => 1),
      'each delivery attempted once',
    );
    for (const id of events) assert.equal(receiver.delivered.get(id), 1, `${id} delivered once`);
  });

  it('serves the audio from S3 through either node, whole and by Range', async () => {
    const trackId = (await api(nodeB, 'GET', '/v1/tracks?limit=1')).json.data[0].id as string;
    const bodies: Buffer[] = [];
    for (const node of [nodeA, nodeB]) {
      const whole = await fetch(`${node.url}/v1/tracks/${trackId}/audio`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      assert.equal(whole.status, 200);
      assert.equal(whole.headers.get('content-type'), 'audio/mpeg');
      const bytes = Buffer.from(await whole.arrayBuffer());
      assert.ok(bytes.length > 10_000, `a real MP3 (${bytes.length} bytes)`);
      bodies.push(bytes);
      const part = await fetch(`${node.url}/v1/tracks/${trackId}/audio`, {
        headers: { authorization: `Bearer ${apiKey}`, range: 'bytes=1000-1999' },
      });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), `bytes 1000-1999/${bytes.length}`);
      assert.deepEqual(Buffer.from(await part.arrayBuffer()), bytes.subarray(1000, 2000));
    }
    assert.deepEqual(bodies[0], bodies[1], 'both nodes serve the same object');
  });

  it('loses nothing and charges once when the worker rendering a track is SIGKILLed', async () => {
    const before = await balance();
    const trackId = await createTrack(nodeA, 'slow cinematic strings', '30s');
    const lockedBy = await until(
      async () => {
        const job = await cluster.database.db
          .selectFrom('job')
          .select(['locked_by', 'status'])
          .where(sql<string>`payload->>'track_id'`, '=', trackId)
          .executeTakeFirst();
        return job?.status === 'running' && (await trackStatus(trackId)) === 'generating'
          ? job.locked_by
          : undefined;
      },
      30_000,
      'a worker to start rendering',
    );
    const pid = Number(lockedBy!.split(':')[1]);
    const victim = cluster.nodes.find((node) => node.child.pid === pid);
    assert.ok(victim, `the job is held by one of our workers (${lockedBy})`);
    victim.child.kill('SIGKILL');
    await victim.exited;
    cluster.startWorker();
    await waitForStatus([trackId], 'ready');
    const afterwards = await balance();
    assert.deepEqual(afterwards, { balance: before.balance - 1, held: before.held }, 'charged exactly once');
    const audio = await fetch(`${nodeB.url}/v1/tracks/${trackId}/audio`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    assert.equal(audio.status, 200);
    await audio.arrayBuffer();
  });

  it('lets clients resume by last_event_id with 0 missed when an API node restarts under them', async () => {
    await settled();
    const since = await latestEventId();
    const watching = [
      await connectClient(() => [nodeB.url, nodeA.url]),
      await connectClient(() => [nodeB.url]),
    ];
    const first = await createTrack(nodeA, 'before the restart');
    nodeB.child.kill('SIGTERM');
    assert.equal(await nodeB.exited, 0, 'node B drains and exits cleanly');
    // While B is down, tracks keep being made through A; their events must reach B's clients later.
    const during = [await createTrack(nodeA, 'while B is down'), await createTrack(nodeA, 'still down')];
    nodeB = await cluster.startApi(nodeB.port);
    const later = await createTrack(nodeB, 'after the restart');
    await waitForStatus([first, ...during, later], 'ready');
    await assertNoneMissed(watching, since);
    assert.ok(
      watching.every((client) => client.closeCodes.includes(1012)),
      'the draining node told its clients to reconnect (1012)',
    );
  });

  it('recovers within 10 s of a PostgreSQL restart under load, and clients resume with 0 missed', async () => {
    await settled();
    const since = await latestEventId();
    const watching = [await connectClient(() => [nodeA.url]), await connectClient(() => [nodeB.url])];
    const running = cluster.nodes.filter(
      (node) => node.child.exitCode === null && node.child.signalCode === null,
    );
    const created: string[] = [];
    let loadFailures = 0;
    let loading = true;
    let recoveryMs = 0;
    const load = (async () => {
      for (let i = 0; loading && i < 200; i++) {
        const node = i % 2 === 0 ? nodeA : nodeB;
        const response = await api(node, 'POST', '/v1/tracks', { prompt: `load ${i}`, duration: '5s' }).catch(
          () => undefined,
        );
        if (response?.status === 201) created.push(response.json.id);
        else loadFailures += 1;
        // The load's pace (four creates a second), not a wait for anything.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    // The load stops with the test, failed or not: left running it would spend the credits and the
    // track slots the next tests need.
    try {
      await until(() => (created.length >= 2 ? true : undefined), 20_000, 'load to start');

      cluster.postgres.restart();
      const restartedAt = Date.now();
      await until(
        async () => {
          for (const node of [nodeA, nodeB]) if (!(await fetch(`${node.url}/readyz`)).ok) return undefined;
          const probe = await api(nodeB, 'POST', '/v1/tracks', {
            prompt: 'after the restart',
            duration: '5s',
          });
          if (probe.status !== 201) return undefined;
          created.push(probe.json.id);
          return true;
        },
        POSTGRES_RECOVERY_BOUND_MS,
        'both API nodes ready and accepting tracks again',
        200,
      );
      recoveryMs = Date.now() - restartedAt;
      const countAtRecovery = created.length;
      await until(() => (created.length >= countAtRecovery + 2 ? true : undefined), 20_000, 'load to go on');
    } finally {
      loading = false;
      await load;
    }
    process.stdout.write(
      `# PostgreSQL restart: service back in ${recoveryMs} ms; ${created.length} tracks made, ${loadFailures} requests refused meanwhile\n`,
    );
    for (const node of running) {
      assert.equal(
        node.child.exitCode,
        null,
        `${node.kind} node ${node.child.pid} survived the restart; its last output:\n${node.output().slice(-4000)}`,
      );
    }
    await waitForStatus(created, 'ready', 180_000);
    await assertNoneMissed(watching, since);
    assert.ok(
      watching.every((client) => client.closeCodes.includes(1012)),
      'sockets whose live feed broke were told to resume (1012)',
    );
  });

  it('retries a track whose files cannot be stored, marks nothing ready without them, and refunds when it fails for good', async () => {
    await settled();
    const startBalance = await balance();
    cluster.s3.setReachable(false);
    const retried = await createTrack(nodeA, 'stored after a retry');
    await until(
      async () => {
        const job = await cluster.database.db
          .selectFrom('job')
          .select(['attempts', 'last_error', 'status'])
          .where(sql<string>`payload->>'track_id'`, '=', retried)
          .executeTakeFirst();
        return job && job.attempts >= 1 && job.last_error && job.status === 'queued' ? true : undefined;
      },
      60_000,
      'the first attempt to fail on the store',
    );
    assert.notEqual(await trackStatus(retried), 'ready', 'not ready while its files are missing');
    const probe = await fetch(`${nodeA.url}/readyz`);
    assert.equal(probe.status, 503);
    assert.deepEqual(
      ((await probe.json()) as { failures: { check: string }[] }).failures.map((failure) => failure.check),
      ['storage'],
    );
    cluster.s3.setReachable(true);
    await waitForStatus([retried], 'ready');
    const audio = await fetch(`${nodeB.url}/v1/tracks/${retried}/audio`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    assert.equal(audio.status, 200, 'a ready track has its files');
    await audio.arrayBuffer();

    cluster.s3.setReachable(false);
    const doomed = await createTrack(nodeA, 'never stored');
    await waitForStatus([doomed], 'failed', 120_000);
    cluster.s3.setReachable(true);
    const track = await api(nodeA, 'GET', `/v1/tracks/${doomed}`);
    assert.match(JSON.stringify(track.json.error), /refunded/);
    assert.deepEqual(
      await balance(),
      { balance: startBalance.balance - 1, held: startBalance.held },
      'only the stored track is charged; the failed one is refunded',
    );
  });

  it('delivers every event after a webhook receiver that was down for an hour comes back', async () => {
    await until(
      async () =>
        (await allEventIds(nodeA.url, apiKey)).every((id) => receiver.delivered.has(id)) ? true : undefined,
      30_000,
      'earlier events to be delivered',
    );
    receiver.setDown(true);
    const trackId = await createTrack(nodeB, 'nobody is listening');
    await waitForStatus([trackId], 'ready');
    const events = (await allEventIds(nodeA.url, apiKey)).filter((id) => !receiver.delivered.has(id));
    assert.ok(events.length >= 3);
    // An hour passes for the delivery queue: each retry is made due at once instead of after its
    // delay (5 s, 5 min, 30 min — the schedule's first hour), and each attempt is refused.
    const jobsOfEvents = async () =>
      (
        await sql<{ attempts: number; status: string }>`
          select job.attempts, job.status from job
          join webhook_delivery on webhook_delivery.id = job.payload->>'delivery_id'
          where webhook_delivery.event_id in (${sql.join(events)})`.execute(cluster.database.db)
      ).rows;
    // One endpoint's deliveries go one at a time, oldest due first: a retry is made due only until it
    // has had `attempts` tries, or the first one would be retried for ever ahead of the others.
    const makeRetriesDue = (attempts: number) =>
      sql`update job set run_at = now()
        where queue = 'webhook.deliver' and status = 'queued' and attempts < ${attempts}`.execute(
        cluster.database.db,
      );
    await until(
      async () => {
        const jobs = await jobsOfEvents();
        if (
          jobs.length === events.length &&
          jobs.every((job) => job.attempts >= 4 && job.status !== 'running')
        )
          return true;
        await makeRetriesDue(4);
        return undefined;
      },
      // Attempts for one endpoint go one at a time (its concurrency key), about one a second.
      180_000,
      'four refused attempts of every delivery (the first hour)',
      500,
    );
    assert.equal(
      events.filter((id) => receiver.delivered.has(id)).length,
      0,
      'nothing got through meanwhile',
    );
    assert.ok(receiver.refusedCount() >= events.length * 4);
    receiver.setDown(false);
    // Time goes on passing: the next retry of each delivery comes due, and this one gets through.
    await until(
      async () => {
        if (events.every((id) => receiver.delivered.has(id))) return true;
        await makeRetriesDue(5);
        return undefined;
      },
      180_000,
      'every event delivered once the receiver is back',
      500,
    );
    for (const id of events) assert.equal(receiver.delivered.get(id), 1, `${id} delivered once`);
    const endpoint = (await api(nodeA, 'GET', '/v1/webhook-endpoints')).json.data[0];
    assert.notEqual(endpoint.status, 'disabled', 'an hour of failures does not disable the endpoint');
    assert.ok(workspaceId);
  });
});
