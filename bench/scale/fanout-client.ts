// One client thread of the fan-out bench (run.ts starts several, so that reading 10,000 sockets is
// not one event loop's queue on top of what the API node does). It opens its share of the sockets
// and, for each event frame, takes the arrival time first — process.hrtime, CLOCK_MONOTONIC, the
// same clock in every thread and process of the machine — and only then looks at the bytes: the id
// is read at a fixed offset of the frame, nothing is parsed while events are in flight.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

export interface ClientThreadData {
  url: string;
  apiKey: string;
  socketCount: number;
}

/** Messages from a client thread to run.ts. */
export type ClientThreadMessage =
  | { type: 'open' }
  | { type: 'delivered'; id: string }
  | { type: 'arrivals'; id: string; arrivedAtMs: Float64Array }
  | { type: 'checked'; frames: number; bad: number };

const { url, apiKey, socketCount } = workerData as ClientThreadData;
const port = parentPort!;
const post = (message: ClientThreadMessage) => port.postMessage(message);

const EVENT_PREFIX = '{"type":"event","id":"';
const ID_LENGTH = 'evt_'.length + 26;
/** Arrival times (ms on the monotonic clock) per event id, one per socket of this thread. */
const arrivals = new Map<string, number[]>();
/**
 * The last frame of every 25th socket, copied (a received Buffer can be a view of a 64 KiB read) and
 * checked after the run, away from the timed path.
 */
const lastFrames: Buffer[] = [];
const SAMPLE_EVERY = 25;

const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

function openOne(index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { authorization: `Bearer ${apiKey}` },
      perMessageDeflate: false,
    });
    let hello = false;
    socket.on('message', (data: Buffer) => {
      const arrivedAt = nowMs();
      if (!hello) {
        hello = true;
        return resolve();
      }
      const id = data.toString('latin1', EVENT_PREFIX.length, EVENT_PREFIX.length + ID_LENGTH);
      if (index % SAMPLE_EVERY === 0) lastFrames[index / SAMPLE_EVERY] = Buffer.from(data);
      const times = arrivals.get(id) ?? [];
      if (times.length === 0) arrivals.set(id, times);
      times.push(arrivedAt);
      if (times.length === socketCount) post({ type: 'delivered', id });
    });
    socket.once('error', reject);
    sockets.push(socket);
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < socketCount; i += 100) {
  await Promise.all(Array.from({ length: Math.min(100, socketCount - i) }, (_, k) => openOne(i + k)));
}
post({ type: 'open' });

port.on('message', (message: { type: 'finish' }) => {
  if (message.type !== 'finish') return;
  for (const socket of sockets) socket.terminate();
  for (const [id, times] of arrivals) post({ type: 'arrivals', id, arrivedAtMs: Float64Array.from(times) });
  // Every sampled socket's last frame must be a whole event frame of the id it was counted under.
  const sampled = lastFrames.filter(Boolean);
  let bad = 0;
  for (const frame of sampled) {
    try {
      const parsed = JSON.parse(frame.toString()) as { type?: string; id?: string; signature?: string };
      if (parsed.type !== 'event' || !parsed.id?.startsWith('evt_') || !parsed.signature) bad++;
    } catch {
      bad++;
    }
  }
  post({ type: 'checked', frames: sampled.length, bad });
  port.close();
});
