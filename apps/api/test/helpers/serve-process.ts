// What the tests that run `main.ts` as a real process share: the entry's path, the environment of
// a `serve` on PGlite in a temporary DATA_DIR, and the port its banner announces.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAIN_PATH = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** Embedded PGlite under dataDir, an ephemeral loopback port, no generation workers, quiet logs. */
export function serveEnv(dataDir: string, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WORKERS: '0',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...overrides,
  };
}

/**
 * Resolves with the port `serve` announces ("running on http://localhost:N") once `until` also
 * holds for what it printed so far; rejects when the process exits first. `output()` keeps
 * collecting stdout and stderr after that.
 */
export async function waitForServePort(
  child: ChildProcess,
  until: (output: string) => boolean = () => true,
): Promise<{ port: number; output: () => string }> {
  let output = '';
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = /running on http:\/\/localhost:(\d+)/.exec(output);
      if (match && until(output)) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited early (${code}): ${output}`)));
  });
  return { port, output: () => output };
}
