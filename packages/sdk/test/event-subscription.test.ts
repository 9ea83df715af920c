import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { type TrackforgeEvent, WebhookVerificationError, type WebSocketLike } from '../src/index.js';
import { json, mockClient, type RecordedRequest, trackBody } from './helpers/mock-fetch.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function frame(id: string, trackId: string, { tamper = false } = {}) {
  const payload = JSON.stringify({
    id,
    type: 'track.generating',
    created_at: '',
    data: { track: trackBody({ id: trackId }) },
  });
  const at = new Date();
  const signature = new Webhook(SECRET).sign(id, at, payload);
  return JSON.stringify({
    type: 'event',
    id,
    timestamp: String(Math.floor(at.getTime() / 1000)),
    signature,
    payload: tamper ? payload.replace('generating', 'ready') : payload,
  });
}

/** A socket that plays hello and the given frames, then stays open; records what the client sends and the URL. */
function scriptedWebSocket(frames: string[], opened: { url: string; sent: string[] }[]) {
  return class ScriptedWebSocket implements WebSocketLike {
    readyState = 1;
    private readonly listeners = new Map<string, ((event: never) => void)[]>();
    constructor(url: string) {
      const record = { url, sent: [] as string[] };
      opened.push(record);
      this.send = (data: string) => record.sent.push(data);
      setImmediate(() => {
        for (const data of [JSON.stringify({ type: 'hello', workspace_id: 'wsp_1' }), ...frames]) {
          for (const listener of this.listeners.get('message') ?? []) listener({ data } as never);
        }
      });
    }
    send(_data: string): void {}
    close(): void {
      for (const listener of this.listeners.get('close') ?? []) listener({ code: 1000, reason: '' } as never);
    }
    addEventListener(type: string, listener: (event: never) => void): void {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
  };
}

const api = async (request: RecordedRequest) =>
  request.url.pathname === '/v1/workspace'
    ? json(200, { id: 'wsp_1', object: 'workspace', name: 'w', plan: 'studio', signing_secret: SECRET })
    : json(200, { object: 'list', data: [{ id: 'evt_0' }], has_more: false, next_cursor: null });

describe('events.subscribe', () => {
  it('yields verified events of the asked tracks, resuming after the newest event at the start', async () => {
    const opened: { url: string; sent: string[] }[] = [];
    const WebSocket = scriptedWebSocket([frame('evt_1', 'trk_other'), frame('evt_2', 'trk_1')], opened);
    const { client } = mockClient([api], { WebSocket });
    const received: TrackforgeEvent[] = [];
    for await (const event of client.events.subscribe({ trackIds: ['trk_1'] })) {
      received.push(event);
      break;
    }
    assert.deepEqual(
      received.map((event) => event.id),
      ['evt_2'],
    );
    assert.equal(opened[0]!.url, 'ws://api.test/v1/ws/jobs?last_event_id=evt_0');
    assert.deepEqual(JSON.parse(opened[0]!.sent[0]!), { type: 'subscribe', track_ids: ['trk_1'] });
  });

  it('ends with WebhookVerificationError on a frame whose payload was altered, even after refetching the secret', async () => {
    const opened: { url: string; sent: string[] }[] = [];
    const WebSocket = scriptedWebSocket([frame('evt_1', 'trk_1', { tamper: true })], opened);
    const { client, requests } = mockClient([api], { WebSocket });
    const subscription = client.events.subscribe({ lastEventId: 'evt_0' });
    await assert.rejects(async () => {
      for await (const _event of subscription) assert.fail('a tampered event was yielded');
    }, WebhookVerificationError);
    assert.equal(requests.filter((request) => request.url.pathname === '/v1/workspace').length, 2);
  });
});
