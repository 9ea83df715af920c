import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  APIError,
  APIStatusError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PlanRequiredError,
  RateLimitError,
  TrackforgeError,
  UnprocessableEntityError,
} from '../src/index.js';
import { mockClient, problem } from './helpers/mock-fetch.js';

const cases = [
  [400, 'validation_failed', BadRequestError],
  [400, 'invalid_token', BadRequestError],
  [401, 'unauthenticated', AuthenticationError],
  [402, 'insufficient_credits', InsufficientCreditsError],
  [403, 'forbidden', PermissionDeniedError],
  [403, 'plan_required', PlanRequiredError],
  [404, 'not_found', NotFoundError],
  [409, 'conflict', ConflictError],
  [422, 'idempotency_key_reused', UnprocessableEntityError],
  [429, 'rate_limited', RateLimitError],
  [500, 'internal_error', InternalServerError],
  [503, 'billing_not_configured', InternalServerError],
  [413, 'payload_too_large', APIStatusError],
] as const;

describe('error classes', () => {
  for (const [status, code, ErrorClass] of cases) {
    it(`throws ${ErrorClass.name} for ${status} ${code}, carrying code, detail, param and request id`, async () => {
      const { client } = mockClient([problem(status, code, { param: 'prompt', balance: 0 })], {
        maxRetries: 0,
      });
      const error = await client.tracks.create({ prompt: 'p', duration: 'short' }).catch((e: unknown) => e);
      assert.ok(error instanceof ErrorClass, `got ${String(error)}`);
      assert.equal((error as Error).constructor, ErrorClass);
      assert.ok(
        error instanceof APIStatusError && error instanceof APIError && error instanceof TrackforgeError,
      );
      assert.equal(error.status, status);
      assert.equal(error.code, code);
      assert.equal(error.detail, `detail of ${code}`);
      assert.equal(error.param, 'prompt');
      assert.equal(error.requestId, 'req_test');
      assert.equal(error.body?.balance, 0);
      assert.match(error.message, new RegExp(`^${status} ${code}: detail of ${code}`));
    });
  }

  it('makes PlanRequiredError a PermissionDeniedError, so one catch handles every 403', () => {
    assert.ok(new PlanRequiredError(403, {}, new Headers()) instanceof PermissionDeniedError);
  });

  it('takes the request id from x-request-id when the body is not problem+json', async () => {
    const { client } = mockClient(
      [new Response('<html>bad gateway</html>', { status: 502, headers: { 'x-request-id': 'req_proxy' } })],
      { maxRetries: 0 },
    );
    const error = await client.me().catch((e: unknown) => e);
    assert.ok(error instanceof InternalServerError);
    assert.equal(error.requestId, 'req_proxy');
    assert.equal(error.detail, '<html>bad gateway</html>');
  });
});
