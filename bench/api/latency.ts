// HTTP load with autocannon: every request's latency is kept, so p50/p95/p99 come from the
// requests themselves rather than autocannon's fixed percentile set.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requests: number;
  non2xx: number;
  errors: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

export interface LoadTarget {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number;
}

export async function load(
  target: LoadTarget,
  options: { connections: number; seconds: number; requestsPerSecond?: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections: options.connections,
        duration: options.seconds,
        // a fixed offered rate measures latency at that rate, not the most the server can take
        ...(options.requestsPerSecond ? { overallRate: options.requestsPerSecond } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
      latencies.push(responseTimeMs);
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    name: target.name,
    requests: latencies.length,
    non2xx,
    errors: result.errors + result.timeouts,
    requestsPerSecond: latencies.length / options.seconds,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p99Ms: percentile(latencies, 0.99),
  };
}

/** Starts the bare Fastify reference in its own process. */
export function startBareFastify(): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [new URL('./bare-fastify.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (data: Buffer) => {
      const match = /listening (\S+)/.exec(data.toString());
      if (match) resolve({ url: `${match[1]}/`, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', (code) => reject(new Error(`bare fastify exited with ${code}`)));
  });
}

const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** One table row: name, req/s, ratio to the reference, p50/p95/p99, failures. */
export function formatLoadRow(result: LoadResult, referenceRps: number): string {
  const ratio = `${fixed((100 * result.requestsPerSecond) / referenceRps)} %`;
  const failures =
    result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
  return `${result.name.padEnd(34)} ${fixed(result.requestsPerSecond, 0).padStart(7)} req/s ${ratio.padStart(8)}   p50 ${fixed(result.p50Ms).padStart(6)} ms  p95 ${fixed(result.p95Ms).padStart(6)} ms  p99 ${fixed(result.p99Ms).padStart(6)} ms${failures}`;
}
