// Who a credential is, remembered for a few seconds so an authenticated request does not pay a
// database round trip for it (on PGlite that read was half of a GET /v1/tracks/{id}).
//
// Safety: every change that must end or narrow a credential's access is announced on the
// `tf_auth_revoked` channel (NOTIFY, http/auth-revocations.ts): an API key revoked, a session
// signed out, a workspace's plan changed. Every API process LISTENs and forgets the matching
// entries when the notification arrives; the node that revoked it forgets it before answering the
// revoke. While the LISTEN connection is down nothing is served from here (platform/database/notified-cache.ts),
// so a revocation is never missed: the longest a revoked credential outlives its revocation
// anywhere is the notification's delivery time.
import type { DatabaseHandle } from '../../../platform/database/create-database.js';
import {
  createNotifiedCache,
  listenForChanges,
  type NotifiedCacheOptions,
} from '../../../platform/database/notified-cache.js';
import type { AuthContext } from '../../../platform/http/auth-context.js';
import { AUTH_REVOKED_CHANNEL, type AuthRevocation } from '../../../platform/http/auth-revocations.js';

export const AUTH_CONTEXT_TTL_MS = 5_000;
export const AUTH_CONTEXT_MAX_ENTRIES = 10_000;

export type AuthContextCache = ReturnType<typeof createAuthContextCache>;

export function createAuthContextCache(options: NotifiedCacheOptions) {
  const entries = createNotifiedCache<AuthContext>(options, {
    ttlMs: AUTH_CONTEXT_TTL_MS,
    maxEntries: AUTH_CONTEXT_MAX_ENTRIES,
  });

  function matches(auth: AuthContext, revocation: AuthRevocation): boolean {
    if ('apiKeyId' in revocation) return auth.apiKeyId === revocation.apiKeyId;
    if ('sessionId' in revocation) return auth.sessionId === revocation.sessionId;
    return auth.workspaceId === revocation.workspaceId;
  }

  return {
    generation: entries.generation,
    get: entries.get,
    listening: entries.listening,
    deaf: entries.deaf,
    size: entries.size,

    /**
     * Remembers a credential's context until ttlMs from now, or notAfter (a session's expiry) if
     * sooner; ignored when something was revoked since `readAt` (a generation()).
     */
    store(key: string, auth: AuthContext, readAt: number, notAfter?: Date): void {
      entries.store(key, auth, readAt, notAfter?.getTime());
    },

    /** Drops every entry the revocation covers (revocations are rare: a scan is fine). */
    forget(revocation: AuthRevocation): void {
      entries.forgetWhere((auth) => matches(auth, revocation));
    },
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
  return listenForChanges(database, AUTH_REVOKED_CHANNEL, cache, (payload) => {
    const revocation = parseRevocation(payload);
    if (revocation) cache.forget(revocation);
  });
}
