// The multi-node topology on loopback, built from real parts: a PostgreSQL server of our own (the
// machine's Debian binaries, so it can be restarted mid-test), moto's S3-compatible server (PyPI,
// scripts/install-moto.sh) behind a TCP relay that can be cut to make the store unreachable, API
// nodes (`serve`, WORKERS=0) and generation workers (`worker`), each a process on its own port.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import WebSocket from 'ws';
import { composeServices } from '../../src/compose.js';
import { createDatabase, type DatabaseHandle } from '../../src/platform/database/create-database.js';
import { migrateToLatest } from '../../src/platform/database/migrate.js';
import { testConfig } from '../helpers/app.js';
import { MAIN_PATH } from '../helpers/serve-process.js';
import { until } from '../helpers/until.js';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MOTO_SERVER = join(REPO_ROOT, '.tools/moto/bin/moto_server');
const JWT_SECRET = 'multinode-secret-multinode-secret-0123456789';
const BUCKET = 'trackforge-multinode';

/** Why the suite does not run here, or false when it does (MULTINODE=on, as .ci/run sets). */
export const multinodeSkip: string | false =
  process.env.MULTINODE === 'on'
    ? false
    : 'multi-node suite off: set MULTINODE=on (needs Debian PostgreSQL and scripts/install-moto.sh; .ci/run does both)';

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

// --- PostgreSQL ---------------------------------------------------------------------------------

function postgresBinDir(): string {
  if (process.env.MULTINODE_PG_BIN) return process.env.MULTINODE_PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const newest = versions.at(-1);
  if (!newest)
    throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, newest, 'bin');
}

/** PostgreSQL refuses to run as root; as root we run its tools as the `postgres` user. */
function asPostgresUser(binary: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, args];
  execFileSync(command, commandArgs, { stdio: 'pipe' });
}

