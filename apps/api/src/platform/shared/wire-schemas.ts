// Documented shapes of values every resource shares on the wire: prefixed ids and ISO timestamps.
// The pattern and format go into the OpenAPI document only (meta), so a response is never refused
// at serialisation; the API fuzz checks real answers against them.
import { z } from 'zod';
import type { IdPrefix } from './ids.js';

/** `trk_` + 26 Crockford base32 characters (a ULID), as newId makes them. */
export function prefixedId(prefix: IdPrefix, what: string) {
  return z.string().meta({
    pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`,
    description: `${what} id: ${prefix}_ followed by a 26-character ULID.`,
  });
}

/** An ISO 8601 timestamp in UTC with milliseconds, e.g. 2026-11-01T09:30:00.000Z. */
export function timestamp(description = 'When it was created (ISO 8601, UTC).') {
  return z.string().meta({ format: 'date-time', description });
}

/** The cursor parameters of every list (keyset pagination, newest first). */
export const CURSOR_HELP = {
  starting_after:
    'Cursor: the id of an object in this same list (usually next_cursor of the previous page); the page holds older objects. An id from another list or workspace is 400.',
  ending_before:
    'Cursor: the id of an object in this same list; the page holds newer objects. Not together with starting_after.',
  limit: 'Objects per page, 1 to 100 (default 20).',
};
