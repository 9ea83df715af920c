// One /v1/ws/jobs connection (API.md "Events"): hello, then signed event frames. With a
// last_event_id the client first gets every later event of its workspace, then live ones. To lose
// nothing and repeat nothing across that boundary we subscribe to live events before reading the
// backlog, buffer what arrives meanwhile, and drop buffered or late live events already replayed.
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Clock } from '../../platform/shared/clock.js';
import type { EventHub, LiveEvent } from './event-hub.js';
import { signedEventFrame } from './event-signing.js';
import type { EventsService, StoredEvent } from './events.service.js';
import { preparedMessageSender } from './prepared-frame.js';
import type { SigningSecretService } from './signing-secret.service.js';

const REPLAY_BATCH = 200;
const MAX_SUBSCRIBED_TRACKS = 1000;
/** A client this far behind is dropped; it reconnects with last_event_id and loses nothing. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Open sockets per workspace, so one workspace cannot hold connections without bound. */
export function createOpenSocketCount(maxPerWorkspace: number) {
  const open = new Map<string, number>();
  return {
    maxPerWorkspace,
    isFull: (workspaceId: string) => (open.get(workspaceId) ?? 0) >= maxPerWorkspace,
    /** Takes a slot; false when the workspace already holds the maximum. */
    tryTake(workspaceId: string): boolean {
      const count = open.get(workspaceId) ?? 0;
      if (count >= maxPerWorkspace) return false;
      open.set(workspaceId, count + 1);
      return true;
    },
    release(workspaceId: string): void {
      const count = (open.get(workspaceId) ?? 1) - 1;
      if (count > 0) open.set(workspaceId, count);
      else open.delete(workspaceId);
    },
  };
}
export type OpenSocketCount = ReturnType<typeof createOpenSocketCount>;

export interface JobSocketDeps {
  hub: EventHub;
  openSockets: OpenSocketCount;
  events: EventsService;
  signingSecrets: SigningSecretService;
  clock: Clock;
  pingIntervalMs: number;
  onError?: (error: unknown) => void;
}

export function runJobSocket(
  socket: WebSocket,
  context: {
    workspaceId: string;
    after: StoredEvent | undefined;
    /** The TCP connection the socket was upgraded from: live frames are written to it directly. */
    connection?: Duplex;
  },
  deps: JobSocketDeps,
): void {
  const { workspaceId } = context;
  // The route refuses the upgrade when the workspace is full; this catches upgrades that raced it.
  if (!deps.openSockets.tryTake(workspaceId)) {
    socket.close(
      1008,
      `too many open WebSockets for this workspace (limit ${deps.openSockets.maxPerWorkspace})`,
    );
    return;
  }
  let trackFilter: Set<string> | null = null;
  let replaying = context.after !== undefined;
  const buffered: LiveEvent[] = [];
  const replayed = new Set<string>();
  const open = () => socket.readyState === socket.OPEN;
  const sendPrepared = preparedMessageSender(socket, context.connection);

  const wanted = (event: StoredEvent) =>
    !trackFilter || (event.track_id !== null && trackFilter.has(event.track_id));

  /** Sends one signed frame; resolves once it is handed to the OS (false when it was not sent). */
  function sendEvent(event: StoredEvent, secret: string): Promise<boolean> {
    if (!open() || !wanted(event)) return Promise.resolve(false);
    const frame = signedEventFrame(secret, event, deps.clock.now());
    return new Promise((resolve) => socket.send(frame, (error) => resolve(!error)));
  }

  function sendLive(live: LiveEvent): void {
    if (replayed.delete(live.event.id)) return; // already sent from the backlog
    // Live events cannot wait for a slow reader; past this much unsent data it is cheaper for the
    // client to reconnect with last_event_id (and lose nothing) than for us to buffer without end.
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.close(1013, 'too far behind; reconnect with last_event_id');
      return;
    }
    // The frame is the same for every socket of the workspace: built once, by whichever sends first.
    if (wanted(live.event)) sendPrepared(live.message());
  }

  const unsubscribe = deps.hub.subscribe(
    workspaceId,
    (live) => {
      if (replaying) buffered.push(live);
      else sendLive(live);
    },
    // Live events were lost (database connection dropped): the client replays them on reconnect.
    () => socket.close(1012, 'event feed interrupted; reconnect with last_event_id'),
  );

  async function replay(after: StoredEvent): Promise<void> {
    const secret = await deps.signingSecrets.getSigningSecret(workspaceId);
    let seq = after.seq;
    while (open()) {
      const rows = await deps.events.listEventsAfter(workspaceId, seq, REPLAY_BATCH);
      const sent: Promise<boolean>[] = [];
      for (const row of rows) {
        replayed.add(row.id);
        sent.push(sendEvent(row, secret));
      }
      // The backlog is paced by the reader: the next batch waits until this one is written out.
      await Promise.all(sent);
      if (rows.length < REPLAY_BATCH) break;
      seq = rows.at(-1)!.seq;
    }
    replaying = false;
    for (const live of buffered.splice(0)) sendLive(live);
  }

  // A peer that answers no ping for two whole intervals is gone (half-open TCP): end it so it stops
  // holding memory. Two, not one, because a busy event loop can run this timer before reading a pong.
  let unansweredPings = 0;
  socket.on('pong', () => {
    unansweredPings = 0;
  });
  const pinger = setInterval(() => {
    if (unansweredPings >= 2) {
      socket.terminate();
      return;
    }
    unansweredPings += 1;
    socket.ping();
  }, deps.pingIntervalMs);
  pinger.unref();

  socket.on('message', (data, isBinary) => {
    const error = isBinary ? 'Send text frames.' : applyClientMessage(String(data));
    if (error && open())
      socket.send(JSON.stringify({ type: 'error', code: 'validation_failed', message: error }));
  });

  socket.on('close', () => {
    deps.openSockets.release(workspaceId);
    clearInterval(pinger);
    unsubscribe();
  });

  function applyClientMessage(text: string): string | undefined {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return 'Messages must be JSON, e.g. {"type":"subscribe","track_ids":["trk_…"]}.';
    }
    const { type, track_ids: trackIds } = (message ?? {}) as { type?: unknown; track_ids?: unknown };
    if (type !== 'subscribe') return 'Unknown message type; the only one is "subscribe".';
    if (
      !Array.isArray(trackIds) ||
      trackIds.length > MAX_SUBSCRIBED_TRACKS ||
      !trackIds.every((id) => typeof id === 'string')
    ) {
      return `track_ids must be an array of up to ${MAX_SUBSCRIBED_TRACKS} track ids ([] to receive every track again).`;
    }
    trackFilter = trackIds.length === 0 ? null : new Set(trackIds as string[]);
    return undefined;
  }

  socket.send(JSON.stringify({ type: 'hello', workspace_id: workspaceId }));
  if (context.after) {
    replay(context.after).catch((error) => {
      deps.onError?.(error);
      socket.close(1011, 'replay failed');
    });
  }
}
