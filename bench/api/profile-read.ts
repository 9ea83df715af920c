// Where an authenticated GET /v1/tracks/{id} spends its time, in-process (app.inject, no network):
// queries per request and time inside them (a Kysely plugin times each query), and, run with
// --cpu-prof, a profile to read with profile-summary.ts.
// Run: node --import tsx bench/api/profile-read.ts [--requests 2000] [--profile /tmp/read.cpuprofile]
//      node --import tsx bench/api/profile-summary.ts /tmp/read.cpuprofile
// --profile records only the measured requests (not start-up and migrations), like --cpu-prof would.
// With TEST_DATABASE_URL set it runs on that PostgreSQL, else on an in-memory PGlite.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';
import { buildApp } from '../../apps/api/src/app.js';
import { systemClock } from '../../apps/api/src/shared/clock.js';
import { createTestAccount } from '../../apps/api/test/helpers/accounts.js';
import { testConfig } from '../../apps/api/test/helpers/app.js';
import { createTestDatabase } from '../../apps/api/test/helpers/databases.js';
import { fund } from '../../apps/api/test/tracks/helpers.js';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '2000' }, profile: { type: 'string' } },
});
const requests = Number(values.requests);

let queries = 0;
let queryMs = 0;
const queryKinds = new Map<string, number>();
const started = new WeakMap<object, number>();
const timing: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs) {
    queries++;
    const table = JSON.stringify(args.node).match(/"TableNode".*?"IdentifierNode","name":"(\w+)"/)?.[1];
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
const app = await buildApp({ config, database: timed, clock: systemClock });
await app.ready();
const t = { app, database: timed, config, clock: systemClock } as unknown as Parameters<
  typeof createTestAccount
>[0];
const account = await createTestAccount(t);
await fund(t as never, account.workspaceId, 5);
const headers = account.apiKeyHeaders as { authorization: string };
const created = await app.inject({
  method: 'POST',
  url: '/v1/tracks',
  headers,
  payload: { prompt: 'calm piano', duration: 'short' },
});
const url = `/v1/tracks/${created.json().id}`;
for (let i = 0; i < 200; i++) await app.inject({ method: 'GET', url, headers });

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
for (let i = 0; i < requests; i++) {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
}
const totalMs = performance.now() - startMs;
if (session && values.profile) {
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(values.profile, JSON.stringify(profile));
  session.disconnect();
}
console.log(`${kind}, ${requests} sequential GET /v1/tracks/{id} with an API key (app.inject):`);
console.log(`  ${(totalMs / requests).toFixed(3)} ms per request`);
console.log(
  `  ${(queries / requests).toFixed(2)} queries per request, ${(queryMs / requests).toFixed(3)} ms inside them`,
);
for (const [kind, count] of queryKinds) console.log(`    ${(count / requests).toFixed(2)} × ${kind}`);
console.log(
  `  ${((totalMs - queryMs) / requests).toFixed(3)} ms outside the database (hooks, auth, handler, serialisation, inject)`,
);
await app.close();
await database.close();