export interface PostgresServer {
  url: string;
  adminUrl: string;
  stop(): void;
  start(): void;
  /** A fast restart: every connection is dropped, the data stays. */
  restart(): void;
  remove(): void;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'tf-multinode-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  asPostgresUser(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const ctl = (...args: string[]) => asPostgresUser(join(bin, 'pg_ctl'), ['-D', data, '-w', ...args]);
  const server: PostgresServer = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    url: `postgres://postgres@127.0.0.1:${port}/trackforge`,
    start: () => ctl('-o', options, '-l', join(dir, 'log'), 'start'),
    stop: () => ctl('-m', 'fast', 'stop'),
    restart: () => ctl('-m', 'fast', '-o', options, '-l', join(dir, 'log'), 'restart'),
    remove() {
      try {
        server.stop();
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  await client.query('CREATE DATABASE trackforge');
  await client.end();
  return server;
}

// --- S3 (moto) behind a relay that can be cut ------------------------------------------------------

export interface S3Server {
  /** The address the nodes use (the relay). */
  endpoint: string;
  bucket: string;
  /** Refuse and cut every connection (the store is unreachable) or pass them through again. */
  setReachable(reachable: boolean): void;
  close(): Promise<void>;
}

export async function startS3(): Promise<S3Server> {
  if (!existsSync(MOTO_SERVER)) {
    throw new Error(`${MOTO_SERVER} is missing: run scripts/install-moto.sh`);
  }
  const motoPort = await freePort();
  const moto = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', String(motoPort)], { stdio: 'ignore' });
  const motoUrl = `http://127.0.0.1:${motoPort}`;
  await until(async () => ((await fetch(`${motoUrl}/`)).ok ? true : undefined), 30_000, 'moto to answer');
  const admin = new S3Client({
    region: 'us-east-1',
    endpoint: motoUrl,
    forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  await admin.send(new CreateBucketCommand({ Bucket: BUCKET }));
  admin.destroy();

  let reachable = true;
  const open = new Set<Socket>();
  const relay: Server = createServer((inbound) => {
    if (!reachable) return void inbound.destroy();
    const outbound = tcpConnect(motoPort, '127.0.0.1');
    open.add(inbound);
    open.add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    inbound.on('error', end).on('close', end);
    outbound.on('error', end).on('close', end);
  });
  const relayPort = await new Promise<number>((resolve) =>
    relay.listen(0, '127.0.0.1', () => resolve((relay.address() as { port: number }).port)),
  );
  return {
    endpoint: `http://127.0.0.1:${relayPort}`,
    bucket: BUCKET,
    setReachable(value) {
      reachable = value;
      if (!value) for (const socket of open) socket.destroy();
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
      moto.kill('SIGTERM');
    },
  };
}

// --- Trackforge processes -------------------------------------------------------------------------

export interface NodeProcess {
  kind: 'api' | 'worker';
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

export interface Cluster {
  postgres: PostgresServer;
  s3: S3Server;
  database: DatabaseHandle;
  nodes: NodeProcess[];
  startApi(port?: number): Promise<NodeProcess>;
  startWorker(): NodeProcess;
  /** A studio workspace with credits and an API key, made through the real services. */
  createWorkspace(credits: number): Promise<{ workspaceId: string; apiKey: string }>;
  close(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const postgres = await startPostgres();
  const s3 = await startS3();
  const database = await createDatabase({ kind: 'postgres', url: postgres.url, poolSize: 5 });
  await migrateToLatest(database.db);
  const nodes: NodeProcess[] = [];
  const baseEnv = (dataDir: string): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    STORAGE_URL: `s3://${s3.bucket}/files`,
    S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_REGION: 'us-east-1',
    AWS_MAX_ATTEMPTS: '2',
    JWT_SECRET,
    ALLOW_PRIVATE_WEBHOOKS: 'true',
    ENGINE_BANK: 'small',
    JOB_LEASE_SECONDS: '3',
    WORKER_DRAIN_SECONDS: '0',
    LOG_LEVEL: 'warn',
  });

  function spawnNode(kind: 'api' | 'worker', env: NodeJS.ProcessEnv, port: number): NodeProcess {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', MAIN_PATH, kind === 'api' ? 'serve' : 'worker'],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    const node: NodeProcess = {
      kind,
      port,
      url: `http://127.0.0.1:${port}`,
      child,
      output: () => output,
      exited: new Promise((resolve) => child.on('exit', resolve)),
    };
    nodes.push(node);
    return node;
  }

  return {
    postgres,
    s3,
    database,
    nodes,
    async startApi(port) {
      const chosen = port ?? (await freePort());
      const dataDir = mkdtempSync(join(tmpdir(), 'tf-multinode-api-'));
      const node = spawnNode(
        'api',
        {
          ...baseEnv(dataDir),
          PORT: String(chosen),
          WORKERS: '0',
          PUBLIC_URL: `http://127.0.0.1:${chosen}`,
        },
        chosen,
      );
      await until(
        async () => {
          if (node.child.exitCode !== null) throw new Error(`API node exited: ${node.output()}`);
          return (await fetch(`${node.url}/readyz`)).ok ? true : undefined;
        },
        120_000,
        `the API node on ${chosen} to be ready`,
        200,
      ).catch((error) => {
        throw new Error(`${(error as Error).message}\n${node.output()}`);
      });
      return node;
    },
    startWorker() {
      const dataDir = mkdtempSync(join(tmpdir(), 'tf-multinode-worker-'));
      return spawnNode('worker', { ...baseEnv(dataDir), WORKERS: '1' }, 0);
    },
    async createWorkspace(credits) {
      // Through the composition root's services on the cluster's database; nothing is started.
      const services = await composeServices(testConfig(), { db: database });
      try {
        const { accounts, apiKeys } = services.auth;
        const email = `multinode-${randomBytes(4).toString('hex')}@example.com`;
        const { user, workspace } = await accounts.findOrCreateUser(email, { name: 'Multi Node' });
        await accounts.setWorkspacePlan(workspace.id, 'studio');
        await services.credits.grantCredits({
          workspaceId: workspace.id,
          amount: credits,
          kind: 'grant',
          sourceKey: `multinode:${workspace.id}`,
        });
        const { secret } = await apiKeys.createApiKey(
          { workspaceId: workspace.id, plan: 'studio', userId: user.id },
          { name: 'multinode' },
        );
        return { workspaceId: workspace.id, apiKey: secret };
      } finally {
        await services.stop();
      }
    },
    async close() {
      for (const node of nodes) if (node.child.exitCode === null) node.child.kill('SIGKILL');
      await Promise.all(nodes.map((node) => node.exited));
      await database.close().catch(() => {});
      await s3.close();
      postgres.remove();
    },
  };
}

// --- A client that resumes -------------------------------------------------------------------------

/**
 * A WebSocket client as the SDKs behave: on any close it reconnects (to the next node in its list)
 * with last_event_id, and keeps every event id it received, in order, with duplicates counted.
 */
export class ResumingClient {
  readonly received: string[] = [];
  duplicates = 0;
  reconnects = 0;
  closeCodes: number[] = [];
  private lastEventId: string | undefined;
  private socket: WebSocket | undefined;
  private stopped = false;
  private next = 0;
  private seen = new Set<string>();
  private waiters: (() => void)[] = [];

  constructor(
    private readonly urls: () => string[],
    private readonly apiKey: string,
    /** Resume after this event, as a client that was already following does. */
    startAfter?: string,
  ) {
    this.lastEventId = startAfter;
  }

  /** Resolves once the first hello arrives. */
  start(): Promise<void> {
    return new Promise((resolve) => this.connect(resolve));
  }

  private connect(onHello?: () => void): void {
    if (this.stopped) return;
    const urls = this.urls();
    const base = urls[this.next++ % urls.length]!.replace(/^http/, 'ws');
    const query = this.lastEventId ? `?last_event_id=${this.lastEventId}` : '';
    const socket = new WebSocket(`${base}/v1/ws/jobs${query}`, {
      headers: { authorization: `Bearer ${this.apiKey}` },
    });
    this.socket = socket;
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: string };
      if (frame.type === 'hello') onHello?.();
      if (frame.type !== 'event' || !frame.id) return;
      if (this.seen.has(frame.id)) this.duplicates += 1;
      else {
        this.seen.add(frame.id);
        this.received.push(frame.id);
      }
      this.lastEventId = frame.id;
      for (const wake of this.waiters.splice(0)) wake();
    });
    socket.on('error', () => {});
    socket.on('unexpected-response', (_request, response) => {
      response.resume();
      socket.terminate();
    });
    socket.on('close', (code) => {
      this.closeCodes.push(code);
      if (this.stopped) return;
      this.reconnects += 1;
      setTimeout(() => this.connect(onHello), 200);
    });
  }

  has(id: string): boolean {
    return this.seen.has(id);
  }

  async waitFor(ids: string[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ids.every((id) => this.seen.has(id))) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        const missing = ids.filter((id) => !this.seen.has(id));
        throw new Error(`missing ${missing.length} of ${ids.length} events after ${timeoutMs} ms`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(remaining, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  stop(): void {
    this.stopped = true;
    this.socket?.terminate();
  }
}

/** Every event id of the workspace, oldest first, read through GET /v1/events on a node. */
export async function allEventIds(nodeUrl: string, apiKey: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `?limit=100&starting_after=${cursor}` : '?limit=100';
    const response = await fetch(`${nodeUrl}/v1/events${query}`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    if (!response.ok) throw new Error(`GET /v1/events: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { data: { id: string }[]; next_cursor: string | null };
    ids.push(...page.data.map((event) => event.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids.reverse();
}

export function ensureDir(path: string): string {
  mkdirSync(path, { recursive: true });
  return path;
}
