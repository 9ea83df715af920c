// One HTTP POST of a signed event to a receiver. Private destinations are refused unless allowed
// (development); the response body is drained and ignored (only the status matters).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { checkedLookup, hostOf, isPrivateAddress, WebhookAddressError } from './webhook-address.js';

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type WebhookResponse =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string };

export type SendWebhook = (request: WebhookRequest) => Promise<WebhookResponse>;

export function createWebhookSender(options: { allowPrivate: boolean; timeoutMs?: number }): SendWebhook {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return (request) =>
    new Promise<WebhookResponse>((resolve) => {
      const url = new URL(request.url);
      const host = hostOf(url);
      // Node skips lookup for IP literals, so they are checked here.
      if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
        resolve({ ok: false, status: null, error: `${host} is a private or loopback address` });
        return;
      }
      const client = url.protocol === 'https:' ? https : http;
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          timeout: timeoutMs,
          ...(options.allowPrivate ? {} : { lookup: checkedLookup }),
        },
        (response) => {
          response.resume();
          const status = response.statusCode ?? 0;
          response.on('end', () =>
            resolve(
              status >= 200 && status < 300
                ? { ok: true, status }
                : { ok: false, status, error: `HTTP ${status}` },
            ),
          );
          response.on('error', (error) => resolve({ ok: false, status, error: error.message }));
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      outgoing.on('error', (error) =>
        resolve({
          ok: false,
          status: null,
          error: error instanceof WebhookAddressError ? error.message : `${error.name}: ${error.message}`,
        }),
      );
      outgoing.end(request.body);
    });
}
