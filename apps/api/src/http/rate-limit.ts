// Per-credential request limits on /v1 (README "Rate limits"), built on @fastify/rate-limit:
// the key is the API key, else the signed-in user (all their sessions and tokens share one budget),
// else the client address; the budget per window comes from the plan.
//
// Counters live in this process's memory, not in the database: a shared table would add a write
// round trip to every request (the API aims at ≥1,000 authenticated GETs a second) for a limit
// whose purpose is to stop floods, not to bill. The consequence: with N API nodes behind a
// balancer that does not pin a credential to a node, a client can get up to N times its plan's
// budget. Sign-in links, where exactness matters, have their own database counters
// (auth/auth-rate-limit.ts).
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
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

/** Routes outside the limit: health, metrics, docs and studio pages, and Stripe's signed webhooks. */
function isUnlimited(url: string): boolean {
  return !url.startsWith('/v1/') || url.startsWith('/v1/webhooks/stripe');
}

function keyOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth?.apiKeyId) return `key:${auth.apiKeyId}`;
  if (auth?.userId) return `user:${auth.userId}`;
  if (auth) return `workspace:${auth.workspaceId}`;
  return `ip:${normalizeIP(request.ip)}`;
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
    allowList: (request) => isUnlimited(request.url),
    store: clockedStore(deps.clock),
    errorResponseBuilder: (request, context) => {
      const retryAfterSeconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const who = request.auth ? `your ${request.auth.plan} plan` : 'anonymous requests from one address';
      return new AppError(
        'rate_limited',
        `Too many requests: ${context.max} per ${windowSeconds} s for ${who}; retry in ${retryAfterSeconds} s.`,
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
