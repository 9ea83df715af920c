// Idempotency-Key (API.md "Conventions"): the same key with the same request replays the stored
// response for 24 h, with another request is 422, and while the first is still running is 409.
// The key is claimed before the work starts; the response is stored in the work's own transaction,
// so the work and its replayable answer commit together.
import { createHash } from 'node:crypto';
import type { Db, Tx } from '../database/create-database.js';
import { AppError } from '../errors.js';
import type { Clock } from '../shared/clock.js';
import {
  claimIdempotencyKey,
  deleteIdempotencyRecord,
  findIdempotencyRecord,
  storeIdempotentResponse,
} from './idempotency.repository.js';

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still "in progress" after this long died mid-way; its key may be used again. */
const ABANDONED_AFTER_MS = 60 * 1000;

export interface IdempotencyScope {
  workspaceId: string;
  key: string;
}

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

export function createIdempotencyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
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
      return { kind: 'replay', status: record.response_status, body: record.response_body };
    },

    /** Stores the response inside the transaction that did the work. */
    complete(tx: Tx, scope: IdempotencyScope, response: { status: number; body: unknown }): Promise<void> {
      return storeIdempotentResponse(tx, scope.workspaceId, scope.key, response);
    },

    /** Stores the answer of work that did not store it in its own transaction (idempotency.plugin.ts). */
    store(scope: IdempotencyScope, response: { status: number; body: unknown }): Promise<void> {
      return storeIdempotentResponse(db, scope.workspaceId, scope.key, response);
    },

    /** Frees the key after the work failed, so a retry (after a top-up, say) runs again. */
    abandon(scope: IdempotencyScope): Promise<void> {
      return deleteIdempotencyRecord(db, scope.workspaceId, scope.key);
    },
  };
}
