// Who a credential is, remembered for a few seconds so an authenticated request does not pay a
// database round trip for it (on PGlite that read was half of a GET /v1/tracks/{id}).
//
// Safety: every change that must end or narrow a credential's access is announced on the
// `tf_auth_revoked` channel (NOTIFY, http/auth-revocations.ts): an API key revoked,
// a session signed out, a workspace's plan changed. Every API process LISTENs and forgets the
// matching entries when the notification arrives, so other nodes stop honouring a revoked key
// within the notification's delivery time; the node that revoked it forgets it before answering
// the revoke, so the very next request there is refused. If a notification is lost (the LISTEN
// connection dropped), an entry still dies after `ttlMs` (AUTH_CONTEXT_TTL_MS, 5 s): that is the
// longest a revoked credential can outlive its revocation anywhere.
//
// A lookup that started before a revocation must not put the old answer back after it: each
// forget bumps `generation`, and store() drops an answer read under an older generation.
import type { DatabaseHandle } from '../database/create-database.js';
import type { AuthContext } from '../http/auth-context.js';
import { AUTH_REVOKED_CHANNEL, type AuthRevocation } from '../http/auth-revocations.js';
import type { Clock } from '../shared/clock.js';
import { createExpiringLru } from '../shared/expiring-lru.js';

export const AUTH_CONTEXT_TTL_MS = 5_000;
export const AUTH_CONTEXT_MAX_ENTRIES = 10_000;

export type AuthContextCache = ReturnType<typeof createAuthContextCache>;

export function createAuthContextCache({
  clock,
  ttlMs = AUTH_CONTEXT_TTL_MS,
  maxEntries = AUTH_CONTEXT_MAX_ENTRIES,
}: {
  clock: Clock;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const entries = createExpiringLru<AuthContext>({ clock, maxEntries });
  let generation = 0;

  function matches(auth: AuthContext, revocation: AuthRevocation): boolean {
    if ('apiKeyId' in revocation) return auth.apiKeyId === revocation.apiKeyId;
    if ('sessionId' in revocation) return auth.sessionId === revocation.sessionId;
    return auth.workspaceId === revocation.workspaceId;
  }

  return {
    /** Read before the database lookup; pass it to store(). */
    generation: () => generation,

    get: entries.get,

    /**
     * Remembers a credential's context until ttlMs from now, or notAfter (a session's expiry) if
     * sooner; ignored when something was revoked since `readAt` (a generation()).
     */
    store(key: string, auth: AuthContext, readAt: number, notAfter?: Date): void {
      if (readAt !== generation) return;
      const nowMs = clock.now().getTime();
      const expiresAtMs = Math.min(nowMs + ttlMs, notAfter?.getTime() ?? Number.POSITIVE_INFINITY);
      if (expiresAtMs <= nowMs) return;
      entries.set(key, auth, expiresAtMs);
    },

    /** Drops every entry the revocation covers (revocations are rare: a scan is fine). */
    forget(revocation: AuthRevocation): void {
      generation++;
      entries.deleteWhere((auth) => matches(auth, revocation));
    },

    size: entries.size,
  };
}

/** A notification's payload back to a revocation; null for anything else (ignored). */
export function parseRevocation(payload: string): AuthRevocation | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    for (const field of ['apiKeyId', 'sessionId', 'workspaceId'] as const) {
      if (typeof value[field] === 'string') return { [field]: value[field] } as AuthRevocation;
    }
  } catch {}
  return null;
}

/** LISTENs for revocations from every process (this one included); returns the unlisten function. */
export function listenForRevocations(
  database: Pick<DatabaseHandle, 'listen'>,
  cache: AuthContextCache,
): Promise<() => Promise<void>> {
  return database.listen(AUTH_REVOKED_CHANNEL, (payload) => {
    const revocation = parseRevocation(payload);
    if (revocation) cache.forget(revocation);
  });
}
