// Keyset pagination on (created_at, id), newest first, shared by every list (API.md "Lists").
// Repositories run the SQL, with the where and order of applyKeyset; this file owns the cursor rules
// so every list pages the same way.
import { type SelectQueryBuilder, sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { CURSOR_HELP } from './wire-schemas.js';

export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20).describe(CURSOR_HELP.limit),
  starting_after: z.string().min(1).optional().describe(CURSOR_HELP.starting_after),
  ending_before: z.string().min(1).optional().describe(CURSOR_HELP.ending_before),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

export interface KeysetPosition {
  created_at: Date;
  id: string;
}

export interface KeysetRange {
  olderThan?: KeysetPosition;
  newerThan?: KeysetPosition;
  limit: number;
}

/** One SQL read: rows strictly older than `olderThan` (newest first) or strictly newer than `newerThan` (oldest first). */
export type FetchRows<T> = (range: KeysetRange) => Promise<T[]>;

/** Names of the tables that have the `created_at` and `id` columns a keyset pages on. */
type KeysetTable<DB> = {
  [T in keyof DB]: DB[T] extends { created_at: unknown; id: unknown } ? T : never;
}[keyof DB];

/** Adds the where, order and limit of one keyset read (see FetchRows) to a select over one such table. */
export function applyKeyset<DB, TB extends KeysetTable<DB>, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { olderThan, newerThan, limit }: KeysetRange,
): SelectQueryBuilder<DB, TB, O> {
  if (olderThan)
    query = query.where(sql<boolean>`(created_at, id) < (${olderThan.created_at}, ${olderThan.id})`);
  if (newerThan)
    query = query.where(sql<boolean>`(created_at, id) > (${newerThan.created_at}, ${newerThan.id})`);
  const direction = newerThan ? 'asc' : 'desc';
  return query.orderBy(sql`created_at`, direction).orderBy(sql`id`, direction).limit(limit);
}

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Fetches one page; `findPosition` resolves a cursor id inside the same scope (else 400). */
export async function fetchKeysetPage<T extends KeysetPosition>(
  query: PageQuery,
  fetchRows: FetchRows<T>,
  findPosition: (id: string) => Promise<KeysetPosition | undefined>,
): Promise<Page<T>> {
  if (query.starting_after && query.ending_before) {
    throw new AppError('validation_failed', 'Send starting_after or ending_before, not both.', {
      param: 'ending_before',
    });
  }
  const cursorParam = query.starting_after ? 'starting_after' : query.ending_before ? 'ending_before' : null;
  let position: KeysetPosition | undefined;
  if (cursorParam) {
    position = await findPosition(query[cursorParam]!);
    if (!position) {
      throw new AppError('validation_failed', `${cursorParam}: no object with this id in this list.`, {
        param: cursorParam,
      });
    }
  }
  if (cursorParam === 'ending_before') {
    const rows = await fetchRows({ newerThan: position, limit: query.limit + 1 });
    const has_more = rows.length > query.limit;
    const data = rows.slice(0, query.limit).reverse();
    return { data, has_more, next_cursor: data.at(-1)?.id ?? null };
  }
  const rows = await fetchRows({ olderThan: position, limit: query.limit + 1 });
  const has_more = rows.length > query.limit;
  const data = rows.slice(0, query.limit);
  return { data, has_more, next_cursor: has_more ? (data.at(-1)?.id ?? null) : null };
}

/** The `Link: <…>; rel="next"` header value for a page, or undefined on the last page. */
export function nextPageLink(baseUrl: string, query: Record<string, unknown>, page: Page<unknown>) {
  if (!page.has_more || !page.next_cursor) return undefined;
  const url = new URL(baseUrl);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'starting_after' && name !== 'ending_before')
      url.searchParams.set(name, String(value));
  }
  url.searchParams.set('starting_after', page.next_cursor);
  return `<${url.toString()}>; rel="next"`;
}
