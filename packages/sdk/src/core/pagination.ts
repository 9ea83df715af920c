// Cursor pages (API.md "Lists": `data`, `has_more`, `next_cursor`; the next page is
// `starting_after=next_cursor`). A list call returns a PagePromise: `await` it for the first Page,
// or `for await` it for every item across pages, fetched one page at a time; `.withResponse()`
// gives the first page with the HTTP answer it came from.
import type { APIPromise, RawResponse } from './api-promise.js';

/** The wire shape of every list. */
export interface ListBody<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

type FetchPage<T> = (query: Record<string, unknown>) => APIPromise<ListBody<T>>;

/** One page of a list, with the way to the next one. */
export class Page<T> implements AsyncIterable<T> {
  readonly data: T[];
  readonly hasMore: boolean;
  readonly nextCursor: string | null;

  constructor(
    body: ListBody<T>,
    private readonly query: Record<string, unknown>,
    private readonly fetchPage: FetchPage<T>,
  ) {
    this.data = body.data;
    this.hasMore = body.has_more;
    this.nextCursor = body.next_cursor;
  }

  hasNextPage(): boolean {
    return this.hasMore && this.nextCursor !== null;
  }

  /** The following page; throws when there is none (check hasNextPage first). */
  async getNextPage(): Promise<Page<T>> {
    if (!this.hasNextPage()) throw new Error('No next page: check page.hasNextPage() first.');
    const { ending_before: _backwards, ...rest } = this.query;
    const query = { ...rest, starting_after: this.nextCursor };
    return new Page(await this.fetchPage(query), query, this.fetchPage);
  }

  /** This page and every later one. */
  async *iterPages(): AsyncGenerator<Page<T>> {
    let page: Page<T> = this;
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Every item from this page on, across pages. */
  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    for await (const page of this.iterPages()) yield* page.data;
  }
}

/** A Promise of the first Page that is also an async iterable of every item. */
export class PagePromise<T> implements PromiseLike<Page<T>>, AsyncIterable<T> {
  private readonly first: Promise<RawResponse<Page<T>>>;

  constructor(query: Record<string, unknown>, fetchPage: FetchPage<T>) {
    this.first = fetchPage(query)
      .withResponse()
      .then((answer) => ({ ...answer, data: new Page(answer.data, query, fetchPage) }));
    // A list call that is never awaited must not become an unhandled rejection.
    this.first.catch(() => {});
  }

  /** The first page with its HTTP answer: status, headers, request id, rate limit. */
  withResponse(): Promise<RawResponse<Page<T>>> {
    return this.first;
  }

  // biome-ignore lint/suspicious/noThenProperty: a PagePromise is awaited like openai-node's.
  then<R1 = Page<T>, R2 = never>(
    onFulfilled?: ((page: Page<T>) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.first.then((answer) => answer.data).then(onFulfilled, onRejected);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    yield* (await this.first).data;
  }
}
