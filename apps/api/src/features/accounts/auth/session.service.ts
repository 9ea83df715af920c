// Browser sessions: an opaque random cookie value whose SHA-256 is the lookup key, 30-day sliding
// expiry. Access tokens name their session (sid) and die with it.
import type { Db } from '../../../platform/database/create-database.js';
import { type AuthRevocation, announceRevocation } from '../../../platform/http/auth-revocations.js';
import type { Clock } from '../../../platform/shared/clock.js';
import { newId } from '../../../platform/shared/ids.js';
import { randomSecret, sha256Hex } from '../../../platform/shared/secrets.js';
import {
  type ActiveSession,
  extendSession,
  findActiveSessionByHash,
  findActiveSessionById,
  insertSession,
  revokeSession,
} from './session.repository.js';

export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
// Extending on every request would write on every read; once a day keeps the window sliding.
const EXTEND_AFTER_SECONDS = 24 * 60 * 60;

export type SessionService = ReturnType<typeof createSessionService>;

export function createSessionService({
  db,
  clock,
  onRevoked = () => {},
}: {
  db: Db;
  clock: Clock;
  /** This process's auth-context cache forgets the session before sign-out is answered. */
  onRevoked?: (revocation: AuthRevocation) => void;
}) {
  return {
    /** Starts a session; the returned cookie value is never stored. */
    async createSession(
      userId: string,
      workspaceId: string,
    ): Promise<{ sessionId: string; cookieValue: string }> {
      const now = clock.now();
      const cookieValue = randomSecret();
      const sessionId = newId('ses');
      await insertSession(db, {
        id: sessionId,
        token_hash: sha256Hex(cookieValue),
        user_id: userId,
        workspace_id: workspaceId,
        created_at: now,
        expires_at: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
        revoked_at: null,
      });
      return { sessionId, cookieValue };
    },

    /** The live session behind a cookie value; `extended` says the cookie should be re-sent. */
    async findSessionByCookie(
      cookieValue: string,
    ): Promise<{ session: ActiveSession; extended: boolean } | undefined> {
      const now = clock.now();
      const session = await findActiveSessionByHash(db, sha256Hex(cookieValue), now);
      if (!session) return undefined;
      const age = SESSION_TTL_SECONDS * 1000 - (session.expires_at.getTime() - now.getTime());
      if (age < EXTEND_AFTER_SECONDS * 1000) return { session, extended: false };
      const expiresAt = new Date(now.getTime() + SESSION_TTL_SECONDS * 1000);
      await extendSession(db, session.id, expiresAt);
      return { session: { ...session, expires_at: expiresAt }, extended: true };
    },

    findActiveSession(sessionId: string): Promise<ActiveSession | undefined> {
      return findActiveSessionById(db, sessionId, clock.now());
    },

    async revokeSession(sessionId: string): Promise<void> {
      await revokeSession(db, sessionId, clock.now());
      onRevoked({ sessionId });
      // Other API processes forget it when the notification arrives (or after the cache's TTL).
      await announceRevocation(db, { sessionId });
    },
  };
}
