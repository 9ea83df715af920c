import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { Trackforge, WebhookVerificationError } from '../src/index.js';
import { trackBody } from './helpers/mock-fetch.js';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const client = new Trackforge({ apiKey: 'unused', fetch: async () => new Response() });

function signed(body: string, at: Date, id = 'evt_1') {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

const body = JSON.stringify({
  id: 'evt_1',
  type: 'track.ready',
  created_at: '',
  data: { track: trackBody({ status: 'ready' }) },
});

describe('webhooks.unwrap', () => {
  it('returns the typed event of a genuine delivery, from a plain header object or Headers', () => {
    const headers = signed(body, new Date());
    const event = client.webhooks.unwrap(body, headers, secret);
    assert.equal(event.type, 'track.ready');
    assert.ok('track' in event.data);
    assert.equal(event.data.track.status, 'ready');
    const fromHeaders = client.webhooks.unwrap(new TextEncoder().encode(body), new Headers(headers), secret);
    assert.equal(fromHeaders.id, 'evt_1');
  });

  it('rejects a tampered body', () => {
    const headers = signed(body, new Date());
    assert.throws(
      () => client.webhooks.unwrap(body.replace('ready', 'failed'), headers, secret),
      WebhookVerificationError,
    );
  });

  it('rejects a payload signed more than five minutes ago (a replay)', () => {
    const headers = signed(body, new Date(Date.now() - 10 * 60_000));
    assert.throws(() => client.webhooks.unwrap(body, headers, secret), /timestamp too old/i);
  });

  it('rejects another secret and missing headers', () => {
    const other = `whsec_${randomBytes(32).toString('base64')}`;
    assert.throws(
      () => client.webhooks.unwrap(body, signed(body, new Date()), other),
      WebhookVerificationError,
    );
    assert.throws(() => client.webhooks.unwrap(body, {}, secret), /Missing the webhook-id header/);
  });
});
