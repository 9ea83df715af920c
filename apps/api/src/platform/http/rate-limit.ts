// Request limits on /v1 (docs/limits.md), built on @fastify/rate-limit: one budget per principal,
// never per credential, so minting more keys or sessions buys no more requests. The principals:
// the workspace, for all its API keys together; the signed-in user, for all their sessions and
// access tokens together (apart from the keys' budget, so an integration that spends its budget
// does not lock its owner out of revoking it); else the client address. The budget per window
// comes from the plan.
//
// Counters live in this process's memory, not in the database: a shared table would add a write
// round trip to every request (the API aims at ≥1,000 authenticated GETs a second) for a limit
// whose purpose is to stop floods, not to bill. The consequence: with N API nodes behind a
// balancer that does not pin a principal to a node, a client can get up to N times its plan's
// budget. Sign-in links, where exactness matters, have their own database counters
// (auth/auth-rate-limit.ts).
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../shared/clock.js';
import type { Plan } from './auth-context.js';

export type RateLimitedCaller = Plan | 'anonymous';

export interface RateLimitSettings {
  windowSeconds: number;
  requestsPerWindow: Record<RateLimitedCaller, number>;
}

export function rateLimitSettingsFrom(config: Config): RateLimitSettings {
  return {
    windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS,
    requestsPerWindow: {
      anonymous: config.RATE_LIMIT_ANONYMOUS,
      free: config.RATE_LIMIT_FREE,
      studio: config.RATE_LIMIT_STUDIO,
      enterprise: config.RATE_LIMIT_ENTERPRISE,
    },
  };
}

/**
 * Routes outside the limit: health, metrics, docs and studio pages, and Stripe's signed webhooks.
 * Decided by the route the router chose (its pattern), never by the URL as the client spelled it.
 */
function isUnlimited(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route === undefined) return false;
  return !route.startsWith('/v1/') || route.startsWith('/v1/webhooks/stripe');
}

function keyOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.userId) return `user:${auth.userId}`;
  if (auth) return `workspace:${auth.workspaceId}`;
  return `ip:${normalizeIP(request.ip)}`;
}

function budgetHolder(request: FastifyRequest): string {
  const auth = request.auth;
  if (!auth) return 'anonymous requests from one address';
  if (auth.userId) return `your ${auth.plan} plan (all your sessions and access tokens together)`;
  return `this workspace's ${auth.plan} plan (all its API keys together)`;
}

/** Installs the limit on every /v1 route registered after it; register after authentication. */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: { settings: RateLimitSettings; clock: Clock },
): Promise<void> {
  const { windowSeconds, requestsPerWindow } = deps.settings;
  await app.register(fastifyRateLimit, {
    // Route-level onRequest hooks run after the app-level authentication hook, so request.auth is set.
    hook: 'onRequest',
    timeWindow: windowSeconds * 1000,
    max: (request) => requestsPerWindow[request.auth?.plan ?? 'anonymous'],
    keyGenerator: keyOf,
    allowList: isUnlimited,
    store: clockedStore(deps.clock),
    errorResponseBuilder: (request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(
        'rate_limited',
        `Too many requests: ${context.max} per ${windowSeconds} s for ${budgetHolder(request)}; retry in ${retryAfterSeconds} s.`,
        { retry_after: retryAfterSeconds, headers: { 'retry-after': String(retryAfterSeconds) } },
      );
    },
  });
  // The IETF draft's headers (draft-ietf-httpapi-ratelimit-headers), from the X-RateLimit-* values
  // the plugin set on this answer, so both forms always agree.
  app.addHook('onSend', async (_request, reply) => {
    const limit = reply.getHeader('x-ratelimit-limit');
    if (limit === undefined) return;
    const remaining = reply.getHeader('x-ratelimit-remaining');
    const resetSeconds = reply.getHeader('x-ratelimit-reset');
    reply.header('ratelimit-policy', `"default";q=${limit};w=${windowSeconds}`);
    reply.header('ratelimit', `"default";r=${remaining};t=${resetSeconds}`);
  });
}

interface Window {
  count: number;
  startMs: number;
}

/**
 * A fixed window per key that starts at the key's first request, timed by the injected clock
 * (the plugin's own store reads Date.now(), which tests cannot move). Expired windows are swept
 * whenever the map has doubled since the last sweep, so memory follows the active callers.
 */
function clockedStore(clock: Clock) {
  return class ClockedRateLimitStore {
    readonly #windows = new Map<string, Window>();
    #sweepAtSize = 10_000;

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindowMs: number,
    ): void {
      const nowMs = clock.now().getTime();
      let window = this.#windows.get(key);
      if (!window || window.startMs + timeWindowMs <= nowMs) {
        window = { count: 0, startMs: nowMs };
        this.#windows.set(key, window);
        if (this.#windows.size >= this.#sweepAtSize) this.#sweep(nowMs, timeWindowMs);
      }
      window.count += 1;
      callback(null, { current: window.count, ttl: window.startMs + timeWindowMs - nowMs });
    }

    child(): ClockedRateLimitStore {
      return new ClockedRateLimitStore();
    }

    #sweep(nowMs: number, timeWindowMs: number): void {
      for (const [key, window] of this.#windows) {
        if (window.startMs + timeWindowMs <= nowMs) this.#windows.delete(key);
      }
      this.#sweepAtSize = Math.max(10_000, this.#windows.size * 2);
    }
  };
}
