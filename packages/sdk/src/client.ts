// The Trackforge client: reads its options (or TRACKFORGE_* variables), builds the HTTP core once
// and hands it to each resource. Nothing happens at construction: the first call makes the first request.

import { APIClient, type RequestOptions } from './core/api-client.js';
import type { APIPromise } from './core/api-promise.js';
import { sleep } from './core/retry.js';
import { TrackforgeError } from './errors.js';
import { browserPageOrigin, readEnv } from './internal/env.js';
import { createLevelLogger, type Logger, type LogLevel, parseLogLevel } from './internal/logger.js';
import type { WebSocketConstructor } from './internal/websocket.js';
import { Events } from './lib/events.js';
import { Tracks } from './lib/tracks.js';
import { Webhooks } from './lib/webhooks.js';
import { WorkspaceResource } from './lib/workspace.js';
import { ApiKeys } from './resources/api-keys.js';
import { Auth } from './resources/auth.js';
import { Billing } from './resources/billing.js';
import { Credits } from './resources/credits.js';
import { Voices } from './resources/voices.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import type { Me } from './types.js';
import { API_VERSION } from './version.js';

export interface ClientOptions {
  /**
   * An API key (`tf_live_…`) or an access token; default `TRACKFORGE_API_KEY`. Without either the
   * constructor throws, except on a web page (the cookie session signs requests); `''` sends no
   * credential on purpose (public reads).
   */
  apiKey?: string | undefined;
  /** The server's origin; default `TRACKFORGE_BASE_URL`, else the page's origin in a browser, else `http://localhost:8080`. A trailing `/v1` is accepted. */
  baseURL?: string | undefined;
  /** Milliseconds per attempt before APITimeoutError (default 60 000). */
  timeout?: number;
  /** Retries on connection errors, 408, 409, 429 and 5xx (default 2). */
  maxRetries?: number;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string | null | undefined>;
  /** The fetch to use (default: the global one); inject one for tests, proxies or instrumentation. */
  fetch?: typeof fetch;
  /** Extra `RequestInit` for every fetch, e.g. `{ credentials: 'include' }` for a cross-site browser app. */
  fetchOptions?: RequestInit;
  /** The WebSocket class for `events.subscribe` (default: `ws` in Node, else the global WebSocket). */
  WebSocket?: WebSocketConstructor;
  /** The `Trackforge-Version` to pin (default: the version this SDK was written against). */
  apiVersion?: string;
  /** `debug` logs every request, answer and retry; default `TRACKFORGE_LOG`, else `warn`. */
  logLevel?: LogLevel;
  /** Where log lines go (default `console`). */
  logger?: Logger;
  /** The wait between retries and polls; tests replace it to run without real time. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

const DEFAULT_BASE_URL = 'http://localhost:8080';

/**
 * The Trackforge API client.
 * @example
 * const client = new Trackforge({ apiKey: process.env.TRACKFORGE_API_KEY });
 * const track = await client.tracks.createAndWait({ prompt: 'mellow lofi piano', duration: 'short' });
 */
export class Trackforge {
  readonly tracks: Tracks;
  readonly voices: Voices;
  readonly credits: Credits;
  readonly events: Events;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly apiKeys: ApiKeys;
  readonly workspace: WorkspaceResource;
  readonly billing: Billing;
  readonly auth: Auth;
  readonly webhooks: Webhooks;
  readonly baseURL: string;
  private readonly api: APIClient;

  constructor(private readonly options: ClientOptions = {}) {
    const baseURL = (
      options.baseURL ??
      readEnv('TRACKFORGE_BASE_URL') ??
      browserPageOrigin() ??
      DEFAULT_BASE_URL
    )
      .replace(/\/+$/, '')
      .replace(/\/v1$/, '');
    const apiKey = options.apiKey ?? readEnv('TRACKFORGE_API_KEY');
    // Failing here says what is missing; sending the request would only come back 401.
    if (apiKey === undefined && browserPageOrigin() === undefined) {
      throw new TrackforgeError(
        "No API key: set TRACKFORGE_API_KEY or pass new Trackforge({ apiKey: 'tf_live_…' }) (apiKey: '' for public reads without one).",
      );
    }
    const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
    const logLevel = options.logLevel ?? parseLogLevel(readEnv('TRACKFORGE_LOG')) ?? 'warn';
    this.baseURL = baseURL;
    this.api = new APIClient({
      baseURL,
      apiKey,
      timeout: options.timeout ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      fetch: fetchImpl,
      fetchOptions: options.fetchOptions,
      defaultHeaders: options.defaultHeaders ?? {},
      apiVersion: options.apiVersion ?? API_VERSION,
      logger: createLevelLogger(logLevel, options.logger ?? console),
      sleep: options.sleep ?? sleep,
    });
    this.workspace = new WorkspaceResource(this.api);
    this.events = new Events(this.api, this.workspace, options.WebSocket);
    this.tracks = new Tracks(this.api, this.events);
    this.voices = new Voices(this.api);
    this.credits = new Credits(this.api);
    this.webhookEndpoints = new WebhookEndpoints(this.api);
    this.apiKeys = new ApiKeys(this.api);
    this.billing = new Billing(this.api);
    this.auth = new Auth(this.api);
    this.webhooks = new Webhooks();
  }

  /** The signed-in user or key's workspace, with its plan and credits. */
  me(options?: RequestOptions): APIPromise<Me> {
    return this.api.request<Me>({ method: 'GET', path: '/v1/me', options });
  }

  /** A new client with some options changed, e.g. `withOptions({ apiKey: accessToken })`. */
  withOptions(options: ClientOptions): Trackforge {
    return new Trackforge({ ...this.options, baseURL: this.baseURL, ...options });
  }
}
