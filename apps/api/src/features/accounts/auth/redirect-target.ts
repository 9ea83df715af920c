// What a redirect_to may look like before its origin is even considered. Browsers strip tabs and
// newlines from URLs and read `\` as `/`, so "/\t/evil.example/x" and "/\evil.example" both become
// the protocol-relative "//evil.example": an open redirect that a prefix check misses. Any control
// character, whitespace or backslash is refused, and a relative path must stay on our origin once
// resolved the way a browser would. Only paths are taken: the emailed link lands on this site's
// callback page, which continues to redirect_to, so an absolute URL (even on an allowed origin) would
// only ever send a freshly signed-in person somewhere else.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const FORBIDDEN = /[\u0000-\u0020\u007f-\u009f\\\s]/;
const PROBE_ORIGIN = 'https://origin.invalid';

/** Why text may not be a redirect target, or undefined when its shape is fine. */
export function findRedirectProblem(text: string): string | undefined {
  if (FORBIDDEN.test(text)) return 'must not contain spaces, control characters or backslashes';
  if (!text.startsWith('/')) return 'must be a path on this site such as /studio, not an absolute URL';
  if (text.startsWith('//')) return 'must be a path on this site (/studio), not //host';
  let resolved: URL;
  try {
    resolved = new URL(text, PROBE_ORIGIN);
  } catch {
    return 'must be a valid path';
  }
  if (resolved.origin !== PROBE_ORIGIN) return 'must stay on this site';
  // "/.//evil.example" and "/..//evil.example" pass every check above, but their dot segments
  // resolve to the path "//evil.example", which a browser reads as the host evil.example (the
  // studio navigated to exactly that). So the resolved path must stay here too.
  const path = pathOf(resolved);
  if (resolved.pathname.startsWith('//') || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN)
    return 'must stay on this site once its . and .. segments are resolved (/.//host becomes //host)';
  return undefined;
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where a sign-in may send the browser for text: the path with its . and .. segments resolved, as
 * a browser would, when it stays on this site; undefined otherwise.
 */
export function normaliseRedirect(text: string): string | undefined {
  if (findRedirectProblem(text) !== undefined) return undefined;
  return pathOf(new URL(text, PROBE_ORIGIN));
}
