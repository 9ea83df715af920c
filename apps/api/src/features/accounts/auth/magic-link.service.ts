// Magic-link sign-up and sign-in. Both requests do the same work whether or not the email has an
// account (one lookup, rate-limit counters, one transaction, one queued mail) and answer the same,
// so neither the body nor the timing tells an attacker who has signed up.
// Asking for a link never cancels an earlier one: anyone can ask for a link to anyone's address,
// so cancelling would let a stranger void the link a person is about to click. Every unexpired
// link stays valid (the per-email limit bounds how many exist) until one of them signs in.

import { AppError } from '../../../errors.js';
import { type Db, type Tx, transaction } from '../../../platform/database/create-database.js';
import type { MailOutbox } from '../../../platform/mail/mail-outbox.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import { randomSecret, sha256Hex } from '../../../platform/shared/secrets.js';
import type { AccountService } from '../account.service.js';
import type { UserRow, WorkspaceRow } from '../account.table.js';
import { normaliseEmail } from '../email-address.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-token.js';
import { type AuthRateLimiter, EMAIL_RULES, IP_RULES } from './auth-rate-limit.js';
import { consumeMagicLink, insertMagicLink, retireOtherMagicLinks } from './magic-link.repository.js';
import { magicLinkMail } from './magic-link-mail.js';
import { normaliseRedirect } from './redirect-target.js';
import type { SessionService } from './session.service.js';

const MAGIC_LINK_TTL_MINUTES = 15;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export interface MagicLinkServiceDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  accounts: AccountService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  rateLimiter: AuthRateLimiter;
  outbox: MailOutbox;
  /** Runs in the transaction that creates a signed-up workspace (the trial credits), once per workspace. */
  onWorkspaceCreated?: (tx: Tx, workspaceId: string) => Promise<void>;
}

export interface SignInResult {
  accessToken: string;
  expiresInSeconds: number;
  cookieValue: string;
  user: UserRow;
  workspace: WorkspaceRow;
  redirectTo: string | null;
}

export type MagicLinkService = ReturnType<typeof createMagicLinkService>;

export function createMagicLinkService(deps: MagicLinkServiceDeps) {
  const { db, clock } = deps;

  /**
   * Paths on this site only (the routes' schema says why others fail), kept as the browser will
   * read them (dot segments resolved); anything else is 400.
   */
  function checkRedirect(redirectTo: string | undefined): string | null {
    if (redirectTo === undefined) return null;
    const normalised = normaliseRedirect(redirectTo);
    if (normalised !== undefined) return normalised;
    throw new AppError('validation_failed', 'redirect_to must be a path on this site such as /studio.', {
      param: 'redirect_to',
    });
  }

  return {
    /** Mails a sign-in or sign-up link; the caller answers 202 whatever the email. */
    async requestLink(request: {
      intent: 'sign_up' | 'sign_in';
      email: string;
      name?: string;
      redirectTo?: string;
      ip: string;
    }): Promise<void> {
      const email = normaliseEmail(request.email);
      const redirectTo = checkRedirect(request.redirectTo);
      await deps.rateLimiter.consume(request.ip, IP_RULES, 'network address');
      await deps.rateLimiter.consume(email, EMAIL_RULES, 'email');
      const user = await deps.accounts.findUserByEmail(email);
      const token = randomSecret();
      const now = clock.now();
      await insertMagicLink(db, {
        id: newId('lnk'),
        email,
        token_hash: sha256Hex(token),
        purpose: user ? 'sign_in' : 'sign_up',
        name: request.name?.trim() || null,
        redirect_to: redirectTo,
        created_at: now,
        expires_at: new Date(now.getTime() + MAGIC_LINK_TTL_MINUTES * 60_000),
        used_at: null,
      });
      // The page calls GET /v1/auth/verify itself, so a mail scanner that follows the link does
      // not spend the token.
      const link = `${deps.publicUrl}/studio/auth/callback?token=${token}`;
      const kind = user ? 'sign_in' : request.intent === 'sign_up' ? 'sign_up' : 'no_account';
      await deps.outbox.enqueue(magicLinkMail(kind, email, link, MAGIC_LINK_TTL_MINUTES));
    },

    /** Spends the token (once) and starts a session; creates the account on a sign-up link. */
    async verify(token: string): Promise<SignInResult> {
      const invalid = new AppError(
        'invalid_token',
        'This sign-in link is invalid, expired or already used. Ask for a new one with POST /v1/auth/magic-link.',
        { param: 'token' },
      );
      // Malformed tokens cost no database read.
      if (!TOKEN_FORMAT.test(token)) throw invalid;
      const now = clock.now();
      const link = await transaction(db, async (tx) => {
        const spent = await consumeMagicLink(tx, sha256Hex(token), now);
        if (spent) await retireOtherMagicLinks(tx, spent.email, spent.id, now);
        return spent;
      });
      if (!link) throw invalid;
      const onWorkspaceCreated = deps.onWorkspaceCreated;
      const { user, workspace } = await deps.accounts.findOrCreateUser(link.email, {
        name: link.name,
        onWorkspaceCreated: onWorkspaceCreated && ((tx, created) => onWorkspaceCreated(tx, created.id)),
      });
      const { sessionId, cookieValue } = await deps.sessions.createSession(user.id, workspace.id);
      const accessToken = await deps.accessTokens.sign({
        userId: user.id,
        workspaceId: workspace.id,
        sessionId,
      });
      return {
        accessToken,
        expiresInSeconds: ACCESS_TOKEN_TTL_SECONDS,
        cookieValue,
        user,
        workspace,
        // checked again: a link asked for before the check above knew dot segments may hold one
        redirectTo: link.redirect_to === null ? null : (normaliseRedirect(link.redirect_to) ?? null),
      };
    },
  };
}
