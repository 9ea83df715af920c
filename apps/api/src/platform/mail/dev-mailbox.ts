// The development mail sink: keeps the newest messages in memory and logs each one with its
// first link, so `npm start` needs no SMTP server to sign in.
import type { Clock } from '../shared/clock.js';
import type { Mailer, MailMessage } from './mailer.js';

export interface StoredMail extends MailMessage {
  created_at: string;
}

const KEEP_MESSAGES = 100;

export type DevMailbox = Mailer & { list(): StoredMail[] };

export function createDevMailbox({ clock, log }: { clock: Clock; log: (line: string) => void }): DevMailbox {
  const messages: StoredMail[] = [];
  return {
    async send(message) {
      messages.unshift({ ...message, created_at: clock.now().toISOString() });
      messages.length = Math.min(messages.length, KEEP_MESSAGES);
      const link = /https?:\/\/\S+/.exec(message.text)?.[0] ?? '(no link)';
      log(`dev mailbox: "${message.subject}" to ${message.to}: ${link}  (all mail: GET /_dev/mail)`);
    },
    list: () => [...messages],
  };
}
