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

/** The request field an API error names (`param`), e.g. "lyrics" for lyrics it cannot sing. */
export function errorParam(error: unknown): string | undefined {
  return error instanceof APIStatusError ? (error.param ?? undefined) : undefined;
}

/**
 * A file the API serves (a MIDI file) as bytes. The SDK speaks JSON; files are fetched from this
 * origin with the session cookie, and an error answer is read as the API's problem detail.
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(path, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new Error(problem?.detail ?? `${path} answered ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}
