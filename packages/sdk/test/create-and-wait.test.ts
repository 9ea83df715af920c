import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WaitTimeoutError, type WebSocketLike } from '../src/index.js';
import { json, mockClient, problem, type RecordedRequest, trackBody } from './helpers/mock-fetch.js';

/** A WebSocket that can never connect, like a proxy that refuses upgrades. */
class RefusedWebSocket implements WebSocketLike {
  readyState = 3;
  private readonly listeners = new Map<string, ((event: never) => void)[]>();
  constructor() {
    queueMicrotask(() => {
      for (const listener of this.listeners.get('error') ?? []) listener({ message: 'refused' } as never);
      for (const listener of this.listeners.get('close') ?? []) listener({ code: 1006, reason: '' } as never);
    });
  }
  send(): void {}
  close(): void {}
  addEventListener(type: string, listener: (event: never) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
}

function routes(statuses: string[]) {
  let reads = 0;
  return async (request: RecordedRequest) => {
    const path = request.url.pathname;
    if (path === '/v1/workspace')
      return json(200, {
        id: 'wsp_1',
        object: 'workspace',
        name: 'w',
        plan: 'studio',
        signing_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      });
    if (path === '/v1/events')
      return json(200, { object: 'list', data: [], has_more: false, next_cursor: null });
    // The subscription asks why its socket failed; the server answers a plain GET like this.
    if (path === '/v1/ws/jobs') return problem(426, 'upgrade_required');
    if (request.method === 'POST') return json(201, trackBody({ status: 'queued' }));
    const status = statuses[Math.min(reads++, statuses.length - 1)];
    return json(200, trackBody({ status, progress: status === 'ready' ? 1 : 0.5 }));
  };
}

describe('tracks.createAndWait', () => {
  it('polls until the track is ready when no WebSocket can be opened', async () => {
    const { client, requests, sleeps } = mockClient([routes(['generating', 'generating', 'ready'])], {
      WebSocket: RefusedWebSocket,
    });
    const track = await client.tracks.createAndWait(
      { prompt: 'p', duration: '5s' },
      { pollIntervalMs: 1500 },
    );
    assert.equal(track.status, 'ready');
    const reads = requests.filter((request) => request.url.pathname === '/v1/tracks/trk_1');
    assert.equal(reads.length, 3);
    assert.deepEqual(sleeps, [1500, 1500, 1500]);
  });

  it('throws WaitTimeoutError with the last state when the track is not done in time', async () => {
    const { client } = mockClient([routes(['generating'])], { WebSocket: RefusedWebSocket });
    const error = await client.tracks
      .createAndWait({ prompt: 'p', duration: '5s' }, { waitTimeoutMs: 0 })
      .catch((e: unknown) => e);
    assert.ok(error instanceof WaitTimeoutError);
    assert.equal((error.track as { status: string }).status, 'queued');
  });

  it('reports every state it sees to onUpdate, from queued to ready', async () => {
    const { client } = mockClient([routes(['generating', 'ready'])], { WebSocket: RefusedWebSocket });
    const seen: string[] = [];
    await client.tracks.createAndWait(
      { prompt: 'p', duration: '5s' },
      { onUpdate: (track) => seen.push(track.status) },
    );
    assert.deepEqual(seen, ['queued', 'generating', 'ready']);
  });
});

describe('tracks.wait', () => {
  it('waits for a track that already exists without creating one', async () => {
    const { client, requests } = mockClient([routes(['generating', 'generating', 'ready'])], {
      WebSocket: RefusedWebSocket,
    });
    const track = await client.tracks.wait('trk_1', { pollIntervalMs: 10 });
    assert.equal(track.status, 'ready');
    assert.equal(requests.filter((request) => request.method === 'POST').length, 0);
  });
});
