// WebSocket doubles around `ws` for the reconnect tests: every socket is recorded so a test can cut
// one, and a socket opened after `hold()` connects only once the gate opens, so the events of the
// gap are certain to happen while the client is disconnected.
import WebSocket from 'ws';
import type { WebSocketLike } from '../../src/index.js';

export function createGatedWebSocket() {
  const sockets: WebSocket[] = [];
  let gate: Promise<void> = Promise.resolve();
  let opened = 0;

  class GatedWebSocket implements WebSocketLike {
    private real: WebSocket | undefined;
    private readonly listeners: [string, (event: never) => void][] = [];
    private closedEarly = false;

    constructor(url: string, options: WebSocket.ClientOptions) {
      opened += 1;
      void gate.then(() => {
        if (this.closedEarly) return;
        this.real = new WebSocket(url, options);
        sockets.push(this.real);
        for (const [type, listener] of this.listeners)
          this.real.addEventListener(type as 'open', listener as () => void);
      });
    }
    get readyState(): number {
      return this.real?.readyState ?? WebSocket.CONNECTING;
    }
    send(data: string): void {
      this.real?.send(data);
    }
    close(code?: number, reason?: string): void {
      this.closedEarly = true;
      this.real?.close(code, reason);
    }
    addEventListener(type: string, listener: (event: never) => void): void {
      this.listeners.push([type, listener]);
      this.real?.addEventListener(type as 'open', listener as () => void);
    }
  }

  return {
    WebSocket: GatedWebSocket,
    sockets,
    get opened() {
      return opened;
    },
    /** Sockets opened from now on wait until `release` is called. */
    hold(): () => void {
      let release!: () => void;
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}
