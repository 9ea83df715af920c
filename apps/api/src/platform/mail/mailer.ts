// Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise the dev mailbox, which keeps
// messages in memory for GET /_dev/mail and logs their links. nodemailer is imported on the first
// message, so a node without SMTP_URL never loads it.
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer & { close(): void } {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await transport).sendMail({ from, ...message });
    },
    close() {
      transport?.then((open) => open.close()).catch(() => {});
    },
  };
}
