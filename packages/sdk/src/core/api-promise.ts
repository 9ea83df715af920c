// What every method returns: a Promise of the parsed body that also answers `.withResponse()`, the
// same body with the HTTP answer it came from (status, headers, request id, rate limit, idempotency).
// Shaped after openai-node's APIPromise, so one method serves both uses and nothing is generated twice.
// Unlike openai-node the body is read as soon as it arrives: a download's unread body is already
// available as `BinaryResponse`, so there is no `asResponse()`.

/** The budget this answer counted against (`X-RateLimit-*`; docs/limits.md). */
export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in this window. */
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/** A method's result together with the HTTP answer it came from. */
export interface RawResponse<T> {
  /** What awaiting the method gives: the parsed body (a model, a Page, a BinaryResponse, undefined for 204). */
  data: T;
  /** The HTTP status: 200, 201 for a created track or endpoint, 204 for a deletion. */
  status: number;
  /** Every header of the answer (in a browser, cross-origin, only those the server exposes). */
  headers: Headers;
  /** `X-Request-Id`: quote it when reporting a problem. */
  requestId: string | null;
  /** The rate limit this request counted against; null on routes without one. */
  rateLimit: RateLimit | null;
  /** The `Idempotency-Key` this POST was sent with (reuse it to retry safely); null for other methods. */
  idempotencyKey: string | null;
  /** True when the server answered with the stored response of an earlier request with the same key. */
  idempotentReplayed: boolean;
  /** The fetch Response itself; its body is already read into `data`. */
  response: Response;
}

/** The RawResponse of an answer whose body has been parsed into `data`. */
export function rawResponseOf<T>(
  response: Response,
  data: T,
  idempotencyKey: string | undefined,
): RawResponse<T> {
  const { headers } = response;
  return {
    data,
    status: response.status,
    headers,
    requestId: headers.get('x-request-id'),
    rateLimit: rateLimitOf(headers),
    idempotencyKey: idempotencyKey ?? null,
    idempotentReplayed: headers.get('idempotent-replayed') === 'true',
    response,
  };
}

function rateLimitOf(headers: Headers): RateLimit | null {
  const limit = Number.parseInt(headers.get('x-ratelimit-limit') ?? '', 10);
  const remaining = Number.parseInt(headers.get('x-ratelimit-remaining') ?? '', 10);
  const resetSeconds = Number.parseInt(headers.get('x-ratelimit-reset') ?? '', 10);
  if ([limit, remaining, resetSeconds].some(Number.isNaN)) return null;
  return { limit, remaining, resetSeconds };
}

/**
 * A Promise of a method's parsed body; `.withResponse()` gives the same body with the HTTP answer.
 * @example
 * const track = await client.tracks.retrieve(id);
 * const { data, status, requestId, rateLimit } = await client.tracks.retrieve(id).withResponse();
 */
export class APIPromise<T> extends Promise<T> {
  readonly #answer: Promise<RawResponse<T>>;

  constructor(answer: Promise<RawResponse<T>>) {
    // The Promise itself is never settled with the answer: then/catch/finally read #answer, so a
    // failed request rejects only what the caller awaits (no second, unhandled rejection).
    super((resolve) => resolve(undefined as T));
    this.#answer = answer;
  }

  // Promise methods build their results with this constructor unless told to use Promise.
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** The parsed body with its HTTP answer: status, headers, request id, rate limit, idempotency. */
  withResponse(): Promise<RawResponse<T>> {
    return this.#answer;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is awaited like any Promise.
  override then<R1 = T, R2 = never>(
    onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onRejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#answer.then((answer) => answer.data).then(onFulfilled, onRejected);
  }

  override catch<R = never>(onRejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onRejected);
  }

  override finally(onFinally?: (() => void) | null): Promise<T> {
    return this.then().finally(onFinally);
  }
}

/** The same request with its body reshaped (a list kept inside the body: the credit ledger's `entries`). */
export function mapData<T, U>(promise: APIPromise<T>, reshape: (data: T) => U): APIPromise<U> {
  return new APIPromise(promise.withResponse().then((answer) => ({ ...answer, data: reshape(answer.data) })));
}
