// Open-loop load: requests start on a fixed schedule (one every 1/rate seconds) whatever the
// server's answers, on as many keep-alive connections as are needed, and each latency runs from
// the request's scheduled start, so a slow answer delays no later request and a stall is counted
// for every request it held up (no coordinated omission).
//
// Why not autocannon's `overallRate`: its clients send back to back until they have made their
// share for the current second, then wait for the next second. At 1,000 req/s over 20 connections
// that is 20 requests in flight until the second's 1,000 are served, then nothing: the latency it
// reports is the latency at full concurrency, not at the offered rate.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoadResult, LoadTarget } from './latency.js';

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

/** Sends `requestsPerSecond` × `seconds` requests on schedule; latencies from each scheduled start. */
export async function paced(
  target: LoadTarget,
  options: { requestsPerSecond: number; seconds: number },
): Promise<LoadResult & { maxInFlight: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
  const total = Math.round(options.requestsPerSecond * options.seconds);
  const intervalMs = 1000 / options.requestsPerSecond;
  const latenciesMs = new Float64Array(total);
  let non2xx = 0;
  let errors = 0;
  let done = 0;
  let inFlight = 0;
  let maxInFlight = 0;

  const send = (scheduledMs: number, record: (ms: number, ok: boolean) => void) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const req = request(
      target.url,
      { method: target.method ?? 'GET', headers: target.headers, agent },
      (res) => {
        res.resume();
        res.once('end', () => {
          inFlight--;
          record(
            performance.now() - scheduledMs,
            (res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300,
          );
        });
      },
    );
    req.once('error', () => {
      inFlight--;
      errors++;
      record(Number.NaN, false);
    });
    req.end(target.body);
  };

  // Open a few connections first, so the first scheduled requests do not pay for the handshakes.
  await Promise.all(
    Array.from({ length: 8 }, () => new Promise<void>((resolve) => send(performance.now(), () => resolve()))),
  );
  maxInFlight = 0;

  const startMs = performance.now() + 10;
  const endMs = await new Promise<number>((resolve) => {
    let next = 0;
    const record = (index: number) => (ms: number, ok: boolean) => {
      latenciesMs[index] = ms;
      if (!ok && !Number.isNaN(ms)) non2xx++;
      if (++done === total) resolve(performance.now());
    };
    const tick = () => {
      const now = performance.now();
      while (next < total && startMs + next * intervalMs <= now) {
        send(startMs + next * intervalMs, record(next));
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, startMs + next * intervalMs - performance.now()));
    };
    tick();
  });
  agent.destroy();

  const answered = latenciesMs.filter((ms) => !Number.isNaN(ms)).sort();
  return {
    name: target.name,
    requests: answered.length,
    non2xx,
    errors,
    requestsPerSecond: answered.length / ((endMs - startMs) / 1000),
    p50Ms: percentile(answered, 0.5),
    p95Ms: percentile(answered, 0.95),
    p99Ms: percentile(answered, 0.99),
    maxInFlight,
  };
}
