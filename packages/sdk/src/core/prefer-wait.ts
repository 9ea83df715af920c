// `Prefer: wait=N` on the POSTs that queue a track: the server holds the answer until the track is
// ready or failed, or N seconds pass.
import type { RequestOptions } from './api-client.js';

export interface CreateOptions extends RequestOptions {
  /** Hold the answer until the track is ready or failed, or this many seconds (≤ 60) pass (`Prefer: wait=N`). */
  waitSeconds?: number;
}

/** The request options with the Prefer header, and a timeout that outlasts the wait. */
export function heldOptions(options: CreateOptions, defaultTimeoutMs: number): RequestOptions {
  const { waitSeconds, ...rest } = options;
  if (waitSeconds === undefined) return rest;
  return {
    ...rest,
    headers: { prefer: `wait=${waitSeconds}`, ...rest.headers },
    timeout: Math.max(rest.timeout ?? defaultTimeoutMs, (waitSeconds + 15) * 1000),
  };
}
