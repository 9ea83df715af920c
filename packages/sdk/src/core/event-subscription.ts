// events.subscribe(): the job events of a workspace over WS /v1/ws/jobs, each verified with the
// workspace's signing secret (Standard Webhooks), in order, and lossless across dropped connections:
// on a drop it reconnects with backoff and `last_event_id`, and the server replays what was missed.
// With no starting id it first takes the newest event id as its start, so a drop before the first
// event loses nothing either; an empty workspace is replayed from GET /v1/events instead.
// In a browser the socket carries no header: the session cookie signs it in (the page must be on the
// API's own site, as the studio is), and a refusal is explained by `diagnose`.
import { WebhookVerificationError as SWVerificationError, Webhook } from 'standardwebhooks';
import { makeStatusError, TrackforgeError, WebhookVerificationError } from '../errors.js';
import type { Logger } from '../internal/logger.js';
import { openWebSocket, resolveWebSocket, type WebSocketConstructor } from '../internal/websocket.js';
import type { TrackforgeEvent } from '../types.js';
import { AsyncQueue } from './async-queue.js';
import { sleep } from './retry.js';

export interface SubscribeParams {
  /** Only events of these tracks (filtered by the server and again here). */
  trackIds?: string[];
  /** Start after this event: every later event of the workspace is replayed first. */
  lastEventId?: string;
  /** Closes the subscription. */
  signal?: AbortSignal;
}

export interface SubscriptionDeps {
  socketURL(lastEventId: string | undefined): string;
  headers(): Record<string, string>;
  signingSecret(refresh: boolean): Promise<string>;
  /** The newest event id of the workspace, or undefined when it has none. */
  newestEventId(): Promise<string | undefined>;
  /** Every event of the workspace, oldest first. */
  allEventsOldestFirst(): Promise<TrackforgeEvent[]>;
  WebSocket: WebSocketConstructor | undefined;
  /**
   * Why the socket could not open, asked over plain HTTP: browsers hide the refused upgrade's
   * status, so a GET of the same URL (the server answers 426 when the credential is fine) tells
   * 401/403/400 apart. Resolves undefined when nothing is wrong with the request.
   */
  diagnose?(lastEventId: string | undefined): Promise<unknown>;
  logger: Logger;
  /** Backoff between reconnects: 250 ms doubling to 10 s, jittered. */
  reconnectDelayMs?: (attempt: number) => number;
}

const defaultReconnectDelayMs = (attempt: number) =>
  Math.min(250 * 2 ** attempt, 10_000) * (0.75 + Math.random() * 0.25);

/** An async iterable of verified events; `close()` (or the signal) ends it. */
export class EventSubscription implements AsyncIterable<TrackforgeEvent> {
  /** The id of the last event received, the resume point of a reconnect. */
  lastEventId: string | undefined;
  /** How many times the socket was reopened after a drop. */
  reconnects = 0;
  private readonly queue = new AsyncQueue<TrackforgeEvent>();
  private readonly seen = new Set<string>();
  private readonly trackIds: Set<string> | undefined;
  private socket: { close(code?: number, reason?: string): void } | undefined;
  private closed = false;
  private readonly readyPromise: Promise<void>;

  constructor(
    params: SubscribeParams,
    private readonly deps: SubscriptionDeps,
  ) {
    this.lastEventId = params.lastEventId;
    this.trackIds = params.trackIds?.length ? new Set(params.trackIds) : undefined;
    params.signal?.addEventListener('abort', () => this.close(), { once: true });
    let markReady: () => void = () => {};
    let failReady: (error: unknown) => void = () => {};
    this.readyPromise = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.readyPromise.catch(() => {});
    void this.run(markReady).catch((error) => {
      failReady(error);
      this.queue.fail(error);
    });
  }

