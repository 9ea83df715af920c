// Idempotency-Key (API.md "Conventions"): the same key with the same request replays the stored
// response for 24 h, with another request is 422, and while the first is still running is 409.
// The key is claimed before the work starts; the response is stored in the work's own transaction,
// so the work and its replayable answer commit together. A key belongs to the credential that
// used it first (its principal): another credential of the workspace gets 422, never the answer,
// which may hold a new API key's or signing secret's full value. Answers are stored sealed
// (AES-256-GCM, shared/secret-sealing.ts), bound to their workspace, principal and key. The design
// and its reasons: docs/idempotency.md.
import { createHash } from 'node:crypto';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../database/create-database.js';
import type { Clock } from '../shared/clock.js';
import type { SecretSealer } from '../shared/secret-sealing.js';
import {
  type ClaimedRecord,
  claimIdempotencyKey,
  deleteIdempotencyRecord,
  findIdempotencyRecord,
  storeIdempotentResponse,
} from './idempotency.repository.js';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "in progress" after this long died mid-way; its key may be used again. */
const ABANDONED_AFTER_MS = 60 * 1000;

/** One request's key: its workspace, the principal that sent it (principalOf) and the key. */
export type IdempotencyScope = ClaimedRecord;

/** What the HKDF-derived key of stored answers is for (shared/secret-sealing.ts). */
export const IDEMPOTENCY_SEALING_PURPOSE = 'idempotency answers v1';

export type IdempotencyStart = { kind: 'new' } | { kind: 'replay'; status: number; body: unknown };

/** A stable hash of what the request asked for (method, path and body with sorted keys). */
export function hashRequest(method: string, path: string, body: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify([method, path, canonical(body)]))
    .digest('hex');
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** What a sealed answer is bound to: a sealed body moved to another record does not open. */
function sealingContext(scope: IdempotencyScope): string {
  return JSON.stringify([scope.workspaceId, scope.principal, scope.key]);
}

export function createIdempotencyService(deps: { db: Db; clock: Clock; sealer: SecretSealer }) {
  const { db, clock, sealer } = deps;

  function sealed(scope: IdempotencyScope, response: { status: number; body: unknown }) {
    return {
      status: response.status,
      sealedBody: sealer.seal(JSON.stringify(response.body ?? null), sealingContext(scope)),
    };
  }

  return {
    /** Claims the key for this request, or answers with the stored response / 409 / 422. */
    async begin(scope: IdempotencyScope, requestHash: string): Promise<IdempotencyStart> {
      const now = clock.now();
      const claimed = await claimIdempotencyKey(db, {
        ...scope,
        requestHash,
        now,
        expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        staleBefore: new Date(now.getTime() - ABANDONED_AFTER_MS),
      });
      if (claimed) return { kind: 'new' };
      const record = await findIdempotencyRecord(db, scope.workspaceId, scope.key);
      if (!record) return this.begin(scope, requestHash);
      // Checked first: another credential learns nothing of the request, not even that it runs.
      if (record.principal !== scope.principal) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used by another credential of this workspace. Use a new key for a new request.',
          { param: 'Idempotency-Key' },
        );
      }
      if (record.response_status === null) {
        throw new AppError(
          'idempotency_in_progress',
          'A request with this Idempotency-Key is still running. Retry in a moment with the same key.',
          { param: 'Idempotency-Key', headers: { 'retry-after': '1' } },
        );
      }
      if (record.request_hash !== requestHash) {
        throw new AppError(
          'idempotency_key_reused',
          'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
          { param: 'Idempotency-Key' },
        );
      }
      const body =
        record.response_sealed === null
          ? undefined
          : sealer.open(record.response_sealed, sealingContext(scope));
      if (body === undefined) {
        // Sealed under another server secret (JWT_SECRET changed within 24 h): the work was done,
        // so it must not run again, and its answer cannot be read.
        throw new AppError(
          'conflict',
          'The request with this Idempotency-Key was done, but its stored answer can no longer be read (the server secret changed). Read the result with GET, or use a new key for a new request.',
          { param: 'Idempotency-Key' },
        );
      }
      return { kind: 'replay', status: record.response_status, body: JSON.parse(body) };
    },

    /** Stores the response inside the transaction that did the work. */
    complete(tx: Tx, scope: IdempotencyScope, response: { status: number; body: unknown }): Promise<void> {
      return storeIdempotentResponse(tx, scope, sealed(scope, response));
    },

    /** Stores the answer of work that did not store it in its own transaction (idempotency.plugin.ts). */
    store(scope: IdempotencyScope, response: { status: number; body: unknown }): Promise<void> {
      return storeIdempotentResponse(db, scope, sealed(scope, response));
    },

    /** Frees the key after the work failed, so a retry (after a top-up, say) runs again. */
    abandon(scope: IdempotencyScope): Promise<void> {
      return deleteIdempotencyRecord(db, scope);
    },
  };
}
