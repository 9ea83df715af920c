// Time is injected so tests control it instead of sleeping: what time it is, and waiting for some
// of it to pass (a manual clock's sleepers wake when a test moves it, never on their own).
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  now(): Date;
  /** Resolves once `ms` of this clock's time has passed, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms, signal) => delay(Math.max(0, ms), undefined, { signal }).catch(() => {}),
};

/** A clock that only moves when told to; for tests. */
export function createManualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let current = start.getTime();
  const sleepers = new Set<{ atMs: number; wake: () => void }>();
  const wakeDue = () => {
    for (const sleeper of [...sleepers]) {
      if (sleeper.atMs > current) continue;
      sleepers.delete(sleeper);
      sleeper.wake();
    }
  };
  return {
    now: () => new Date(current),
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const sleeper = { atMs: current + Math.max(0, ms), wake: resolve };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', () => sleepers.delete(sleeper) && resolve(), { once: true });
        wakeDue();
      });
    },
    /** How many sleep() calls are waiting for this clock to move. */
    sleeping: () => sleepers.size,
    advance(milliseconds: number) {
      current += milliseconds;
      wakeDue();
    },
    set(date: Date) {
      current = date.getTime();
      wakeDue();
    },
  };
}
