// The three sign-in mails: a sign-in link, a sign-up confirmation, and "no account yet" (someone
// asked to sign in with an unknown address) carrying a sign-up link. Plain text and HTML.
import type { MailMessage } from '../../../platform/mail/mailer.js';

export type MagicLinkMailKind = 'sign_in' | 'sign_up' | 'no_account';

const COPY: Record<MagicLinkMailKind, { subject: string; lead: string; action: string }> = {
  sign_in: {
    subject: 'Your Trackforge sign-in link',
    lead: 'Use the link below to sign in to Trackforge.',
    action: 'Sign in to Trackforge',
  },
  sign_up: {
    subject: 'Confirm your email to finish signing up for Trackforge',
    lead: 'Welcome to Trackforge! Use the link below to confirm your email and create your account.',
    action: 'Create my account',
  },
  no_account: {
    subject: 'No Trackforge account yet for this email',
    lead: 'Someone asked to sign in to Trackforge with this email, but there is no account for it yet. If it was you, the link below creates one.',
    action: 'Create my account',
  },
};

const NOT_YOU =
  'If you did not ask for this, you can ignore this mail: nothing happens unless the link is opened, and it stops working on its own.';

export function magicLinkMail(
  kind: MagicLinkMailKind,
  to: string,
  link: string,
  expiresInMinutes: number,
): MailMessage {
  const copy = COPY[kind];
  const expiry = `The link works once and expires in ${expiresInMinutes} minutes.`;
  const text = `${copy.lead}\n\n${copy.action}:\n${link}\n\n${expiry}\n\n${NOT_YOU}\n\n— Trackforge\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(copy.lead)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(expiry)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(NOT_YOU)}</p>
</body></html>`;
  return { to, subject: copy.subject, text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
