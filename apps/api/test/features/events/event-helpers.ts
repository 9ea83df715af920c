// Shared by the events and webhooks suites: append events the way track code does, and a tiny
// WebSocket client that collects frames.
import { once } from 'node:events';
import WebSocket from 'ws';
import { composeEventLog } from '../../../src/compose.js';
import type { EventType } from '../../../src/features/events/event.table.js';
import { transaction } from '../../../src/platform/database/create-database.js';
import type { TestApp } from '../../helpers/app.js';

export function appendTestEvent(
  t: TestApp,
  workspaceId: string,
  type: EventType = 'track.queued',
  track: Record<string, unknown> = { id: 'trk_01JD0000000000000000000000', status: 'queued' },
) {
  return transaction(t.database.db, (tx) =>
    composeEventLog(t.clock).append(tx, { workspaceId, type, data: { track }, createdAt: t.clock.now() }),
  );
}

export interface EventPayload {
  id: string;
  type: string;
  created_at: string;
  data: { track: Record<string, unknown> };
}

export interface Frame {
  type: string;
  [key: string]: unknown;
}

/** A connected client that queues every text frame it receives. */
export class FrameClient {
  readonly frames: Frame[] = [];
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data, isBinary) => {
      // Every frame of the API is a text frame; a binary one shows up as a frame no test expects.
      this.frames.push(isBinary ? { type: 'binary' } : (JSON.parse(String(data)) as Frame));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static async connect(url: string, headers: Record<string, string> = {}): Promise<FrameClient> {
    const socket = new WebSocket(url, { headers });
    const client = new FrameClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('unexpected-response', (_request, response) => {
        reject(
          Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
            statusCode: response.statusCode,
          }),
        );
      });
      socket.once('error', reject);
    });
    return client;
  }

  /** Resolves once at least count frames arrived (fails after timeoutMs). */
  async waitForFrames(count: number, timeoutMs = 5_000): Promise<Frame[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.length < count) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`expected ${count} frames, got ${this.frames.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.frames.slice(0, count);
  }

  events(): Frame[] {
    return this.frames.filter((frame) => frame.type === 'event');
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    this.socket.close();
    await once(this.socket, 'close');
  }
}
