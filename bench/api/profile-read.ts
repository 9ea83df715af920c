// Where an authenticated GET /v1/tracks/{id} spends its time, in-process (app.inject, no network):
// queries per request and time inside them (a Kysely plugin times each query), and, run with
// --profile, a profile to read with profile-summary.ts.
// Run: node --import tsx bench/api/profile-read.ts [--requests 2000] [--ready] [--profile /tmp/read.cpuprofile]
//      node --import tsx bench/api/profile-summary.ts /tmp/read.cpuprofile
// --profile records only the measured requests (not start-up and migrations), like --cpu-prof would.
// With TEST_DATABASE_URL set it runs on that PostgreSQL, else on an in-memory PGlite.
// --http SECONDS serves the app on a port instead and loads it over HTTP from a separate autocannon
// process (--connections, 20), after a bare Fastify hello world in this same process for reference:
// CPU time of this process per request is what a 2-core machine's throughput comes down to, and it
// swings far less with the machine's load than req/s does. --profile then records the API's load.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import {
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  sql,
} from 'kysely';
import { systemClock } from '../../apps/api/src/platform/shared/clock.js';
import { fund } from '../../apps/api/test/features/tracks/helpers.js';
import { createTestAccount } from '../../apps/api/test/helpers/accounts.js';
import { buildTestApp, testConfig } from '../../apps/api/test/helpers/app.js';
import { createTestDatabase } from '../../apps/api/test/helpers/databases.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    profile: { type: 'string' },
    http: { type: 'string' },
    connections: { type: 'string', default: '20' },
    post: { type: 'boolean', default: false },
    ready: { type: 'boolean', default: false },
  },
});
const requests = Number(values.requests);
const httpSeconds = values.http ? Number(values.http) : undefined;

const AUTOCANNON = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));

/** Loads url from another process for `seconds`; returns the 2xx count and this process's CPU ms meanwhile. */
function loadOverHttp(url: string, headers: Record<string, string>, seconds: number) {
  const args = [AUTOCANNON, '--json', '-c', values.connections as string, '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  const child = spawn(process.execPath, [...args, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  const cpuBefore = process.cpuUsage();
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  return new Promise<{ ok: number; non2xx: number; cpuMs: number; p95Ms: number }>((resolve, reject) => {
    child.once('exit', (code) => {
      const cpu = process.cpuUsage(cpuBefore);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as { '2xx': number; non2xx: number; latency: { p97_5: number } };
      resolve({
        ok: result['2xx'],
        non2xx: result.non2xx,
        cpuMs: (cpu.user + cpu.system) / 1000,
        p95Ms: result.latency.p97_5,
      });
    });
  });
}

function describeLoad(name: string, result: { ok: number; non2xx: number; cpuMs: number }, seconds: number) {
  const failures = result.non2xx > 0 ? ` (${result.non2xx} non-2xx)` : '';
  return `${name.padEnd(28)} ${(result.ok / seconds).toFixed(0).padStart(6)} req/s, ${((1000 * result.cpuMs) / result.ok).toFixed(0).padStart(5)} µs CPU of this process per request${failures}`;
}

let queries = 0;
let queryMs = 0;
const queryKinds = new Map<string, number>();
const started = new WeakMap<object, number>();
const timing: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    queries++;
    const node = args.node as unknown as Record<string, { froms?: unknown[]; table?: unknown } | undefined>;
    const tableNode = (node.from?.froms?.[0] ?? node.into ?? node.table ?? node.from) as
      | { table?: { identifier?: { name?: string } } }
      | undefined;
    const table = tableNode?.table?.identifier?.name;
    const kind = `${args.node.kind.replace('Node', '')} ${table ?? ''}`;
    queryKinds.set(kind, (queryKinds.get(kind) ?? 0) + 1);
    started.set(args.queryId, performance.now());
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs) {
    queryMs += performance.now() - (started.get(args.queryId) ?? performance.now());
    return args.result;
  },
};

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const database = await createTestDatabase(kind);
const timed = { ...database, db: database.db.withPlugin(timing) };
const config = testConfig();
const { app } = await buildTestApp({ config, database: timed, clock: systemClock });
await app.ready();
const t = { app, database: timed, config, clock: systemClock } as unknown as Parameters<
  typeof createTestAccount
