// A per-process cache of database answers that is trusted only while the process can hear about
// changes: the memory behind "who a credential is" and "what a finished track holds".
//
// Each cache has a LISTEN channel on which every change that must end or narrow what it serves is
// announced (NOTIFY, delivered when the writing transaction commits). So:
// - the process that made a change forgets the entry before it answers, so its next read sees it;
// - other processes forget it within the notification's delivery time;
// - while the LISTEN connection is down nothing is kept and nothing is served from here (a revoked
//   key or a track made private could otherwise be honoured until its entry expired), and whatever
//   was kept is dropped, because changes made while deaf went unheard;
// - every entry still dies after its time to live.
// A read that started before a change must not put the old answer back after it: each forget bumps
// `generation`, and store() drops an answer read under an older generation.
import type { Clock } from '../shared/clock.js';
import { createExpiringLru } from '../shared/expiring-lru.js';
import type { DatabaseHandle } from './create-database.js';

export type NotifiedCache<V> = ReturnType<typeof createNotifiedCache<V>>;

/** What a cache built on this one is given; a test may override its limits. */
export type NotifiedCacheOptions = { clock: Clock; ttlMs?: number; maxEntries?: number };

/** `limits` are the cache's own: used where the options leave them out. */
export function createNotifiedCache<V>(
  options: NotifiedCacheOptions,
  limits: { ttlMs: number; maxEntries: number },
) {
  const { clock, ttlMs = limits.ttlMs, maxEntries = limits.maxEntries } = options;
  const entries = createExpiringLru<V>({ clock, maxEntries });
  let generation = 0;
  // Off until the LISTEN is up, and again whenever it is lost.
  let listening = false;

  function clear() {
    generation++;
    entries.clear();
  }

  return {
    /** Read before the database lookup; pass it to store(). */
    generation: () => generation,

    get(key: string): V | undefined {
      return listening ? entries.get(key) : undefined;
    },

    /**
     * Keeps an answer read under `readAt` (a generation()) until ttlMs from now, or `notAfterMs` if
     * sooner; kept only while listening and when nothing was forgotten since the read began.
     */
    store(key: string, value: V, readAt: number, notAfterMs = Number.POSITIVE_INFINITY): void {
      if (!listening || readAt !== generation) return;
      const nowMs = clock.now().getTime();
      const expiresAtMs = Math.min(nowMs + ttlMs, notAfterMs);
      if (expiresAtMs <= nowMs) return;
      entries.set(key, value, expiresAtMs);
    },

    forget(key: string): void {
      generation++;
      entries.delete(key);
    },

    /** Drops every entry whose value matches (a scan: for rare events). */
    forgetWhere(matches: (value: V) => boolean): void {
      generation++;
      entries.deleteWhere(matches);
    },

    /** The LISTEN is up: changes from now on will be heard. */
    listening(): void {
      clear();
      listening = true;
    },

    /** The LISTEN is down: changes may go unheard, so nothing kept can be trusted. */
    deaf(): void {
      listening = false;
      clear();
    },

    size: entries.size,
  };
}

/**
 * LISTENs on `channel` for the whole process's life, passing each payload to `onChange`, and keeps
 * the cache serving only while the LISTEN connection is up. Returns the unlisten function.
 */
export async function listenForChanges(
  database: Pick<DatabaseHandle, 'listen'>,
  channel: string,
  cache: Pick<NotifiedCache<unknown>, 'listening' | 'deaf'>,
  onChange: (payload: string) => void,
): Promise<() => Promise<void>> {
  const unlisten = await database.listen(channel, onChange, {
    onLost: () => cache.deaf(),
    onRestored: () => cache.listening(),
  });
  cache.listening();
  return async () => {
    cache.deaf();
    await unlisten();
  };
}
