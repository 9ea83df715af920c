// The one place HTTP happens: headers, timeout, retries with backoff, one Idempotency-Key per
// logical POST, and the mapping of problem+json answers to error classes. Resources stay thin.
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  makeStatusError,
  TrackforgeError,
} from '../errors.js';
import { describeRuntime, isServerRuntime } from '../internal/env.js';
import { headersForLog, type Logger } from '../internal/logger.js';
import { API_VERSION, SDK_VERSION } from '../version.js';
import { APIPromise, rawResponseOf } from './api-promise.js';
import { BinaryResponse } from './binary.js';
import { isRetryableStatus, retryDelayMs } from './retry.js';

/** Options every method accepts as its last argument. */
export interface RequestOptions {
  /** Milliseconds to wait for an answer, per attempt (default: the client's `timeout`). */
  timeout?: number;
  /** Retries after the first attempt (default: the client's `maxRetries`, 2). */
  maxRetries?: number;
  /** Extra headers; `null` removes one the SDK would send. */
  headers?: Record<string, string | null | undefined>;
  /** The Idempotency-Key of a POST (default: one generated per call, reused across its retries). */
  idempotencyKey?: string;
  /** Cancels the request (and its retries). */
  signal?: AbortSignal;
}

export interface APIClientConfig {
  baseURL: string;
  apiKey: string | undefined;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch;
  fetchOptions: RequestInit | undefined;
  defaultHeaders: Record<string, string | null | undefined>;
  apiVersion: string;
  logger: Logger;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface APIRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: object | undefined;
  body?: unknown;
  options?: RequestOptions | undefined;
}

export class APIClient {
  constructor(readonly config: APIClientConfig) {}

  /**
   * Sends the request and parses the JSON answer (undefined for 204); `.withResponse()` on the
   * result adds the status and headers.
   */
  request<T>(request: APIRequest): APIPromise<T> {
    return new APIPromise(
      (async () => {
        const { response, done, idempotencyKey } = await this.send(request, false);
        try {
          return rawResponseOf(response, await parseBody<T>(response), idempotencyKey);
        } finally {
          done();
        }
      })(),
    );
  }

  /** Sends the request and answers with the successful Response unread, as a BinaryResponse (downloads, streams). */
  requestBinary(request: APIRequest): APIPromise<BinaryResponse> {
    return new APIPromise(
      (async () => {
        const { response, idempotencyKey } = await this.send(request, true);
        return rawResponseOf(response, new BinaryResponse(response), idempotencyKey);
      })(),
    );
  }

  /** An absolute URL for a path under the base URL, with the query appended. */
  buildURL(path: string, query?: object): string {
    const url = new URL(this.config.baseURL.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  private async send(
    request: APIRequest,
    raw: boolean,
  ): Promise<{ response: Response; done: () => void; idempotencyKey: string | undefined }> {
    const { options = {} } = request;
    const maxRetries = options.maxRetries ?? this.config.maxRetries;
    const timeoutMs = options.timeout ?? this.config.timeout;
    const url = this.buildURL(request.path, request.query);
    // Generated once, outside the loop: every retry of this call must carry the same key.
    const idempotencyKey =
      request.method === 'POST' ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const headers = this.buildHeaders(request, idempotencyKey);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const log = this.config.logger;

    for (let attempt = 0; ; attempt++) {
      const retriesLeft = maxRetries - attempt;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onUserAbort = () => controller.abort();
      options.signal?.addEventListener('abort', onUserAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onUserAbort);
      };
      const startedMs = Date.now();
      log.debug(`→ ${request.method} ${url}`, { attempt, headers: headersForLog(headers) });

      let response: Response;
      try {
        if (options.signal?.aborted) throw new APIUserAbortError();
        response = await this.config.fetch(url, {
          ...this.config.fetchOptions,
          method: request.method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal: controller.signal,
        });
      } catch (error) {
        done();
        if (options.signal?.aborted || error instanceof APIUserAbortError) throw new APIUserAbortError();
        const failure = timedOut
          ? new APITimeoutError(`No answer from ${request.method} ${url} within ${timeoutMs} ms.`)
          : new APIConnectionError(`Could not reach ${url}: ${describe(error)}`, { cause: error });
        if (retriesLeft <= 0) throw failure;
        const waitMs = retryDelayMs(attempt, undefined);
        log.info(`${failure.message} Retrying in ${Math.round(waitMs)} ms (${retriesLeft} left).`);
        await this.waitBeforeRetry(waitMs, options.signal);
        continue;
      }

      log.debug(`← ${response.status} ${request.method} ${url} in ${Date.now() - startedMs} ms`, {
        requestId: response.headers.get('x-request-id'),
      });
      if (response.ok) {
        if (raw) clearTimeout(timer); // the body may stream for longer than the timeout
        return { response, done, idempotencyKey };
      }
      if (isRetryableStatus(response.status) && retriesLeft > 0) {
        // Not awaited: the body is unwanted, and cancelling a tee'd body waits for its twin.
        response.body?.cancel().catch(() => {});
        done();
        const waitMs = retryDelayMs(attempt, response.headers);
        log.info(
          `${request.method} ${url} answered ${response.status}; retrying in ${Math.round(waitMs)} ms (${retriesLeft} left).`,
        );
        await this.waitBeforeRetry(waitMs, options.signal);
        continue;
      }
      const problem = await readProblem(response);
      done();
      throw makeStatusError(response.status, problem, response.headers);
    }
  }

  /** The pause between attempts; the caller's signal ends it with APIUserAbortError. */
  private async waitBeforeRetry(waitMs: number, signal: AbortSignal | undefined): Promise<void> {
    try {
      await this.config.sleep(waitMs, signal);
    } catch (error) {
      if (signal?.aborted) throw new APIUserAbortError();
      throw error;
    }
    if (signal?.aborted) throw new APIUserAbortError();
  }

  private buildHeaders(request: APIRequest, idempotencyKey: string | undefined): Headers {
    const headers = new Headers({ accept: 'application/json', 'trackforge-version': this.config.apiVersion });
    if (this.config.apiKey) headers.set('authorization', `Bearer ${this.config.apiKey}`);
    // Browsers refuse to let scripts set User-Agent; there the browser's own one is sent.
    if (isServerRuntime()) headers.set('user-agent', userAgent());
    if (request.body !== undefined) headers.set('content-type', 'application/json');
    if (idempotencyKey) headers.set('idempotency-key', idempotencyKey);
    for (const extra of [this.config.defaultHeaders, request.options?.headers ?? {}]) {
      for (const [name, value] of Object.entries(extra)) {
        if (value === null) headers.delete(name);
        else if (value !== undefined) headers.set(name, value);
      }
    }
    return headers;
  }
}

/** `trackforge-node/0.1.0 (node 20.20.2; linux x64; api 2026-11-01)` */
export function userAgent(): string {
  return `trackforge-node/${SDK_VERSION} (${describeRuntime()}; api ${API_VERSION})`;
}

function newIdempotencyKey(): string {
  const uuid = globalThis.crypto?.randomUUID?.();
  if (uuid) return `sdk-${uuid}`;
  throw new TrackforgeError('crypto.randomUUID is unavailable; pass idempotencyKey explicitly.');
}

async function parseBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.text()) as T;
}

async function readProblem(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return text ? { detail: text.slice(0, 500) } : undefined;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
