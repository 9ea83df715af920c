// Finds a WebSocket implementation: the one passed in, else `ws` in Node (Node 20 has no global
// WebSocket; `ws` is an optional dependency), else the global one (browsers, Node ≥ 22, Deno, Bun).
// Browsers cannot set headers on a WebSocket, so they authenticate with the session cookie.
import { TrackforgeError } from '../errors.js';
import { isServerRuntime } from './env.js';

/** The part of the WHATWG WebSocket this SDK uses; `ws` and every browser provide it. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'close', listener: (event: { code: number; reason: string }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string; error?: unknown }) => void): void;
}

/** A WebSocket class: `ws`'s, the global one, or a test double. Called as `new WebSocket(url, { headers })` on servers. */
// biome-ignore lint/suspicious/noExplicitAny: constructors of different libraries take different option types.
export type WebSocketConstructor = new (url: string, options?: any) => WebSocketLike;

let wsModule: Promise<WebSocketConstructor | undefined> | undefined;

/** Resolves the WebSocket class to use, loading `ws` at most once. */
export async function resolveWebSocket(injected?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (injected) return injected;
  if (isServerRuntime()) {
    wsModule ??= import('ws').then(
      (module) => (module.default ?? module.WebSocket) as unknown as WebSocketConstructor,
      () => undefined,
    );
    const fromWs = await wsModule;
    if (fromWs) return fromWs;
  }
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (global) return global;
  throw new TrackforgeError(
    'No WebSocket implementation: on Node 20 install the `ws` package (npm install ws), or pass `WebSocket` in the client options.',
  );
}

/** Opens a socket, sending headers where the runtime allows it. */
export function openWebSocket(
  WebSocket: WebSocketConstructor,
  url: string,
  headers: Record<string, string>,
): WebSocketLike {
  return isServerRuntime() ? new WebSocket(url, { headers }) : new WebSocket(url);
}
