// Starts stripe-mock (installed by scripts/install-stripe-mock.sh) on a free loopback port for
// one suite. findStripeMock() is undefined when the binary is missing, so the suite can skip.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const repoRoot = new URL('../../../../../', import.meta.url).pathname;

export function findStripeMock(): string | undefined {
  const candidates = [
    process.env.STRIPE_MOCK_BIN,
    join(repoRoot, '.tools/bin/stripe-mock'),
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'stripe-mock')),
  ];
  return candidates.find((path): path is string => !!path && existsSync(path));
}

export interface RunningStripeMock {
  url: string;
  stop(): Promise<void>;
}

export async function startStripeMock(binary: string): Promise<RunningStripeMock> {
  // Both listeners on loopback with system-chosen ports (HTTPS would otherwise take :12112).
  const child: ChildProcess = spawn(binary, ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`stripe-mock did not start: ${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening for HTTP at address: (\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited with ${code}: ${output}`)));
  });
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
