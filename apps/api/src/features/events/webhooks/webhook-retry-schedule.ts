// When webhook attempts happen and when an endpoint is given up on — Svix's published schedule, so
// receivers built for Standard Webhooks see what they expect.
// https://docs.svix.com/retries
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The queue every delivery attempt goes through (jobs/). */
export const WEBHOOK_QUEUE = 'webhook.deliver';

/** Wait after the n-th failed attempt: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint whose every attempt has failed for this long is disabled (Svix: 5 days). */
export const DISABLE_AFTER_FAILING_MS = 5 * DAY;

export function retryDelayMs(failedAttempts: number): number {
  return RETRY_DELAYS_MS[Math.min(failedAttempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;
}

/** Deliveries to one endpoint (or one track webhook_url) go out one at a time, in order. */
export function deliveryConcurrencyKey(target: { endpoint_id: string | null; url: string }): string {
  return target.endpoint_id ?? `url:${target.url}`;
}
