// A real Varnish (Debian's `varnish` package) in front of an origin on loopback, configured with
// deploy/varnish/default.vcl — the file docker-compose.yml runs — with its backend pointed at the
// origin. TEST_EDGE=on (as .ci/run sets) runs the suites that need it; without it they skip.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const VARNISHD = process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd';
export const VCL_PATH = fileURLToPath(new URL('../../../../../deploy/varnish/default.vcl', import.meta.url));

if (process.env.TEST_EDGE === 'on' && !existsSync(VARNISHD)) {
  throw new Error(`TEST_EDGE=on but there is no varnishd at ${VARNISHD} (apt-get install varnish)`);
}

/** Why the edge suites do not run here, or false when they do. */
export const edgeSkip: string | false =
  process.env.TEST_EDGE === 'on'
    ? false
    : "edge suite off: set TEST_EDGE=on (needs Debian's varnish; .ci/run installs it and sets it)";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request on a fresh connection from `localAddress` (each 127.x address is its own client). */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

export interface Varnish {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts varnishd on `port` with the deploy VCL in front of 127.0.0.1:`originPort`; resolves once it answers. */
export async function startVarnish(port: number, originPort: number): Promise<Varnish> {
  const dir = mkdtempSync(join(tmpdir(), 'tf-varnish-'));
  // Started as root, varnishd reads the VCL and runs its cache as Debian's unprivileged users.
  chmodSync(dir, 0o755);
  const vcl = readFileSync(VCL_PATH, 'utf8')
    .replace(/\.host = "[^"]+";/, '.host = "127.0.0.1";')
    .replace(/\.port = "[^"]+";/, `.port = "${originPort}";`);
  writeFileSync(join(dir, 'default.vcl'), vcl);
  let output = '';
  const child: ChildProcess = spawn(
    VARNISHD,
    [
      '-F',
      '-n',
      join(dir, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      join(dir, 'default.vcl'),
      '-s',
      'malloc,64m',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`varnishd exited (${child.exitCode}): ${output}`);
    const answer = await send(`${url}/healthz`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`varnishd did not answer within 30 s: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    port,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
