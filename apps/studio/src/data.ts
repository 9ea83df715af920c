// The studio's one data layer: `useQuery(key, load)` reads through a small keyed store, so every
// component asking for the same key shares one request, its loading and error states and its
// answer, and an answer that arrives after a newer request for the key began is dropped (a fast
// click from one track to another never shows the first track on the second's page).
import { useEffect, useState } from 'preact/hooks';
import { errorStatus, errorText } from './api.js';

export interface QueryError {
  message: string;
  status: number | undefined;
}

export interface QueryState<T> {
  data: T | undefined;
  error: QueryError | undefined;
  loading: boolean;
}

interface Entry {
  state: QueryState<unknown>;
  /** Bumped by every load; an answer for an older number is stale. */
  generation: number;
  load: () => Promise<unknown>;
  listeners: Set<() => void>;
}

const entries = new Map<string, Entry>();

function publish(entry: Entry, state: QueryState<unknown>): void {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function run(key: string, entry: Entry, load: () => Promise<unknown> = entry.load): void {
  const generation = ++entry.generation;
  publish(entry, { ...entry.state, loading: true });
  load().then(
    (data) => {
      if (entries.get(key) === entry && entry.generation === generation)
        publish(entry, { data, error: undefined, loading: false });
    },
    (failure: unknown) => {
      if (entries.get(key) === entry && entry.generation === generation)
        publish(entry, {
          data: entry.state.data,
          error: { message: errorText(failure), status: errorStatus(failure) },
          loading: false,
        });
    },
  );
}

/** Loads `key` again for everyone showing it (after a change the page made). */
export function refetch(key: string): void {
  const entry = entries.get(key);
  if (entry) run(key, entry);
}

/** Puts a known answer into the store (a track the page just changed or watched to ready). */
export function setQueryData<T>(key: string, data: T): void {
  const entry = entries.get(key);
  if (!entry) return;
  entry.generation++; // an answer still on its way is older than this one
  publish(entry, { data, error: undefined, loading: false });
}

/**
 * The answer for `key` (null: nothing to load), loaded once and shared. The first component to
 * ask loads it; later ones get the stored answer at once and a fresh one in the background.
 */
export function useQuery<T>(
  key: string | null,
  load: () => Promise<T>,
): QueryState<T> & { reload: () => void } {
  const [, setVersion] = useState(0);
  let entry = key === null ? undefined : entries.get(key);
  if (key !== null && !entry) {
    entry = {
      state: { data: undefined, error: undefined, loading: true },
      generation: 0,
      load,
      listeners: new Set(),
    };
    entries.set(key, entry);
  }
  useEffect(() => {
    if (key === null || !entry) return;
    const listener = () => setVersion((version) => version + 1);
    entry.listeners.add(listener);
    entry.load = load;
    // A request already on its way for this key serves this component too.
    if (entry.generation === 0 || !entry.state.loading) run(key, entry);
    return () => {
      entry.listeners.delete(listener);
      if (entry.listeners.size > 0) return;
      entry.generation++; // nobody waits for the answer still in flight
      entries.delete(key);
    };
  }, [key]);
  const state = (entry?.state ?? { data: undefined, error: undefined, loading: false }) as QueryState<T>;
  return { ...state, reload: () => key !== null && refetch(key) };
}

/** A page of a list as the SDK answers it (PagePromise's page). */
export interface ListPage<T> {
  data: T[];
  hasNextPage(): boolean;
  getNextPage(): Promise<ListPage<T>>;
}

interface PagedData<T> {
  items: T[];
  page: ListPage<T>;
}

export interface PagedQueryState<T> {
  items: T[];
  error: QueryError | undefined;
  loading: boolean;
  hasMore: boolean;
  /** Appends the next page (once at a time; an answer for a key left meanwhile is dropped). */
  loadMore: () => void;
  /** Changes the loaded items in place (a track the page published or deleted). */
  update: (change: (items: T[]) => T[]) => void;
}

/**
 * A list read a page at a time through the same store: the first page loads like useQuery, and
 * each further page is one more load of the same key, so loading, errors and stale answers are
 * handled once, here.
 */
export function usePagedQuery<T extends { id: string }>(
  key: string | null,
  loadFirst: () => Promise<ListPage<T>>,
): PagedQueryState<T> {
  const query = useQuery<PagedData<T>>(key, async () => {
    const page = await loadFirst();
    return { items: page.data, page };
  });
  const current = query.data;
  return {
    items: current?.items ?? [],
    error: query.error,
    loading: query.loading,
    hasMore: Boolean(current?.page.hasNextPage()),
    loadMore: () => {
      const entry = key === null ? undefined : entries.get(key);
      if (!entry || !current || entry.state.loading || !current.page.hasNextPage()) return;
      run(key!, entry, async () => {
        const next = await current.page.getNextPage();
        // A track created meanwhile shifts the pages by one: skip what is already shown.
        const seen = new Set(current.items.map((item) => item.id));
        return { items: [...current.items, ...next.data.filter((item) => !seen.has(item.id))], page: next };
      });
    },
    update: (change) => {
      if (key !== null && current)
        setQueryData<PagedData<T>>(key, { ...current, items: change(current.items) });
    },
  };
}
