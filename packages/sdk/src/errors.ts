// The error classes, one per HTTP status and per problem `code` that a caller handles differently
// (the same tree as the Python SDK). Every API answer that is not 2xx becomes an APIStatusError
// subclass carrying the problem+json fields; network failures become APIConnectionError.

/** Root of every error this SDK throws. */
export class TrackforgeError extends Error {
  override name = 'TrackforgeError';
}

/** One invalid field of a `validation_failed` problem. */
export interface FieldError {
  param: string;
  message: string;
  code: string;
}

/** Something went wrong talking to the API. */
export class APIError extends TrackforgeError {
  override name = 'APIError';
}

/** The API answered with a 4xx or 5xx problem+json body. */
export class APIStatusError extends APIError {
  override name = 'APIStatusError';
  /** The machine-readable problem code, e.g. `insufficient_credits` (see docs/errors.md). */
  readonly code: string | null;
  /** The human sentence that says how to fix it. */
  readonly detail: string | null;
  /** The offending field or header, when one is to blame. */
  readonly param: string | null;
  /** The server's request id (`x-request-id`): quote it when asking for help. */
  readonly requestId: string | null;
  /** One entry per invalid field for `validation_failed`; empty otherwise. */
  readonly errors: FieldError[];

  constructor(
    readonly status: number,
    /** The parsed problem body (with any extension members such as `balance` or `required_plan`). */
    readonly body: Record<string, unknown> | undefined,
    readonly headers: Headers,
    message?: string,
  ) {
    const detail = typeof body?.detail === 'string' ? body.detail : null;
    const code = typeof body?.code === 'string' ? body.code : null;
    super(message ?? `${status}${code ? ` ${code}` : ''}: ${detail ?? 'the API answered with an error'}`);
    this.code = code;
    this.detail = detail;
    this.param = typeof body?.param === 'string' ? body.param : null;
    this.requestId =
      (typeof body?.request_id === 'string' ? body.request_id : null) ?? headers.get('x-request-id');
    this.errors = Array.isArray(body?.errors) ? (body.errors as FieldError[]) : [];
  }
}

/** 400: the request is malformed; `param` and `errors` name the fields (`validation_failed`, `invalid_token`). */
export class BadRequestError extends APIStatusError {
  override name = 'BadRequestError';
}
/** 401: missing, malformed, revoked or expired credential. */
export class AuthenticationError extends APIStatusError {
  override name = 'AuthenticationError';
}
/** 402 `insufficient_credits`: top up before creating more tracks. */
export class InsufficientCreditsError extends APIStatusError {
  override name = 'InsufficientCreditsError';
}
/** 403: the credential may not do this. */
export class PermissionDeniedError extends APIStatusError {
  override name = 'PermissionDeniedError';
}
/** 403 `plan_required`: the workspace's plan does not include this; `body.required_plan` says which does. */
export class PlanRequiredError extends PermissionDeniedError {
  override name = 'PlanRequiredError';
}
/** 404: no such object in this workspace (also another workspace's private track). */
export class NotFoundError extends APIStatusError {
  override name = 'NotFoundError';
}
/** 409: a conflict with the object's state, or the same idempotency key still running. */
export class ConflictError extends APIStatusError {
  override name = 'ConflictError';
}
/** 422: e.g. `idempotency_key_reused` with another body. */
export class UnprocessableEntityError extends APIStatusError {
  override name = 'UnprocessableEntityError';
}
/** 429 `rate_limited`: slow down; `retryAfterSeconds` says for how long. */
export class RateLimitError extends APIStatusError {
  override name = 'RateLimitError';
  get retryAfterSeconds(): number | null {
    const value = Number(this.headers.get('retry-after'));
    return Number.isFinite(value) && value >= 0 ? value : null;
  }
}
/** 5xx: the server failed or is unavailable; retried automatically before this is thrown. */
export class InternalServerError extends APIStatusError {
  override name = 'InternalServerError';
}

/** The request never got an answer (DNS, refused connection, reset, aborted). */
export class APIConnectionError extends APIError {
  override name = 'APIConnectionError';
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** No answer within the request's timeout. */
export class APITimeoutError extends APIConnectionError {
  override name = 'APITimeoutError';
  constructor(message = 'Request timed out.') {
    super(message);
  }
}
/** The caller's AbortSignal fired; not retried. */
export class APIUserAbortError extends APIError {
  override name = 'APIUserAbortError';
  constructor(message = 'Request was aborted.') {
    super(message);
  }
}

/** A webhook or WebSocket event whose signature, timestamp or body does not verify. */
export class WebhookVerificationError extends TrackforgeError {
  override name = 'WebhookVerificationError';
}
/** `tracks.createAndWait` gave up before the track finished; `track` is the last state seen. */
export class WaitTimeoutError extends TrackforgeError {
  override name = 'WaitTimeoutError';
  constructor(
    message: string,
    readonly track: unknown,
  ) {
    super(message);
  }
}

/** The error class for one API answer: by problem code first, then by status. */
export function makeStatusError(
  status: number,
  body: Record<string, unknown> | undefined,
  headers: Headers,
): APIStatusError {
  const code = body?.code;
  if (code === 'insufficient_credits') return new InsufficientCreditsError(status, body, headers);
  if (code === 'plan_required') return new PlanRequiredError(status, body, headers);
  if (status === 400) return new BadRequestError(status, body, headers);
  if (status === 401) return new AuthenticationError(status, body, headers);
  if (status === 402) return new InsufficientCreditsError(status, body, headers);
  if (status === 403) return new PermissionDeniedError(status, body, headers);
  if (status === 404) return new NotFoundError(status, body, headers);
  if (status === 409) return new ConflictError(status, body, headers);
  if (status === 422) return new UnprocessableEntityError(status, body, headers);
  if (status === 429) return new RateLimitError(status, body, headers);
  if (status >= 500) return new InternalServerError(status, body, headers);
  return new APIStatusError(status, body, headers);
}
