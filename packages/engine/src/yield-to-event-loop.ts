// Long engine loops (rendering chunks, encoding pieces, worker jobs) pause here so abort signals,
// worker replies and other messages get a turn.

/** Resolves on the next turn of the event loop, without setTimeout's 1 ms clamp. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
