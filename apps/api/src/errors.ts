// One error type for the whole API and the table that maps each code to its HTTP status.
// docs/errors.md documents the same table for clients; a test keeps the two in step.

export const ERROR_CODES = {
  validation_failed: { status: 400, title: 'Validation failed' },
  invalid_token: { status: 400, title: 'Invalid or expired token' },
  unauthenticated: { status: 401, title: 'Authentication required' },
  insufficient_credits: { status: 402, title: 'Insufficient credits' },
  forbidden: { status: 403, title: 'Forbidden' },
  plan_required: { status: 403, title: 'Plan upgrade required' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  request_timeout: { status: 408, title: 'Request timeout' },
  conflict: { status: 409, title: 'Conflict' },
  idempotency_in_progress: { status: 409, title: 'Request in progress' },
  plan_limit_reached: { status: 409, title: 'Plan limit reached' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  uri_too_long: { status: 414, title: 'URI too long' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  range_not_satisfiable: { status: 416, title: 'Range not satisfiable' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused' },
  unprocessable_input: { status: 422, title: 'Unprocessable input' },
  unprocessable_track: { status: 422, title: 'Unprocessable for this track' },
  upgrade_required: { status: 426, title: 'Upgrade required' },
  rate_limited: { status: 429, title: 'Too many requests' },
  headers_too_large: { status: 431, title: 'Request header fields too large' },
  internal_error: { status: 500, title: 'Internal server error' },
  not_implemented: { status: 501, title: 'Not implemented' },
  unavailable: { status: 503, title: 'Service unavailable' },
  billing_not_configured: { status: 503, title: 'Billing not configured' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One invalid field, as listed in a validation_failed problem's `errors`. */
export interface FieldError {
  param: string;
  message: string;
  code: string;
}

/** An expected failure with a stable code; the root handler renders it as problem+json. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: { param?: string | null; headers?: Record<string, string> } & Record<
      string,
      unknown
    > = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = ERROR_CODES[code].status;
  }
}

/**
 * Where a code is explained: its row of the served error page (GET /docs/errors, rendered from
 * docs/errors.md), so a problem's `type` is a link that answers.
 */
export function errorTypeUrl(publicUrl: string, code: ErrorCode): string {
  return `${publicUrl}/docs/errors#${code}`;
}

/** Builds the problem+json body that API.md specifies; `type` links to the server's own error page. */
export function problemBody(
  publicUrl: string,
  code: ErrorCode,
  detail: string,
  requestId: string,
  extras: Record<string, unknown> = {},
): Record<string, unknown> {
  const { headers: _headers, param = null, ...rest } = extras;
  return {
    type: errorTypeUrl(publicUrl, code),
    title: ERROR_CODES[code].title,
    status: ERROR_CODES[code].status,
    detail,
    code,
    param,
    request_id: requestId,
    ...rest,
  };
}
