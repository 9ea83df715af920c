// Answering a list request the same way everywhere (API.md "Lists"): the `Link: rel="next"`
// header when there is a next page, and the `{ object: 'list', data, has_more, next_cursor }`
// envelope. The cursor rules themselves are shared/keyset-page.ts.
import type { FastifyReply } from 'fastify';
import { nextPageLink, type Page } from '../shared/keyset-page.js';

/** Sets the Link header of a page; `listUrl` is the list's absolute URL, `query` the request's. */
export function linkNextPage(
  reply: FastifyReply,
  listUrl: string,
  query: Record<string, unknown>,
  page: Page<unknown>,
): void {
  const link = nextPageLink(listUrl, query, page);
  if (link) reply.header('link', link);
}

/** The list envelope of a page (items presented by `present`), with its Link header set. */
export function listPage<T, U = T>(
  reply: FastifyReply,
  listUrl: string,
  query: Record<string, unknown>,
  page: Page<T>,
  present?: (item: T) => U,
): { object: 'list'; data: U[]; has_more: boolean; next_cursor: string | null } {
  linkNextPage(reply, listUrl, query, page);
  return {
    object: 'list',
    data: present ? page.data.map(present) : (page.data as unknown as U[]),
    has_more: page.has_more,
    next_cursor: page.next_cursor,
  };
}
