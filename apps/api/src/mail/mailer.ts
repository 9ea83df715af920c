// Outgoing mail. SMTP (nodemailer) when SMTP_URL is set; otherwise the dev mailbox, which keeps
// messages in memory for GET /_dev/mail and logs their links.
import nodemailer from 'nodemailer';

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
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close() {
      transport.close();
    },
  };
}
