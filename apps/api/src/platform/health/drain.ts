// Draining: the state an API node enters on SIGTERM, before it stops listening. /readyz answers
// 503 from then on, so a load balancer takes the node out of rotation while it still serves what it
// is sent; WebSocket clients are then told to reconnect elsewhere (close code 1012) and resume by
// last_event_id, which loses nothing because every event is in the outbox.
import type { WebSocket } from 'ws';

export interface Drain {
  readonly draining: boolean;
  begin(): void;
}

export function createDrain(): Drain {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    begin() {
      draining = true;
    },
  };
}

/** RFC 6455 "Service Restart": the client should reconnect (to any node) after a short wait. */
export const RESTART_CLOSE_CODE = 1012;
export const RESTART_CLOSE_REASON = 'server restarting; reconnect with last_event_id';

/**
 * The WebSocket plugin's preClose: every open socket is closed with 1012 (instead of the plugin's
 * bare close), so clients know to come back with last_event_id rather than treat it as the end.
 */
export function closeSocketsForRestart(
  this: { websocketServer: { clients: Set<WebSocket> } },
  done: () => void,
): void {
  for (const client of this.websocketServer.clients) client.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
  done();
}
