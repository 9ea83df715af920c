// Waiting for something a test cannot be told about directly (another process, a server, a
// database row): poll `read` until it returns a value, with a deadline, instead of sleeping a
// fixed time and hoping. A read that throws (a node not listening yet) counts as "not yet".

/** Resolves with the first value `read` returns other than undefined; throws after timeoutMs. */
export async function until<T>(
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
  what: string,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    const value = await Promise.resolve()
      .then(read)
      .catch((error: unknown) => {
        lastError = error;
        return undefined;
      });
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const cause =
        lastError === undefined ? '' : ` (last error: ${(lastError as Error).message ?? lastError})`;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${cause}`);
    }
    // The poll's pace, not a wait for anything.
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
