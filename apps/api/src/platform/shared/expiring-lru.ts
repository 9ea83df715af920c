// A bounded map whose entries expire: the memory behind the per-process caches (who a credential
// is, what a finished track holds). A Map iterates in insertion order, so re-inserting on every hit
// keeps the least recently used first, and the bound drops from there.
import type { Clock } from './clock.js';

export function createExpiringLru<V>({ clock, maxEntries }: { clock: Clock; maxEntries: number }) {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  return {
    /** The value unless it expired (an expired entry is dropped). */
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAtMs <= clock.now().getTime()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },

    set(key: string, value: V, expiresAtMs: number): void {
      entries.delete(key);
      entries.set(key, { value, expiresAtMs });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },

    delete(key: string): void {
      entries.delete(key);
    },

    /** Drops every entry whose value matches (a scan: for rare events). */
    deleteWhere(matches: (value: V) => boolean): void {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },

    clear(): void {
      entries.clear();
    },

    size: () => entries.size,
  };
}
