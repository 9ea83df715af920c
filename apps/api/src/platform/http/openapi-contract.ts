// What the route schemas cannot say, per operation: who may call it (enforced before the handler
// and before an idempotent replay: route-access.ts) and the feature errors it can give.
// openapi-document.ts derives every documented error status from this table plus what all routes
// share (see errorCodesFor), so route files stay thin and one table is reviewed when a route
// changes. A route missing here fails document generation, so the table cannot fall behind.
import type { ErrorCode } from '../../errors.js';

/**
 * public: no credential needed (a bad Bearer header is still refused);
 * optional: public and unlisted resources without a credential, private ones with;
 * workspace: an API key, an access token or the session cookie;
 * user: a signed-in user (access token or session cookie), not an API key;
 * stripe: Stripe's own signature, not a Trackforge credential.
 */
export type Access = 'public' | 'optional' | 'workspace' | 'user' | 'stripe';

/** A non-JSON success answer (files, upgrades), documented instead of the route's own 200. */
export interface SuccessOverride {
  status: string;
  description: string;
  contentTypes?: string[];
}

export interface OperationContract {
  access: Access;
  /** Errors of the feature itself, beyond those errorCodesFor derives for every route of its kind. */
  errors?: ErrorCode[];
  /** Replaces the route's success responses (binary files, WebSocket upgrade). */
  success?: SuccessOverride[];
}

const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac'];

function fileAnswers(contentTypes: string[]): SuccessOverride[] {
  return [
    { status: '200', description: 'The whole file.', contentTypes },
    { status: '206', description: 'The byte range asked for with Range.', contentTypes },
    { status: '304', description: 'Not modified: If-None-Match matched the current ETag.' },
  ];
}

const TRACK_FILE_ERRORS: ErrorCode[] = ['conflict', 'range_not_satisfiable'];

