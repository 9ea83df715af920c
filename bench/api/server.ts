// Starts the API as `npm start` does (the build in apps/api/dist/, rebuilt first when a source is
// newer: scripts/build-api.mjs --if-stale; then `node apps/api/dist/main.js serve`) in a child
// process, on PGlite under a temporary DATA_DIR or on the PostgreSQL given, and reads its memory
// from /proc. The demo account it seeds on an empty database gives the bench its API key.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const MAIN = join(ROOT, 'apps/api/dist/main.js');
let built = false;

/** What `npm start` runs before the server: a build of the API when a source changed since the last. */
function buildOnce(): void {
  if (built) return;
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts/build-api.mjs'), '--if-stale'], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build-api failed: ${run.stderr}${run.stdout}`);
  built = true;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  workers: number;
  port: number;
}

export interface RunningServer {
  url: string;
  apiKey: string | undefined;
  pid: number;
  stop(): Promise<void>;
}

function envOf(options: ServerOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    WORKERS: String(options.workers),
    ENGINE_BANK: 'full',
    // as `npm start` and the image run it (docs/DEPLOY.md "Memory")
    MALLOC_MMAP_THRESHOLD_: '131072',
    // The load runs send thousands of requests a second with one key: the per-key limit would
    // answer most of them 429 and the bench would time the limiter, not the route.
    RATE_LIMIT_STUDIO: '100000000',
    RATE_LIMIT_ENTERPRISE: '100000000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
}

/** Starts `serve` and resolves once it listens; apiKey is set when the demo account was just made. */
export function startServer(options: ServerOptions): Promise<RunningServer> {
  buildOnce();
  const child: ChildProcess = spawn(process.execPath, [MAIN, 'serve'], {
    env: envOf(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const running = /Trackforge is running on (http:\/\/localhost:\d+)/.exec(output);
      if (!running) return;
      // the banner's key line follows the URL line in the same write
      setTimeout(() => {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        const key = /API key: (\S+)/.exec(output)?.[1];
        resolve({
          url: (running[1] as string).replace('localhost', '127.0.0.1'),
          apiKey: key,
          pid: child.pid as number,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }, 200);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (data: Buffer) => {
      output += data.toString();
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

/** Gives the demo account enough credits for a create-track load test (the server must be stopped on PGlite). */
export function grantCredits(options: ServerOptions, credits: number): void {
  buildOnce();
  const run = spawnSync(
    process.execPath,
    [MAIN, 'admin', 'grant', 'demo@trackforge.local', '--credits', String(credits)],
    { env: envOf(options), encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(`admin grant failed: ${run.stderr}${run.stdout}`);
}

/** Resident set size of a process in bytes (VmRSS), counting all its threads. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Samples a process's RSS every intervalMs until stopped; returns the peak. */
export function watchPeakRss(pid: number, intervalMs = 50) {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssBytes(pid));
    } catch {
      // the process ended
    }
  }, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Waits until the process's RSS settles (after start, the collector and lazy loads move it). */
export async function settledRss(pid: number, waitMs = 3000): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return rssBytes(pid);
}
