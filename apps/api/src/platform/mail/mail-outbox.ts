// Sends mail off the request path through the durable job queue (queue `mail.send`): enqueue
// stores the message and returns; the runner sends it and retries with backoff, so a mail server
// that is down — even across a restart — does not lose a sign-in link. A mail job is deleted as
// soon as it is sent or given up on: its payload holds a live sign-in link.
import type { Db } from '../database/create-database.js';
import { createRetryingSender } from '../jobs/retrying-sender.js';
import type { Clock } from '../shared/clock.js';
import type { Mailer, MailMessage } from './mailer.js';

export const MAIL_QUEUE = 'mail.send';

/** Waits after each failed send; the last retry lands within the 15-minute life of a sign-in link. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [5_000, 30_000, 120_000, 300_000, 300_000];

export type MailOutbox = ReturnType<typeof createMailOutbox>;

export function createMailOutbox({
  db,
  clock,
  mailer,
  onError,
  retryDelaysMs = DEFAULT_RETRY_DELAYS_MS,
  pollMs = 1_000,
}: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  onError: (error: unknown, message: MailMessage | undefined, willRetry: boolean) => void;
  retryDelaysMs?: readonly number[];
  pollMs?: number;
}) {
  const sender = createRetryingSender<MailMessage>({
    db,
    clock,
    queue: MAIL_QUEUE,
    workerName: 'mail',
    send: (message) => mailer.send(message),
    onError,
    retryDelaysMs,
    pollMs,
  });

  return {
    /** Stores the message for sending; resolves once it is durable. Never throws (errors go to onError). */
    async enqueue(message: MailMessage): Promise<void> {
      try {
        await sender.enqueue(db, message);
        sender.wake();
      } catch (error) {
        onError(error, message, false);
      }
    },
    /** Sends mail in the background, including mail left queued by an earlier process. */
    start: sender.start,
    /** Sends every message due now, one after another (tests, CLI); resolves with how many. */
    sendDue: sender.sendDue,
    /** Looks for due mail now instead of at the next poll. */
    wake: sender.wake,
    /** Stops sending; a send under way is handed back to the queue and goes out after a restart. */
    stop: sender.stop,
  };
}
