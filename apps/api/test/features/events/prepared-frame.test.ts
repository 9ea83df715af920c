import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import WebSocket, { WebSocketServer } from 'ws';
import { frameTextMessage } from '../../../src/features/events/prepared-frame.js';

describe('frameTextMessage', () => {
  let server: WebSocketServer;
  before(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await once(server, 'listening');
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** What a standard client reads when the server writes these bytes to the connection. */
  async function readThroughClient(bytes: Buffer, count: number): Promise<string[]> {
    server.once('connection', (_socket, request) => request.socket.write(bytes));
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const messages: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on('message', (data, isBinary) => {
        if (isBinary) reject(new Error('binary frame'));
        messages.push(String(data));
        if (messages.length === count) resolve();
      });
      client.once('error', reject);
      client.once('close', () => reject(new Error(`closed after ${messages.length} messages`)));
    });
    client.terminate();
    return messages;
  }

  it('frames a text message with the shortest length field a client accepts', async () => {
    for (const [length, headerBytes] of [
      [0, 2],
      [125, 2],
      [126, 4],
      [65_535, 4],
      [65_536, 10],
      [200_000, 10],
    ] as const) {
      const text = 'x'.repeat(length);
      const frame = frameTextMessage(Buffer.from(text));
      assert.equal(frame.length, headerBytes + length, `header for ${length} bytes`);
      assert.deepEqual(await readThroughClient(frame, 1), [text]);
    }
  });

  it('counts the length in UTF-8 bytes, and frames read back to back stay apart', async () => {
    const texts = ['{"a":"é"}', '🎹'.repeat(100), 'z'];
    const bytes = Buffer.concat(texts.map((text) => frameTextMessage(Buffer.from(text))));
    assert.deepEqual(await readThroughClient(bytes, texts.length), texts);
  });
});
