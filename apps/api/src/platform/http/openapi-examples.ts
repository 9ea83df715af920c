// The values every feature's examples share (features/<name>/<name>.contract.ts), so ids, times
// and lists read the same across the whole reference at /docs.

/** The public URL the examples are written for. */
export const EXAMPLE_PUBLIC_URL = 'https://api.trackforge.dev';
/** The ULID behind every example id. */
export const EXAMPLE_ULID = '01JD5Z8K3M9Q2R7T4V6W8X0Y1Z';
export const EXAMPLE_CREATED_AT = '2026-11-01T09:30:00.000Z';

/** An example id with the resource's prefix: `exampleId('trk')` → `trk_01JD5Z…`. */
export function exampleId(prefix: string): string {
  return `${prefix}_${EXAMPLE_ULID}`;
}

/** One page of a list holding the one item. */
export function exampleList(item: unknown) {
  return { object: 'list', data: [item], has_more: false, next_cursor: null };
}
