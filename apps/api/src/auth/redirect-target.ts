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
  return resolved.origin === PROBE_ORIGIN ? undefined : 'must stay on this site';
}

/** Whether a sign-in may send the browser to text: only a path that stays on this site. */
export function isAllowedRedirect(text: string): boolean {
  return text.startsWith('/') && findRedirectProblem(text) === undefined;
}
