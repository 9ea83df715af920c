// One LISTEN per API process: each NOTIFY carries an event id; the hub reads the row and the
// workspace's signing secret in one query, signs and frames the event once, and hands it to that
// workspace's subscribers (WebSocket connections) and to process-wide listeners (the webhook
// dispatcher's wake-up). When the LISTEN
// connection drops (PostgreSQL restarted), notifications are lost until it is back: subscribers are
// told (onGap), their sockets close with 1012, and new sockets are refused until LISTEN is restored,
// so a client resumes by last_event_id from the outbox and misses nothing. Whoever only needs to
// know that something may have changed (Prefer: wait) reads again when the LISTEN is back (onRestored).
import type { DatabaseHandle } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import { signedEventFrame } from './event-signing.js';
import { EVENTS_CHANNEL, findEventWithSigningSecret, type StoredEvent } from './events.repository.js';
import { type PreparedMessage, prepareTextMessage } from './prepared-frame.js';
import type { SigningSecretService } from './signing-secret.service.js';

export interface LiveEvent {
  event: StoredEvent;
  /**
   * The signed frame every socket of the workspace sends, signed, serialised and WebSocket-framed
   * once per event (on first use): doing any of that per socket is where the time went with
   * thousands of sockets (bench/scale).
   */
  message(): PreparedMessage;
}

export type EventHub = ReturnType<typeof createEventHub>;

export function createEventHub(deps: {
  database: DatabaseHandle;
  signingSecrets: SigningSecretService;
  clock: Clock;
  onError?: (error: unknown) => void;
}) {
  const subscribers = new Map<string, Set<(live: LiveEvent) => void>>();
  const gapHandlers = new Map<(live: LiveEvent) => void, () => void>();
  const restoredHandlers = new Set<() => void>();
  let listening = false;
  const listeners = new Set<(eventId: string) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  // Notifications are handled one at a time so subscribers see events in commit order.
  let queue: Promise<void> = Promise.resolve();

  async function handle(eventId: string): Promise<void> {
    for (const listener of [...listeners]) listener(eventId);
    // Worker-heavy processes often have no sockets at all: then there is nothing to read.
    if (subscribers.size === 0) return;
    const row = await findEventWithSigningSecret(deps.database.db, eventId);
    if (!row) return; // deleted in between (retention); nothing to send
    const { secret: storedSecret, ...event } = row;
    const workspaceSubscribers = subscribers.get(event.workspace_id);
    if (!workspaceSubscribers?.size) return;
    // A workspace's first event can come before its secret exists: created on first use.
    const secret = storedSecret ?? (await deps.signingSecrets.getSigningSecret(event.workspace_id));
    let message: PreparedMessage | undefined;
    const live: LiveEvent = {
      event,
      message: () => {
        message ??= prepareTextMessage(signedEventFrame(secret, event, deps.clock.now()));
        return message;
      },
    };
    for (const subscriber of [...workspaceSubscribers]) subscriber(live);
  }

  return {
    async start(): Promise<void> {
      if (unlisten) return;
      unlisten = await deps.database.listen(
        EVENTS_CHANNEL,
        (eventId) => {
          queue = queue.then(() => handle(eventId)).catch((error) => deps.onError?.(error));
        },
        {
          onLost: (error) => {
            listening = false;
            deps.onError?.(error);
            for (const onGap of [...gapHandlers.values()]) onGap();
          },
          onRestored: () => {
            listening = true;
            for (const onRestored of [...restoredHandlers]) onRestored();
          },
        },
      );
      listening = true;
    },

    /** False before start() and while the LISTEN connection is down: live delivery would have gaps. */
    isListening: () => listening,

    async stop(): Promise<void> {
      const stop = unlisten;
      unlisten = undefined;
      listening = false;
      // The database may already be closed (shutdown order); its LISTEN ended with it. PGlite's
      // unlisten throws synchronously then, so .catch() alone would not catch it.
      try {
        await stop?.();
      } catch {}
      await queue;
    },

    /**
     * Calls fn with each committed event of the workspace, and onGap if live events may have been
     * lost (the LISTEN connection dropped); returns the unsubscribe function.
     */
    subscribe(workspaceId: string, fn: (live: LiveEvent) => void, onGap?: () => void): () => void {
      const set = subscribers.get(workspaceId) ?? new Set();
      subscribers.set(workspaceId, set);
      set.add(fn);
      if (onGap) gapHandlers.set(fn, onGap);
      return () => {
        set.delete(fn);
        gapHandlers.delete(fn);
        if (set.size === 0 && subscribers.get(workspaceId) === set) subscribers.delete(workspaceId);
      };
    },

    /**
     * Calls fn each time the LISTEN connection is back after a loss: events committed while it was
     * down were not heard, so what depends on them is read again. Returns the unsubscribe function.
     */
    onRestored(fn: () => void): () => void {
      restoredHandlers.add(fn);
      return () => restoredHandlers.delete(fn);
    },

    /** Calls fn with the id of every committed event of any workspace. */
    onEvent(fn: (eventId: string) => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },

    subscriberCount: () => [...subscribers.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
