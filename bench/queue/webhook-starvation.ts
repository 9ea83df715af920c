// How long one workspace's webhook waits while another's endpoints accept and never answer
// (issue 29's scenario): workspace A has 24 such endpoints and creates 3 tracks, then workspace B
// creates one track; the figure is the time from B's commit to its track.queued reaching B's
// receiver. One dispatcher at production settings (16 slots, the 15 s per-attempt deadline) on an
// in-memory PGlite, loopback only. `npx tsx bench/queue/webhook-starvation.ts [--endpoints 24]
// [--tracks 3] [--limit-seconds 120]`.
import { createServer } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { parseArgs } from 'node:util';
import { createTrack, fund } from '../../apps/api/test/features/tracks/helpers.js';
import { createTestAccount, type TestAccount } from '../../apps/api/test/helpers/accounts.js';
import { createTestApp } from '../../apps/api/test/helpers/app.js';

const { values } = parseArgs({
  options: {
    endpoints: { type: 'string', default: '24' },
    tracks: { type: 'string', default: '3' },
    'limit-seconds': { type: 'string', default: '120' },
  },
});
const ENDPOINTS = Number(values.endpoints);
const TRACKS = Number(values.tracks);
const LIMIT_MS = Number(values['limit-seconds']) * 1000;

const held = new Set<Socket>();
const silent = createTcpServer((socket) => {
  held.add(socket);
  socket.resume();
  socket.on('close', () => held.delete(socket));
});
let arrived: (() => void) | undefined;
const prompt = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.end();
    arrived?.();
  });
});
const listen = async (server: typeof silent | typeof prompt) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const silentPort = await listen(silent);
const promptPort = await listen(prompt);

// The composed dispatcher, as serve runs it (its real sender, 15 s deadline), polling every 20 ms;
// started by hand below once workspace A's deliveries are queued.
const t = await createTestApp('pglite', {
  env: { ALLOW_PRIVATE_WEBHOOKS: 'true' },
  deps: { events: { webhookPollMs: 20 } },
});
const addEndpoint = async (account: TestAccount, url: string) => {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/webhook-endpoints',
    headers: account.headers,
    payload: { url },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
};
const a = await createTestAccount(t);
await fund(t, a.workspaceId, TRACKS);
for (let index = 0; index < ENDPOINTS; index++) {
  await addEndpoint(a, `http://127.0.0.1:${silentPort}/${index}`);
}
for (let index = 0; index < TRACKS; index++) await createTrack(t, a);
const b = await createTestAccount(t);
await fund(t, b.workspaceId, 1);
await addEndpoint(b, `http://127.0.0.1:${promptPort}/b`);

const { dispatcher } = t.services.events;
dispatcher.start();
// A's requests go out first, as in the issue: B's track comes while they are held.
while (held.size === 0) await new Promise((resolve) => setTimeout(resolve, 10));
await new Promise((resolve) => setTimeout(resolve, 500));
const heldBefore = held.size;
const delivered = new Promise<void>((resolve) => {
  arrived = resolve;
});
await createTrack(t, b);
const committedAt = performance.now();
dispatcher.wake();
let timer: NodeJS.Timeout | undefined;
const outcome = await Promise.race([
  delivered.then(() => 'delivered'),
  new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('not delivered'), LIMIT_MS);
  }),
]);
clearTimeout(timer);
const delayMs = performance.now() - committedAt;
console.log(
  `${ENDPOINTS} silent endpoints × ${TRACKS} tracks in A: A held ${heldBefore} requests when B's track was created; ` +
    `B's track.queued ${outcome} ${(delayMs / 1000).toFixed(2)} s after commit`,
);
await dispatcher.stop({ graceMs: 1000 });
for (const socket of held) socket.destroy();
await new Promise<void>((resolve) => silent.close(() => resolve()));
await new Promise<void>((resolve) => prompt.close(() => resolve()));
await t.close();
