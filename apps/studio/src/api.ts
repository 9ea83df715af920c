// The one SDK client of the studio: same origin, signed in by the session cookie the magic-link
// callback sets, so no credential lives in JavaScript.
import Trackforge, { APIStatusError, TrackforgeError } from '@trackforge/sdk';

export const client = new Trackforge({
  baseURL: location.origin,
  fetchOptions: { credentials: 'same-origin' },
  maxRetries: 1,
});

/**
 * The API hands out absolute URLs built from its PUBLIC_URL; the page loads them from its own
 * origin (the CSP allows media and images from self only), so only the path and query are kept.
 */
export function sameOriginPath(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url, location.origin);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return undefined;
  }
}

/**
 * A redirect target as a path on this site, or undefined: relative paths and URLs of this origin
 * only, never `//host`, backslash tricks or another origin — also once dot segments are resolved:
 * `/.//evil.example` resolves to the path `//evil.example`, which navigating to would read as a host.
 */
export function sameSitePath(target: string | null | undefined): string | undefined {
  if (!target || target.startsWith('//') || target.includes('\\')) return undefined;
  if (!target.startsWith('/') && !/^https?:\/\//i.test(target)) return undefined;
  try {
    const url = new URL(target, location.origin);
    if (url.origin !== location.origin || url.pathname.startsWith('//')) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/** The sentence to show a person for an error: the API's own `detail` when it gave one. */
export function errorText(error: unknown): string {
  if (error instanceof APIStatusError) return error.detail ?? error.message;
  if (error instanceof TrackforgeError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

export function errorStatus(error: unknown): number | undefined {
  return error instanceof APIStatusError ? error.status : undefined;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof APIStatusError ? (error.code ?? undefined) : undefined;
}
