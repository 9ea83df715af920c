// The fan-out bench's same-run reference (run.ts): a bare `ws` server (the ws the API serves with),
// in a process of its own, that does nothing but broadcast. It LISTENs on the event channel like an
// API node, so it is triggered exactly as the node is — by the COMMIT the bench times — and for each
// notification it sends one frame, built once, to every open socket. No event read, no signing, no
// per-socket bookkeeping: what is left is PostgreSQL's NOTIFY, the kernel's loopback writes and the
// clients on this machine's cores. The API node's latency over this one's is what our code adds.
//   REFERENCE_WRITE=send   ws's own broadcast: socket.send(payload) per socket (ws frames each one)
//   REFERENCE_WRITE=frame  the frame built once, written to each socket's TCP connection as is
import { readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { prepareTextMessage } from '../../apps/api/src/features/events/prepared-frame.js';

const port = Number(process.env.PORT);
const mode = process.env.REFERENCE_WRITE === 'frame' ? 'frame' : 'send';
/** A signed event frame of the size the node sends; the event id is put in at a fixed offset. */
const template = readFileSync(0, 'utf8');
const EVENT_PREFIX = '{"type":"event","id":"';
const ID_LENGTH = 'evt_'.length + 26;
if (!template.startsWith(EVENT_PREFIX)) throw new Error('the frame must start with the event prefix');

const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
server.on('connection', (socket) => {
  socket.send(JSON.stringify({ type: 'hello' }));
});

const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
await listener.connect();
listener.on('notification', ({ payload }) => {
  if (!payload) return;
  const text = EVENT_PREFIX + payload.slice(0, ID_LENGTH) + template.slice(EVENT_PREFIX.length + ID_LENGTH);
  const message = prepareTextMessage(text);
  for (const socket of server.clients) {
    if (mode === 'send') socket.send(message.payload, { binary: false });
    else (socket as unknown as { _socket: Duplex })._socket.write(message.frame);
  }
});
await listener.query(`listen ${process.env.EVENTS_CHANNEL}`);
process.stdout.write('ready\n');

process.on('SIGTERM', () => {
  for (const socket of server.clients) socket.terminate();
  server.close();
  void listener.end().finally(() => process.exit(0));
});