  /** Resolves once the first connection is open (the server said hello); rejects if it cannot be. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Ends the subscription and its socket. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.socket?.close(1000, 'closed by client');
    this.queue.end();
  }

  [Symbol.asyncIterator](): AsyncIterator<TrackforgeEvent> {
    return {
      next: () => this.queue.next(),
      return: async () => {
        this.close();
        return { value: undefined, done: true };
      },
    };
  }

  private async run(markReady: () => void): Promise<void> {
    const WebSocket = await resolveWebSocket(this.deps.WebSocket);
    const secret = { value: await this.deps.signingSecret(false) };
    let startedEmpty = false;
    if (this.lastEventId === undefined) {
      this.lastEventId = await this.deps.newestEventId();
      startedEmpty = this.lastEventId === undefined;
    }
    let failures = 0;
    let connectedOnce = false;
    while (!this.closed) {
      if (connectedOnce && this.lastEventId === undefined && startedEmpty) {
        // The workspace had no event when we started, so every event it has now came after: replay them.
        for (const event of await this.deps.allEventsOldestFirst()) this.accept(event.id, event);
      }
      const outcome = await this.connectOnce(WebSocket, secret, () => {
        connectedOnce = true;
        failures = 0;
        markReady();
      });
      if (this.closed) return;
      if (outcome.fatal) throw outcome.fatal;
      if (!connectedOnce) {
        const refusal = await this.deps.diagnose?.(this.lastEventId).catch(() => undefined);
        if (refusal) throw refusal;
        throw new TrackforgeError(`Could not open the event WebSocket: ${outcome.reason}`);
      }
      const waitMs = (this.deps.reconnectDelayMs ?? defaultReconnectDelayMs)(failures++);
      this.deps.logger.info(
        `event socket closed (${outcome.reason}); reconnecting in ${Math.round(waitMs)} ms`,
      );
      await sleep(waitMs);
      this.reconnects += 1;
    }
  }

  /** One socket's life; resolves when it closes, with why. */
  private connectOnce(
    WebSocket: WebSocketConstructor,
    secret: { value: string },
    onHello: () => void,
  ): Promise<{ reason: string; fatal?: unknown }> {
    return new Promise((resolve) => {
      const socket = openWebSocket(WebSocket, this.deps.socketURL(this.lastEventId), this.deps.headers());
      this.socket = socket;
      let fatal: unknown;
      let errorMessage = '';
      // Frames are handled one at a time so a secret refresh cannot reorder events.
      let chain = Promise.resolve();
      socket.addEventListener('message', (event) => {
        chain = chain
          .then(() => this.handleFrame(String(event.data), secret, socket, onHello))
          .catch((error) => {
            fatal = error;
            socket.close(4000, 'verification failed');
          });
      });
      socket.addEventListener('error', (event) => {
        errorMessage = event.message ?? String(event.error ?? 'socket error');
        // `ws` reports a refused upgrade as "Unexpected server response: 401".
        const status = /Unexpected server response: (\d+)/.exec(errorMessage)?.[1];
        if (status && Number(status) >= 400 && Number(status) < 500 && status !== '408' && status !== '429') {
          const detail = `The event WebSocket was refused with ${status}: check the credential, and that last_event_id is an event of this workspace from the last 30 days.`;
          fatal = makeStatusError(Number(status), { detail }, new Headers());
        }
      });
      socket.addEventListener('close', (event) => {
        void chain.then(() => resolve({ reason: errorMessage || `code ${event.code}`, fatal }));
      });
    });
  }

  private async handleFrame(
    text: string,
    secret: { value: string },
    socket: { send(data: string): void },
    onHello: () => void,
  ): Promise<void> {
    const frame = JSON.parse(text) as {
      type: string;
      id: string;
      timestamp: string;
      signature: string;
      payload: string;
    };
    if (frame.type === 'hello') {
      if (this.trackIds) socket.send(JSON.stringify({ type: 'subscribe', track_ids: [...this.trackIds] }));
      onHello();
      return;
    }
    if (frame.type !== 'event') return;
    let event: TrackforgeEvent;
    try {
      event = verifyFrame(frame, secret.value);
    } catch {
      // The secret may have been rotated since we fetched it: fetch it once more before giving up.
      secret.value = await this.deps.signingSecret(true);
      event = verifyFrame(frame, secret.value);
    }
    this.accept(frame.id, event);
  }

  private accept(id: string, event: TrackforgeEvent): void {
    this.lastEventId = id;
    if (this.seen.has(id)) return;
    this.seen.add(id);
    // Events without a track (an endpoint disabled) are not about the tracks asked for.
    if (this.trackIds && !('track' in event.data && this.trackIds.has(event.data.track.id))) return;
    this.queue.push(event);
  }
}

function verifyFrame(
  frame: { id: string; timestamp: string; signature: string; payload: string },
  secret: string,
): TrackforgeEvent {
  try {
    return new Webhook(secret).verify(frame.payload, {
      'webhook-id': frame.id,
      'webhook-timestamp': frame.timestamp,
      'webhook-signature': frame.signature,
    }) as TrackforgeEvent;
  } catch (error) {
    if (error instanceof SWVerificationError)
      throw new WebhookVerificationError(`Event ${frame.id} does not verify: ${error.message}`);
    throw error;
  }
}
