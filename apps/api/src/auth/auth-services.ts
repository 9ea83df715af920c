// Builds the accounts side of the app (users, sessions, access tokens, magic links, API keys,
// mail) from config and the database, so buildApp, the CLI and the test helper share one recipe.
import { type AccountService, createAccountService } from '../accounts/account.service.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../database/create-database.js';
import { type ApiKeyService, createApiKeyService } from '../keys/api-key.service.js';
import { createDevMailbox, type DevMailbox } from '../mail/dev-mailbox.js';
import { createMailOutbox, DEFAULT_RETRY_DELAYS_MS, type MailOutbox } from '../mail/mail-outbox.js';
import { createSmtpMailer } from '../mail/mailer.js';
import type { Clock } from '../shared/clock.js';
import { type AccessTokens, createAccessTokens } from './access-token.js';
import { createAuthRateLimiter } from './auth-rate-limit.js';
import { resolveJwtSecret } from './jwt-secret.js';
import { createMagicLinkService, type MagicLinkService } from './magic-link.service.js';
import { createSessionService, type SessionService } from './session.service.js';

export type CreditBalanceReader = (workspaceId: string) => Promise<{ balance: number; held: number }>;

const zeroCreditBalance: CreditBalanceReader = async () => ({ balance: 0, held: 0 });

export interface AuthServices {
  accounts: AccountService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  magicLinks: MagicLinkService;
  apiKeys: ApiKeyService;
  outbox: MailOutbox;
  /** The in-memory mailbox when SMTP_URL is unset; null when mail goes out over SMTP. */
  mailbox: DevMailbox | null;
  getCreditBalance: CreditBalanceReader;
  /** Stops the mail queue (unsent mail stays queued for the next start), then waits for background writes. */
  close(): Promise<void>;
}

export interface AuthServicesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  log: { info(message: string): void; error(object: unknown, message: string): void };
  getCreditBalance?: CreditBalanceReader;
  /** Runs in the transaction that creates a workspace on sign-up (app.ts grants the trial credits). */
  onWorkspaceCreated?: (tx: Tx, workspaceId: string) => Promise<void>;
  mailRetryDelaysMs?: readonly number[];
}

export function createAuthServices(deps: AuthServicesDeps): AuthServices {
  const { config, db, clock, log } = deps;
  const accounts = createAccountService({ db, clock });
  const sessions = createSessionService({ db, clock });
  const accessTokens = createAccessTokens({ secret: resolveJwtSecret(config), clock });
  const apiKeys = createApiKeyService({
    db,
    clock,
    onBackgroundError: (error) => log.error({ err: error }, 'could not record API key use'),
  });
  const smtp = config.SMTP_URL ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null;
  const mailbox = smtp ? null : createDevMailbox({ clock, log: (line) => log.info(line) });
  const outbox = createMailOutbox({
    db,
    clock,
    mailer: smtp ?? mailbox!,
    retryDelaysMs: deps.mailRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    onError: (error, message, willRetry) =>
      log.error(
        { err: error },
        message
          ? `mail "${message.subject}" to ${message.to} failed${willRetry ? '; retrying' : '; giving up'}`
          : 'mail queue failure',
      ),
  });
  const magicLinks = createMagicLinkService({
    db,
    clock,
    publicUrl: config.PUBLIC_URL,
    accounts,
    sessions,
    accessTokens,
    rateLimiter: createAuthRateLimiter({ db, clock }),
    outbox,
    onWorkspaceCreated: deps.onWorkspaceCreated,
  });
  return {
    accounts,
    sessions,
    accessTokens,
    magicLinks,
    apiKeys,
    outbox,
    mailbox,
    getCreditBalance: deps.getCreditBalance ?? zeroCreditBalance,
    async close() {
      await Promise.all([outbox.stop(), apiKeys.flush()]);
      smtp?.close();
    },
  };
}
