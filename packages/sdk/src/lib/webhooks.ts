// client.webhooks.unwrap: verify a webhook delivery (Standard Webhooks: HMAC-SHA256 over
// "{id}.{timestamp}.{body}", timestamps within 5 minutes) and return the typed event.
import { WebhookVerificationError as SWVerificationError, Webhook } from 'standardwebhooks';
import { WebhookVerificationError } from '../errors.js';
import type { TrackforgeEvent } from '../types.js';

export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

export class Webhooks {
  /**
   * The event in a webhook request, after checking its signature and age; throws
   * WebhookVerificationError otherwise. Pass the raw body exactly as received.
   * @example const event = client.webhooks.unwrap(rawBody, request.headers, process.env.WEBHOOK_SECRET);
   */
  unwrap(rawBody: string | Uint8Array, headers: HeaderSource, secret: string): TrackforgeEvent {
    const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
    const wanted = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
    const picked: Record<string, string> = {};
    for (const name of wanted) {
      const value = readHeader(headers, name);
      if (!value) throw new WebhookVerificationError(`Missing the ${name} header.`);
      picked[name] = value;
    }
    try {
      return new Webhook(secret).verify(body, picked) as TrackforgeEvent;
    } catch (error) {
      if (error instanceof SWVerificationError) throw new WebhookVerificationError(error.message);
      throw error;
    }
  }
}

function readHeader(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}
