// Prometheus metrics per app instance (no global registry, so tests can build many apps).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../../errors.js';
import { secretsEqual } from '../shared/secrets.js';
import { isLoopbackRequest } from './loopback.js';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
}

/** Creates the registry with the HTTP metrics every route reports. */
export function createMetrics(options: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry });
  // Always on (the default process metrics are opt-in): what this process holds in memory, all its
  // threads included, read when scraped.
  new Gauge({
    name: 'trackforge_process_rss_bytes',
    help: 'Resident set size of this process (all threads), in bytes',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route and status code',
      labelNames: ['method', 'route', 'status_code'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by method, route and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

/**
 * Who may read /metrics: with METRICS_TOKEN, a request bearing it (Prometheus' `authorization`
 * / bearer_token); without, only clients on this machine (a sidecar or node exporter setup).
 * Anyone else who sends no credential hears that there is no such route (README "Operators"): a
 * scanner learns nothing; a scraper that sends a wrong token hears 401, which says what to fix.
 */
function assertMayReadMetrics(request: FastifyRequest, token: string | undefined): void {
  const noSuchRoute = new AppError('not_found', 'No route GET /metrics. See /docs for the API reference.');
  if (token === undefined) {
    if (isLoopbackRequest(request)) return;
    throw noSuchRoute;
  }
  if (request.headers.authorization === undefined) throw noSuchRoute;
  const given = /^Bearer +(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!secretsEqual(given, token)) {
    throw new AppError('unauthenticated', 'Send Authorization: Bearer <METRICS_TOKEN> to read /metrics.', {
      headers: { 'www-authenticate': 'Bearer' },
    });
  }
}

/** Records every response and serves GET /metrics. */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  options: { token?: string } = {},
): void {
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, keeps label cardinality bounded.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  // ownCredential: the bearer here is the metrics token, not an API key or access token.
  app.get('/metrics', { schema: { hide: true }, config: { ownCredential: true } }, async (request, reply) => {
    assertMayReadMetrics(request, options.token);
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
