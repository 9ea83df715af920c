// @trackforge/sdk: the typed client for the Trackforge API. See README.md for the quick start.
export { type ClientOptions, Trackforge, Trackforge as default } from './client.js';
export type { RequestOptions } from './core/api-client.js';
export { APIPromise, type RateLimit, type RawResponse } from './core/api-promise.js';
export { BinaryResponse } from './core/binary.js';
export { EventSubscription, type SubscribeParams } from './core/event-subscription.js';
export { Page, PagePromise } from './core/pagination.js';
export * from './errors.js';
export type { Logger, LogLevel } from './internal/logger.js';
export type { WebSocketConstructor, WebSocketLike } from './internal/websocket.js';
export type { CreateOptions, DownloadFormat, LyricsFormat, WaitOptions } from './lib/tracks.js';
export type { HeaderSource } from './lib/webhooks.js';
export type * from './types.js';
export { API_VERSION, SDK_VERSION } from './version.js';
