// A loopback HTTP server that stands in for a cache or a CDN's purge API: it records every request
// it gets and answers as the test scripts it, so purgers are tested over real HTTP.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PurgeRecorder {
  url: string;
  requests: RecordedRequest[];
  /** Resolves once `count` requests have arrived in all (rejects after `timeoutMs`). */
  received(count: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

/** `answer` gives each request its status and body; it may do work first (await the origin). */
export async function startPurgeRecorder(
  answer: (
    request: RecordedRequest,
    index: number,
  ) =>
    | Promise<{ status: number; body?: string }>
    | {
        status: number;
        body?: string;
      } = () => ({ status: 200 }),
): Promise<PurgeRecorder> {
  const requests: RecordedRequest[] = [];
  const waiters: Array<() => void> = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const request = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const { status, body } = await answer(request, requests.length);
      requests.push(request);
      outgoing.writeHead(status, { 'content-type': 'application/json' }).end(body ?? '{}');
      for (const wake of waiters.splice(0)) wake();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async received(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} purge requests, got ${requests.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return requests.slice(0, count);
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
