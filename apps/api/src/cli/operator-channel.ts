// While `serve` owns the embedded database (database/data-dir-lock.ts), `admin` and `migrate` run
// inside it through this channel instead of opening a second copy: an HTTP listener on 127.0.0.1
// at an ephemeral port, announced in DATA_DIR/operator.json (mode 0600) with a random token that
// every call must present. Reading that file needs the same OS user as the server, which is the
// authentication; the listener never accepts another interface.
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { DataDirLockedError } from '../platform/database/data-dir-lock.js';
import { secretsEqual } from '../platform/shared/secrets.js';
import { openRuntime, type Runtime } from '../runtime.js';

export interface OperatorCommand {
  command: 'admin' | 'migrate';
  args: string[];
}

/** What the CLI prints and its exit code. */
export interface OperatorAnswer {
  exitCode: number;
  stdout: string;
  stderr: string;
}

interface Announcement {
  pid: number;
  port: number;
  token: string;
}

const MAX_BODY_BYTES = 64 * 1024;

function announcementPath(dataDir: string): string {
  return join(resolve(dataDir), 'operator.json');
}

/** Listens on loopback and announces itself in DATA_DIR; close() removes the announcement. */
export async function startOperatorChannel(
  dataDir: string,
  run: (command: OperatorCommand) => Promise<OperatorAnswer>,
): Promise<{ close(): Promise<void> }> {
  const token = randomBytes(32).toString('base64url');
  const expected = `Bearer ${token}`;
  const server = createServer((request, response) => {
    const answer = (status: number, body: OperatorAnswer) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (!secretsEqual(request.headers.authorization ?? '', expected)) {
      answer(401, { exitCode: 1, stdout: '', stderr: 'operator channel: wrong token\n' });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      let command: OperatorCommand;
      try {
        command = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OperatorCommand;
      } catch {
        answer(400, { exitCode: 2, stdout: '', stderr: 'operator channel: send JSON\n' });
        return;
      }
      run(command).then(
        (result) => answer(200, result),
        (error: Error) => answer(500, { exitCode: 1, stdout: '', stderr: `${error.message}\n` }),
      );
    });
  });
  await new Promise<void>((done) => server.listen({ port: 0, host: '127.0.0.1' }, done));
  const { port } = server.address() as AddressInfo;
  const path = announcementPath(dataDir);
  const announcement: Announcement = { pid: process.pid, port, token };
  writeFileSync(path, JSON.stringify(announcement), { mode: 0o600 });
  return {
    async close() {
      try {
        unlinkSync(path);
      } catch {}
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/**
 * Runs the command in the server that owns DATA_DIR (pid ownerPid). Undefined when that server
 * announces no channel (it is still starting, or is a `worker`).
 */
export async function callOperatorChannel(
  dataDir: string,
  ownerPid: number,
  command: OperatorCommand,
): Promise<OperatorAnswer | undefined> {
  let announcement: Announcement;
  try {
    announcement = JSON.parse(readFileSync(announcementPath(dataDir), 'utf8')) as Announcement;
  } catch {
    return undefined;
  }
  if (announcement.pid !== ownerPid) return undefined;
  try {
    const response = await fetch(`http://127.0.0.1:${announcement.port}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${announcement.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command),
    });
    return (await response.json()) as OperatorAnswer;
  } catch {
    return undefined;
  }
}

function print(answer: OperatorAnswer): void {
  process.stdout.write(answer.stdout);
  process.stderr.write(answer.stderr);
  process.exitCode = answer.exitCode;
}

/**
 * Runs an operator command on the database: directly when this process can own it, else through
 * the running server that owns it. When neither works, one line on stderr and exit code 1.
 */
export async function runOnDatabaseOwner(
  config: Config,
  command: OperatorCommand,
  direct: (runtime: Runtime) => Promise<OperatorAnswer>,
): Promise<void> {
  let runtime: Runtime;
  try {
    runtime = await openRuntime(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const answer = await callOperatorChannel(config.DATA_DIR, error.ownerPid, command);
    if (answer) print(answer);
    else {
      process.stderr.write(`trackforge ${command.command}: ${error.message}\n`);
      process.exitCode = 1;
    }
    return;
  }
  try {
    print(await direct(runtime));
  } finally {
    await runtime.database.close();
  }
}
