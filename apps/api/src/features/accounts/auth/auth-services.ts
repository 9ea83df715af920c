// What the accounts side of the app offers its routes and the authentication hook. Built by the
// composition root (compose.ts composeServices) from accounts/, keys/ and mail/.

import type { DevMailbox } from '../../../platform/mail/dev-mailbox.js';
import type { MailOutbox } from '../../../platform/mail/mail-outbox.js';
import type { AccountService } from '../account.service.js';
import type { ApiKeyService } from '../keys/api-key.service.js';
import type { AccessTokens } from './access-token.js';
import type { AuthContextCache } from './auth-context-cache.js';
import type { MagicLinkService } from './magic-link.service.js';
import type { SessionService } from './session.service.js';

export type CreditBalanceReader = (workspaceId: string) => Promise<{ balance: number; held: number }>;

export interface AuthServices {
  accounts: AccountService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  magicLinks: MagicLinkService;
  apiKeys: ApiKeyService;
  /** Credentials' auth contexts for a few seconds; the services here forget what they revoke. */
  contextCache: AuthContextCache;
  outbox: MailOutbox;
  /** The in-memory mailbox when SMTP_URL is unset; null when mail goes out over SMTP. */
  mailbox: DevMailbox | null;
  getCreditBalance: CreditBalanceReader;
  /** Stops the mail queue (unsent mail stays queued for the next start), then waits for background writes. */
  close(): Promise<void>;
}
