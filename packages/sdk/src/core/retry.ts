// When to retry and how long to wait, after openai-node: 2 retries by default, exponential backoff
// from 0.5 s capped at 8 s with up to 25 % jitter taken off, and the server's Retry-After honoured
// when it asks for at most a minute (a longer ask is a rate-limit window, better surfaced to the caller).

const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;
const MAX_RETRY_AFTER_MS = 60_000;

/** True for statuses worth another attempt: 408, 409 (a retry-later conflict), 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Milliseconds the server asked to wait (`retry-after-ms`, or `Retry-After` in seconds or as a date). */
export function parseRetryAfterMs(headers: Headers | undefined, nowMs: number): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return ms;
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? date - nowMs : undefined;
}

/** The wait before retry number `retryIndex` (0 for the first retry). */
export function retryDelayMs(
  retryIndex: number,
  headers: Headers | undefined,
  random: () => number = Math.random,
  nowMs = Date.now(),
): number {
  const asked = parseRetryAfterMs(headers, nowMs);
  if (asked !== undefined && asked >= 0 && asked <= MAX_RETRY_AFTER_MS) return asked;
  const backoff = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retryIndex, MAX_RETRY_DELAY_MS);
  return backoff * (1 - random() * 0.25);
}

/** Resolves after ms, or rejects at once when signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
