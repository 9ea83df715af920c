// Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
// "{id}.{unix seconds}.{payload}" with a whsec_ secret, so customers verify with stock libraries.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new `whsec_…` secret (32 random bytes, base64, as the Standard Webhooks libraries expect). */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface Signature {
  /** Unix seconds, as a string (the `webhook-timestamp` header and the frame's `timestamp`). */
  timestamp: string;
  /** `v1,<base64>` */
  signature: string;
}

/** Signs payload as message id at the given time. */
export function signPayload(secret: string, id: string, payload: string, at: Date): Signature {
  return {
    timestamp: String(Math.floor(at.getTime() / 1000)),
    signature: new Webhook(secret).sign(id, at, payload),
  };
}

/** The WebSocket frame of one event (API.md "Events"): the payload as stored, signed at `at`. */
export function signedEventFrame(secret: string, event: { id: string; payload: string }, at: Date): string {
  const { timestamp, signature } = signPayload(secret, event.id, event.payload, at);
  // The stored payload is the exact signed JSON: spliced in, never re-serialised.
  return `{"type":"event","id":${JSON.stringify(event.id)},"timestamp":${JSON.stringify(timestamp)},"signature":${JSON.stringify(signature)},"payload":${JSON.stringify(event.payload)}}`;
}
