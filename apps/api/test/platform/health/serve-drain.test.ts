// An API node as an operator runs it, stopped with SIGTERM the way an orchestrator does: /readyz
// turns 503 at once while the node still serves, a request already in flight is answered in full,
// connected WebSockets are closed with 1012 (reconnect and resume by last_event_id), new
// connections are refused once the drain delay is over, and the process exits 0.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import WebSocket from 'ws';
import { MAIN_PATH, serveEnv, waitForServePort } from '../../helpers/serve-process.js';

const DRAIN_DELAY_MS = 1_500;

describe('an API node draining on SIGTERM', () => {
  let child: ChildProcess | undefined;
  after(() => {
    if (child?.exitCode === null) child.kill('SIGKILL');
  });

  it('answers /readyz 503 while draining, finishes the request in flight, closes sockets with 1012 and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-drain-'));
    child = spawn(process.execPath, ['--import', 'tsx', MAIN_PATH, 'serve'], {
      env: serveEnv(dataDir, { DRAIN_DELAY_MS: String(DRAIN_DELAY_MS), LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', resolve));
    const { port, output } = await waitForServePort(child, (text) => /API key: tf_live_\S+/.test(text));
    const apiKey = /API key: (tf_live_\S+)/.exec(output())![1]!;
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/readyz`)).status, 200);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/ws/jobs`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    await new Promise((resolve, reject) => {
      socket.once('message', resolve);
      socket.once('error', reject);
    });

    // A request in flight: headers and half its body sent before SIGTERM, the rest after.
    const body = JSON.stringify({ prompt: 'a calm piano loop', duration: 'short' });
    const inFlight = request(`${base}/v1/tracks`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      inFlight.on('error', reject);
    });
    // Sent means handed to the kernel on a connected socket: the node reads it while it drains.
    await new Promise<void>((resolve, reject) =>
      inFlight.write(body.slice(0, 10), (error) => (error ? reject(error) : resolve())),
    );

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // During the drain delay the node still listens: the probe says 503, naming the drain.
    let probe: Response | undefined;
    for (let attempt = 0; attempt < 20; attempt++) {
      probe = await fetch(`${base}/readyz`);
      if (probe.status === 503) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.equal(probe!.status, 503);
    assert.match(probe!.headers.get('content-type') ?? '', /application\/problem\+json/);
    const problem = (await probe!.json()) as { failures: { check: string }[] };
    assert.deepEqual(
      problem.failures.map((failure) => failure.check),
      ['draining'],
    );
    assert.ok(Date.now() - signalledAt < DRAIN_DELAY_MS, 'the probe turned 503 before the drain delay ended');

    inFlight.end(body.slice(10));
    const response = await answered;
    assert.equal(response.status, 201, response.text);

    const close = await closed;
    assert.equal(close.code, 1012);
    assert.match(close.reason, /last_event_id/);
    assert.ok(Date.now() - signalledAt >= DRAIN_DELAY_MS - 100, 'sockets stay open through the drain delay');

    assert.equal(await exited, 0);
    await assert.rejects(fetch(`${base}/healthz`), 'nothing listens after the drain');
  });
});