export const OPERATION_CONTRACTS: Record<string, OperationContract> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },

  'POST /v1/auth/signup': { access: 'public' },
  'POST /v1/auth/magic-link': { access: 'public' },
  'GET /v1/auth/verify': { access: 'public', errors: ['invalid_token'] },
  'POST /v1/auth/signout': { access: 'user' },
  'GET /v1/me': { access: 'workspace' },

  'POST /v1/api-keys': { access: 'user', errors: ['plan_required', 'plan_limit_reached'] },
  'GET /v1/api-keys': { access: 'user' },
  'GET /v1/api-keys/{id}': { access: 'user' },
  'DELETE /v1/api-keys/{id}': { access: 'user' },

  'GET /v1/credits': { access: 'workspace' },

  'POST /v1/tracks': {
    access: 'workspace',
    errors: ['insufficient_credits', 'plan_required', 'not_found', 'unprocessable_input'],
  },
  'GET /v1/tracks': { access: 'workspace' },
  'GET /v1/public/tracks': { access: 'public' },
  'GET /v1/tracks/{id}': { access: 'optional' },
  'DELETE /v1/tracks/{id}': { access: 'workspace', errors: ['conflict'] },
  'POST /v1/tracks/{id}/publish': { access: 'workspace', errors: ['conflict'] },
  'POST /v1/tracks/{id}/variations': {
    access: 'workspace',
    errors: ['insufficient_credits', 'not_found', 'unprocessable_track'],
  },
  'POST /v1/tracks/{id}/extend': {
    access: 'workspace',
    errors: ['insufficient_credits', 'not_found', 'unprocessable_track', 'unprocessable_input'],
  },
  'GET /v1/tracks/{id}/audio': {
    access: 'optional',
    errors: TRACK_FILE_ERRORS,
    success: fileAnswers(AUDIO_TYPES),
  },
  'GET /v1/tracks/{id}/midi': {
    access: 'optional',
    errors: TRACK_FILE_ERRORS,
    success: fileAnswers(['audio/midi']),
  },
  'GET /v1/tracks/{id}/melody': {
    access: 'workspace',
    errors: ['not_found'],
    success: [{ status: '200', description: 'The melody as a MIDI file.', contentTypes: ['audio/midi'] }],
  },
  'GET /v1/tracks/{id}/stems': {
    access: 'optional',
    errors: TRACK_FILE_ERRORS,
    success: fileAnswers(['application/zip']),
  },
  'GET /v1/tracks/{id}/waveform': { access: 'optional', errors: ['conflict'] },
  'GET /v1/tracks/{id}/cover.svg': {
    access: 'optional',
    success: [
      { status: '200', description: 'The cover art, 600 × 600.', contentTypes: ['image/svg+xml'] },
      { status: '304', description: 'Not modified: If-None-Match matched the current ETag.' },
    ],
  },

  'GET /v1/voices': { access: 'workspace' },
  'GET /v1/voices/{id}': { access: 'workspace' },
  'GET /v1/voices/{id}/preview': {
    access: 'workspace',
    success: [{ status: '200', description: 'About 10 s of MP3.', contentTypes: ['audio/mpeg'] }],
  },

  'GET /v1/events': { access: 'workspace' },
  'GET /v1/ws/jobs': {
    access: 'workspace',
    errors: ['upgrade_required'],
    success: [{ status: '101', description: 'Switching Protocols: the WebSocket is open.' }],
  },
  'GET /v1/workspace': { access: 'workspace', errors: ['not_found'] },
  'POST /v1/workspace/signing-secret': { access: 'user', errors: ['not_found'] },

  'POST /v1/webhook-endpoints': { access: 'workspace', errors: ['plan_limit_reached'] },
  'GET /v1/webhook-endpoints': { access: 'workspace' },
  'GET /v1/webhook-endpoints/{id}': { access: 'workspace' },
  'PATCH /v1/webhook-endpoints/{id}': { access: 'workspace' },
  'DELETE /v1/webhook-endpoints/{id}': { access: 'workspace' },

  'POST /v1/billing/checkout': {
    access: 'user',
    errors: ['billing_not_configured', 'not_found'],
  },
  'POST /v1/billing/portal': {
    access: 'user',
    errors: ['billing_not_configured', 'not_found'],
  },
  'POST /v1/webhooks/stripe': { access: 'stripe', errors: ['billing_not_configured'] },
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the route gives besides its feature errors: shared hooks, credentials, params and body. */
export interface OperationShape {
  method: string;
  hasPathParams: boolean;
  idempotent: boolean;
}

/**
 * Every error code an operation can answer with. Shared by all routes: a malformed
 * Trackforge-Version (validation_failed), rate limits, internal errors and a server shutting down or
 * losing its database. The authentication hook runs on every route: a Bearer credential that is
 * present but wrong is 401, a Free-plan key is 403 plan_required, and a cookie-signed change without
 * an allowed Origin is 403 forbidden.
 */
export function errorCodesFor(contract: OperationContract, shape: OperationShape): ErrorCode[] {
  const codes = new Set<ErrorCode>(['validation_failed', 'rate_limited', 'internal_error', 'unavailable']);
  if (contract.access !== 'stripe') {
    codes.add('unauthenticated');
    codes.add('plan_required');
  }
  if (contract.access === 'user' || (UNSAFE_METHODS.has(shape.method) && contract.access !== 'stripe')) {
    codes.add('forbidden');
  }
  if (shape.hasPathParams) codes.add('not_found');
  if (UNSAFE_METHODS.has(shape.method)) {
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (shape.idempotent) {
    codes.add('idempotency_in_progress');
    codes.add('idempotency_key_reused');
    // A key's stored answer sealed under a server secret that has since changed (docs/idempotency.md).
    codes.add('conflict');
  }
  for (const code of contract.errors ?? []) codes.add(code);
  return [...codes];
}

/**
 * Every POST goes through the idempotency plugin; it keeps answers apart per credential, so the key
 * takes effect whenever a credential comes with the request (anonymous POSTs ignore it).
 */
export function acceptsIdempotencyKey(method: string): boolean {
  return method === 'POST';
}
