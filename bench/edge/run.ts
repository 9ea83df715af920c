// bench/edge: public reads through a real Varnish (deploy/varnish/default.vcl) against the same
// reads straight from the origin, in the same run, and the time from "make private" to the cache
// answering 404. Loopback; the origin is the API in this process on PGlite with a fake engine
// (a 1 MB "MP3"), so only serving is measured. Needs Debian's varnish. README.md beside this file.
//   npm run bench:edge [-- --requests 400 --tracks 20]
import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { parseArgs } from 'node:util';
import type { Generate } from '../../apps/api/src/features/tracks/generation/generation-pool.js';
import {
  createGenerationRunner,
  createTrack,
  FAKE_GENERATED_TRACK,
  fund,
} from '../../apps/api/test/features/tracks/helpers.js';
import { createTestAccount } from '../../apps/api/test/helpers/accounts.js';
import { createTestApp } from '../../apps/api/test/helpers/app.js';
import { freePort, startVarnish } from '../../apps/api/test/platform/edge/varnish.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '400' },
    tracks: { type: 'string', default: '20' },
  },
});
const REQUESTS = Number(values.requests);
const TRACKS = Number(values.tracks);
const MP3_BYTES = 1024 * 1024;

const mp3 = randomBytes(MP3_BYTES);
const generate: Generate = async () => ({
  ...FAKE_GENERATED_TRACK,
  files: { mp3 },
  waveform: { samplesPerPeak: 256, peaks: Array.from({ length: 800 }, (_, i) => Math.sin(i / 7)) },
});

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; cache?: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers, agent }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          cache: response.headers['x-cache'] as string | undefined,
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

function percentile(sortedMs: number[], p: number): number {
  return sortedMs[Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1)]!;
}

/** Sequential requests (one connection, kept alive); p50 / p95 in ms and the share of cache hits. */
async function measure(url: string, headers: Record<string, string>) {
  await get(url, headers); // the first fills the cache
  const times: number[] = [];
  let hits = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const answer = await get(url, headers);
    times.push(performance.now() - started);
    if (answer.status >= 400) throw new Error(`${url} answered ${answer.status}`);
    if (answer.cache === 'HIT') hits++;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), hits: hits / REQUESTS };
}

const varnishPort = await freePort();
const t = await createTestApp('pglite', {
  env: { TRUST_PROXY: '1', EDGE_PURGE: 'http', EDGE_PURGE_URL: `http://127.0.0.1:${varnishPort}/` },
});
await t.app.listen({ port: 0, host: '127.0.0.1' });
const origin = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const varnish = await startVarnish(varnishPort, Number(new URL(origin).port));
try {
  const owner = await createTestAccount(t);
  await fund(t, owner.workspaceId, TRACKS + 5);
  const runner = createGenerationRunner(t, 'bench-edge', generate);
  const ids: string[] = [];
  for (let i = 0; i < TRACKS + 1; i++) {
    const created = await createTrack(t, owner, {
      prompt: `edge bench ${i}`,
      duration: 'short',
      visibility: 'public',
    });
    ids.push(created.json().id);
  }
  await runner.runDue();
  const [shown, ...toHide] = ids as [string, ...string[]];

  const reads: Array<[string, string, Record<string, string>]> = [
    ['share page /t/{id}', `/t/${shown}`, {}],
    ['audio, first 64 KiB (Range)', `/v1/tracks/${shown}/audio`, { range: 'bytes=0-65535' }],
    ['audio, whole 1 MiB', `/v1/tracks/${shown}/audio`, {}],
    ['public feed /v1/public/tracks', '/v1/public/tracks', {}],
    ['cover.svg', `/v1/tracks/${shown}/cover.svg`, {}],
    ['voices /v1/voices (a credential: passed)', '/v1/voices', owner.headers],
  ];
  console.log(`${REQUESTS} sequential requests each, one kept-alive connection; ms`);
  console.log('| read | origin p50 / p95 | through the cache p50 / p95 | cache hits | cache ÷ origin p95 |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, path, headers] of reads) {
    const direct = await measure(`${origin}${path}`, headers);
    const cached = await measure(`${varnish.url}${path}`, headers);
    console.log(
      `| ${name} | ${direct.p50.toFixed(2)} / ${direct.p95.toFixed(2)} | ${cached.p50.toFixed(2)} / ${cached.p95.toFixed(2)} | ${(cached.hits * 100).toFixed(0)} % | ${(cached.p95 / direct.p95).toFixed(2)} |`,
    );
  }

  // Make private → the cache answers 404: the change's own request, the purge from the queue, the ban.
  const goneMs: number[] = [];
  for (const id of toHide) {
    const path = `${varnish.url}/v1/tracks/${id}/audio`;
    await get(path);
    if ((await get(path)).cache !== 'HIT') throw new Error(`${id} was not cached`);
    const started = performance.now();
    const published = await t.app.inject({
      method: 'POST',
      url: `/v1/tracks/${id}/publish`,
      headers: owner.headers,
      payload: { visibility: 'private' },
    });
    if (published.statusCode !== 200) throw new Error(published.body);
    while ((await get(path)).status !== 404) {
      if (performance.now() - started > 10_000) throw new Error(`${id} still cached after 10 s`);
    }
    goneMs.push(performance.now() - started);
  }
  goneMs.sort((a, b) => a - b);
  console.log(
    `\nmake private → 404 through the cache (${goneMs.length} tracks): p50 ${percentile(goneMs, 50).toFixed(1)} ms, p95 ${percentile(goneMs, 95).toFixed(1)} ms, max ${goneMs.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  agent.destroy();
  await varnish.stop();
  await t.close();
}
