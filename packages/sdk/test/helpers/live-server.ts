// Starts the real API (`apps/api serve`) as a child process on an ephemeral port with a fresh PGlite
// data directory and the small sound bank, and reads the demo API key its dev seed prints.
// The SDK imports nothing from apps/: the server is only a process here.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface LiveServer {
  baseURL: string;
  apiKey: string;
  stop(): Promise<void>;
}

/** An origin the server allows for browser requests, as a page served from it would send. */
export const STUDIO_TEST_ORIGIN = 'http://studio.test';

export async function startLiveServer(): Promise<LiveServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-sdk-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts', 'serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ENGINE_BANK: 'small',
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      // New accounts start empty, so the tests can reach an empty balance at once.
      CREDITS_SIGNUP: '0',
      // The origin the cookie-session test's "browser" page claims (the WebSocket checks Origin).
      ALLOWED_ORIGINS: STUDIO_TEST_ORIGIN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const { port, apiKey } = await new Promise<{ port: string; apiKey: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the API did not start within 180 s:\n${output}`)),
        180_000,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const port = /running on http:\/\/localhost:(\d+)/.exec(output)?.[1];
        const apiKey = /API key: (\S+)/.exec(output)?.[1];
        if (port && apiKey) {
          clearTimeout(timer);
          resolve({ port, apiKey });
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the API exited with ${code} before it was ready:\n${output}`));
      });
    });
    return { baseURL: `http://127.0.0.1:${port}`, apiKey, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The sign-in token of the newest dev-mailbox mail to `email` (GET /_dev/mail; no SMTP_URL). */
export async function readMagicLinkToken(baseURL: string, email: string): Promise<string> {
  const mails = (await (await fetch(`${baseURL}/_dev/mail`)).json()) as { to: string; text: string }[];
  const mail = mails.find((candidate) => candidate.to === email);
  const token = mail && /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no sign-in mail for ${email}`);
  return decodeURIComponent(token);
}
