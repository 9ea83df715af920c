// Sends mail off the request path: enqueue returns at once; delivery is retried with backoff so
// a briefly unreachable SMTP server does not lose a sign-in link.
import type { Mailer, MailMessage } from './mailer.js';

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];

export type MailOutbox = ReturnType<typeof createMailOutbox>;

export function createMailOutbox({
  mailer,
  onError,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
}: {
  mailer: Mailer;
  onError: (error: unknown, message: MailMessage, willRetry: boolean) => void;
  retryDelaysMs?: readonly number[];
}) {
  const inFlight = new Set<Promise<void>>();
  const waits = new Map<NodeJS.Timeout, () => void>();
  let stopped = false;

  async function deliver(message: MailMessage): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await mailer.send(message);
        return;
      } catch (error) {
        const delay = stopped ? undefined : retryDelaysMs[attempt];
        onError(error, message, delay !== undefined);
        if (delay === undefined) return;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            waits.delete(timer);
            resolve();
          }, delay);
          waits.set(timer, resolve);
        });
        if (stopped) return;
      }
    }
  }

  return {
    /** Queues the message; never throws and never waits for the mail server. */
    enqueue(message: MailMessage): void {
      const delivery = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => deliver(message))
        .finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    },
    /** Resolves when every queued message has been delivered or given up on. */
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    /** Cancels waiting retries (shutdown): those messages are dropped; sends under way finish. */
    stop(): void {
      stopped = true;
      for (const [timer, resolve] of waits) {
        clearTimeout(timer);
        resolve();
      }
      waits.clear();
    },
  };
}
