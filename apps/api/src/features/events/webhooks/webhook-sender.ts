// One HTTP POST of a signed event to a receiver. Private destinations are refused unless allowed
// (development); the response body is drained and ignored (only the status and the
// `webhook-delivery` header matter). Each attempt has a deadline for the whole exchange, not only
// for idle sockets, so a receiver that accepts and never answers costs at most that long.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, hostOf, isPrivateAddress, WebhookAddressError } from './webhook-address.js';

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Aborts the request (shutdown); the answer is then `aborted: true`. */
  signal?: AbortSignal;
}

export type WebhookResponse =
  | { ok: true; status: number }
  | {
      ok: false;
      status: number | null;
      error: string;
      /** The receiver answered `webhook-delivery: abort-message`: never retry this message. */
      abortMessage?: boolean;
      /** The caller's signal stopped the request before an answer. */
      aborted?: boolean;
    };

export type SendWebhook = (request: WebhookRequest) => Promise<WebhookResponse>;

/** Svix-style per-attempt deadline. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 15_000;

/** A receiver sets this response header to stop retries of one message (see README, Webhooks). */
export const ABORT_MESSAGE_HEADER = 'webhook-delivery';
const ABORT_MESSAGE_VALUE = 'abort-message';

export function createWebhookSender(options: { allowPrivate: boolean; timeoutMs?: number }): SendWebhook {
  const timeoutMs = options.timeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  return (request) =>
    new Promise<WebhookResponse>((resolve) => {
      const url = new URL(request.url);
      const host = hostOf(url);
      // Node skips lookup for IP literals, so they are checked here.
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        resolve({ ok: false, status: null, error: `${host} is a private or loopback address` });
        return;
      }
      if (request.signal?.aborted) {
        resolve({ ok: false, status: null, error: 'aborted before sending', aborted: true });
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(url, {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        ...(options.allowPrivate ? {} : { lookup: checkedLookup }),
      });
      const deadline = setTimeout(
        () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      const onAbort = () => outgoing.destroy(new Error('aborted: the dispatcher is stopping'));
      request.signal?.addEventListener('abort', onAbort);
      const settle = (response: WebhookResponse) => {
        clearTimeout(deadline);
        request.signal?.removeEventListener('abort', onAbort);
        resolve(response);
      };
      outgoing.on('response', (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        const abortMessage =
          String(response.headers[ABORT_MESSAGE_HEADER] ?? '').toLowerCase() === ABORT_MESSAGE_VALUE;
        response.on('end', () =>
          settle(
            status >= 200 && status < 300
              ? { ok: true, status }
              : { ok: false, status, error: `HTTP ${status}`, ...(abortMessage ? { abortMessage } : {}) },
          ),
        );
        response.on('error', (error) => settle({ ok: false, status, error: error.message }));
      });
      outgoing.on('error', (error) =>
        settle({
          ok: false,
          status: null,
          error: error instanceof WebhookAddressError ? error.message : `${error.name}: ${error.message}`,
          ...(request.signal?.aborted ? { aborted: true } : {}),
        }),
      );
      outgoing.end(request.body);
    });
}
