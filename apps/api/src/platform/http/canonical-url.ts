// One spelling of every request target, made before routing (Fastify's rewriteUrl), so that what
// the router matched, what the rate limit and idempotency keys see, what the logs redact and what
// the error details quote are the same text. Fastify's router decodes percent-escapes when it
// matches, so `/%761/me` reached GET /v1/me while anything reading the raw URL saw another path
// (the rate limit's /v1/ test skipped it: issue 29).
//
// The rewriting is RFC 3986 §6.2.2's normalisation, which never changes what a URL means:
// escapes of unreserved characters (letters, digits, - . _ ~) are decoded, other escapes get
// upper-case hex, the absolute form (`GET http://host/v1/me`, RFC 9112 §3.2.2) keeps its path and
// query, and a fragment (never sent by a client that follows the RFCs) is dropped. Doubled
// slashes and dot segments are left alone: no route has them, so the router answers 404.

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

function normaliseEscape(escaped: string, hex: string): string {
  const character = String.fromCharCode(Number.parseInt(hex, 16));
  return UNRESERVED.test(character) ? character : escaped.toUpperCase();
}

/** The canonical spelling of a request target (path and query); pure, and idempotent. */
export function canonicalRequestTarget(target: string): string {
  // Nearly every request is already canonical; this check keeps them to one scan.
  if (target.startsWith('/') && !target.includes('%') && !target.includes('#')) return target;
  let canonical = target;
  const authority = ABSOLUTE_FORM.exec(canonical);
  if (authority) {
    const rest = canonical.slice(authority[0].length);
    canonical = rest.startsWith('/') ? rest : `/${rest}`;
  }
  const fragmentAt = canonical.indexOf('#');
  if (fragmentAt !== -1) canonical = canonical.slice(0, fragmentAt);
  return canonical.replace(ESCAPE, normaliseEscape);
}
