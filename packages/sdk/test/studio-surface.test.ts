// The calls the studio makes beyond the basics: endpoint updates, reading one key, one track's
// events, and a refused event socket explained the way a browser needs it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AuthenticationError, TrackforgeError, type WebSocketLike } from '../src/index.js';
import { json, mockClient, problem, type RecordedRequest } from './helpers/mock-fetch.js';

const ENDPOINT = {
  id: 'whe_01JD0000000000000000000000',
  object: 'webhook_endpoint',
  url: 'https://example.com/hook',
  description: 'Production receiver',
  event_types: [],
  secret: 'whsec_x',
  status: 'enabled',
  disabled_reason: null,
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('studio calls', () => {
  it('webhookEndpoints.update sends PATCH with only the given fields', async () => {
    const { client, requests } = mockClient([json(200, ENDPOINT)]);
    const endpoint = await client.webhookEndpoints.update(ENDPOINT.id, { enabled: true, description: null });
    assert.equal(endpoint.status, 'enabled');
    assert.equal(requests[0]!.method, 'PATCH');
    assert.equal(requests[0]!.url.pathname, `/v1/webhook-endpoints/${ENDPOINT.id}`);
    assert.deepEqual(requests[0]!.body, { enabled: true, description: null });
    assert.equal(requests[0]!.headers.get('idempotency-key'), null, 'PATCH is naturally idempotent');
  });

  it('apiKeys.retrieve reads one key and events.list narrows to a track', async () => {
    const key = { id: 'key_1', object: 'api_key', name: 'ci' };
    const { client, requests } = mockClient([
      json(200, key),
      json(200, { object: 'list', data: [], has_more: false, next_cursor: null }),
    ]);
    assert.deepEqual(await client.apiKeys.retrieve('key_1'), key);
    await client.events.list({ track_id: 'trk_01JD0000000000000000000000', limit: 5 });
    assert.equal(requests[0]!.url.pathname, '/v1/api-keys/key_1');
    assert.equal(requests[1]!.url.searchParams.get('track_id'), 'trk_01JD0000000000000000000000');
  });
});

/** A socket refused the way browsers report it: an error without a message, then close 1006. */
class RefusedWebSocket implements WebSocketLike {
  readyState = 3;
  private readonly listeners = new Map<string, ((event: never) => void)[]>();
  constructor() {
    setImmediate(() => {
      for (const listener of this.listeners.get('error') ?? []) listener({} as never);
      for (const listener of this.listeners.get('close') ?? []) listener({ code: 1006, reason: '' } as never);
    });
  }
  send(): void {}
  close(): void {}
  addEventListener(type: string, listener: (event: never) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
}

function api(socketAnswer: () => Response) {
  return async (request: RecordedRequest) => {
    if (request.url.pathname === '/v1/workspace')
      return json(200, {
        id: 'wsp_1',
        object: 'workspace',
        signing_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      });
    if (request.url.pathname === '/v1/ws/jobs') return socketAnswer();
    return json(200, { object: 'list', data: [{ id: 'evt_0' }], has_more: false, next_cursor: null });
  };
}

describe('events.subscribe when the socket is refused without a status', () => {
  it('asks the same URL over HTTP and raises the problem it answers (401 → AuthenticationError)', async () => {
    const { client, requests } = mockClient([api(() => problem(401, 'unauthenticated'))], {
      apiKey: '',
      WebSocket: RefusedWebSocket,
    });
    const subscription = client.events.subscribe();
    await assert.rejects(subscription.ready(), AuthenticationError);
    const asked = requests.find((request) => request.url.pathname === '/v1/ws/jobs');
    assert.equal(asked?.url.searchParams.get('last_event_id'), 'evt_0');
    assert.equal(asked?.headers.get('authorization'), null, 'a cookie session sends no Authorization');
  });

  it('keeps the socket error when HTTP says the request itself is fine (426)', async () => {
    const { client } = mockClient([api(() => problem(426, 'upgrade_required'))], {
      apiKey: '',
      WebSocket: RefusedWebSocket,
    });
    const failure = await client.events
      .subscribe()
      .ready()
      .catch((error: unknown) => error);
    assert.ok(failure instanceof TrackforgeError);
    assert.ok(!(failure instanceof AuthenticationError));
    assert.match(String((failure as Error).message), /Could not open the event WebSocket/);
  });
});
