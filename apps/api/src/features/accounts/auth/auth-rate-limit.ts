// Fixed-window counters in the database (so every API node shares them) for the sign-in routes:
// per email 1 a minute and 5 a quarter hour, per client IP 10 a minute and 50 an hour.
// The email windows are short on purpose: anyone may ask for a link to anyone's address, so the
// email limit is one a stranger can trip. It is never longer than a link lives (15 min), so while
// it holds, the person still has a live link in their inbox (each accepted request mailed one,
// and a new link does not cancel older ones: magic-link.service.ts).
import { sql } from 'kysely';
import { AppError } from '../../../errors.js';
import type { Db } from '../../../platform/database/create-database.js';
import type { Clock } from '../../../platform/shared/clock.js';

export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const EMAIL_RULES: RateLimitRule[] = [
  { name: 'email:minute', limit: 1, windowSeconds: 60 },
  { name: 'email:quarter', limit: 5, windowSeconds: 15 * 60 },
];
export const IP_RULES: RateLimitRule[] = [
  { name: 'ip:minute', limit: 10, windowSeconds: 60 },
  { name: 'ip:hour', limit: 50, windowSeconds: 3600 },
];

export type AuthRateLimiter = ReturnType<typeof createAuthRateLimiter>;

export function createAuthRateLimiter({ db, clock }: { db: Db; clock: Clock }) {
  async function hit(key: string, rule: RateLimitRule, now: Date): Promise<number | null> {
    const windowMs = rule.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const row = await db
      .insertInto('auth_rate_limit')
      .values({ key: `${rule.name}:${key}`, window_start: windowStart, count: 1 })
      .onConflict((oc) =>
        oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`auth_rate_limit.count + 1` }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    if (row.count <= rule.limit) return null;
    return Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  }

  let lastPruneMs = 0;

  /** Drops counters whose windows ended over a day ago; at most once an hour per process. */
  async function pruneHourly(now: Date): Promise<void> {
    if (now.getTime() - lastPruneMs < 3600_000) return;
    lastPruneMs = now.getTime();
    const cutoff = new Date(now.getTime() - 24 * 3600_000);
    await db.deleteFrom('auth_rate_limit').where('window_start', '<', cutoff).execute();
  }

  return {
    /** Counts one attempt under each rule; throws 429 rate_limited at the first rule exceeded. */
    async consume(key: string, rules: readonly RateLimitRule[], what: string): Promise<void> {
      const now = clock.now();
      await pruneHourly(now);
      for (const rule of rules) {
        const retryAfterSeconds = await hit(key, rule, now);
        if (retryAfterSeconds !== null) {
          throw new AppError(
            'rate_limited',
            `Too many sign-in links requested for this ${what}; try again in ${retryAfterSeconds} s.`,
            { retry_after: retryAfterSeconds, headers: { 'retry-after': String(retryAfterSeconds) } },
          );
        }
      }
    },
  };
}
