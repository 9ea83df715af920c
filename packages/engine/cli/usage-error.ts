// Bad input from the command line: the CLI prints the message on one line and exits with 2.

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Exit codes, documented in --help. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