>[0];
const account = await createTestAccount(t);
await fund(t as never, account.workspaceId, values.post ? requests + 300 : 5);
const headers = account.apiKeyHeaders as { authorization: string };
const created = await app.inject({
  method: 'POST',
  url: '/v1/tracks',
  headers,
  payload: { prompt: 'calm piano', duration: 'short' },
});
const url = `/v1/tracks/${created.json().id}`;
// --ready: read the track as finished (as the generation worker leaves it), which a process remembers.
if (values.ready)
  await sql`update track set status = 'ready', progress = 1 where id = ${created.json().id}`.execute(
    database.db,
  );
// --post: POST /v1/tracks (generation off: the job is queued, nothing renders) instead of the read.
const createBody = { prompt: 'calm piano', duration: 'short' };
for (let i = 0; i < 200; i++)
  await app.inject(
    values.post
      ? { method: 'POST', url: '/v1/tracks', headers, payload: createBody }
      : { method: 'GET', url, headers },
  );

let bareResult: { ok: number; non2xx: number; cpuMs: number } | undefined;

if (httpSeconds) {
  const bare = Fastify({ logger: false });
  bare.get('/', async () => ({ hello: 'world' }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });
  await loadOverHttp(bareAddress, {}, 1);
  bareResult = await loadOverHttp(bareAddress, {}, httpSeconds);
  await bare.close();
}
const address = httpSeconds ? await app.listen({ port: 0, host: '127.0.0.1' }) : '';
if (httpSeconds) await loadOverHttp(`${address}${url}`, headers, 1);

queries = 0;
queryMs = 0;
queryKinds.clear();
const session = values.profile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const startMs = performance.now();
const cpuBefore = process.cpuUsage();
let measured = requests;
let httpResult: { ok: number; non2xx: number; cpuMs: number } | undefined;
if (httpSeconds) {
  httpResult = await loadOverHttp(`${address}${url}`, headers, httpSeconds);
  measured = httpResult.ok + httpResult.non2xx;
} else {
  for (let i = 0; i < requests; i++) {
    const response = values.post
      ? await app.inject({ method: 'POST', url: '/v1/tracks', headers, payload: createBody })
      : await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== (values.post ? 201 : 200))
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  }
}
const totalMs = performance.now() - startMs;
const cpu = process.cpuUsage(cpuBefore);
if (session && values.profile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.profile, JSON.stringify(profile));
  session.disconnect();
}
if (httpSeconds && httpResult && bareResult) {
  console.log(
    `${kind}, GET /v1/tracks/{id} with an API key over HTTP, ${values.connections} connections, ${httpSeconds} s:`,
  );
  console.log(`  ${describeLoad('bare Fastify hello world', bareResult, httpSeconds)}`);
  console.log(`  ${describeLoad('GET /v1/tracks/{id}', httpResult, httpSeconds)}`);
  console.log(
    `  ratio ${((100 * httpResult.ok) / bareResult.ok).toFixed(1)} % of bare Fastify's req/s, ${((100 * bareResult.cpuMs * httpResult.ok) / (httpResult.cpuMs * bareResult.ok)).toFixed(1)} % by CPU per request`,
  );
} else {
  console.log(
    `${kind}, ${requests} sequential ${values.post ? 'POST /v1/tracks' : 'GET /v1/tracks/{id}'} with an API key (app.inject):`,
  );
  console.log(
    `  ${(totalMs / requests).toFixed(3)} ms per request, ${((cpu.user + cpu.system) / 1000 / requests).toFixed(3)} ms of CPU (the machine's load stretches the first, not the second)`,
  );
}
console.log(
  `  ${(queries / measured).toFixed(2)} queries per request, ${(queryMs / measured).toFixed(3)} ms inside them`,
);
for (const [kind, count] of queryKinds) console.log(`    ${(count / measured).toFixed(2)} × ${kind}`);
if (!httpSeconds)
  console.log(
    `  ${((totalMs - queryMs) / requests).toFixed(3)} ms outside the database (hooks, auth, handler, serialisation, inject)`,
  );
await app.close();
await database.close();
