// What a user sees: POST /v1/tracks → ready over the API, beside the engine's own time for the same
// request in this process (a render pool of 2 threads and the streaming master, as bench:engine
// times it), plus the bytes the server stored for the track and its RSS at the peak of the generation.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { generateTrack, type RenderPool, type SoundBank } from '../../packages/engine/src/index.js';
import { watchPeakRss } from './server.js';

export interface UserSeenResult {
  prompt: string;
  engineSeconds: number;
  apiSeconds: number;
  storedBytes: number;
  peakRssBytes: number;
  files: string[];
}

export interface ApiClient {
  url: string;
  apiKey: string;
  pid: number;
  filesDir: string;
}

async function call(client: ApiClient, method: string, path: string, body?: unknown) {
  const response = await fetch(`${client.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${client.apiKey}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Creates a track and polls it every 50 ms until it is ready; returns seconds from POST to ready. */
export async function createUntilReady(
  client: ApiClient,
  body: { prompt: string; duration: number; seed: number },
): Promise<{ seconds: number; track: Record<string, unknown> }> {
  const startMs = performance.now();
  const created = await call(client, 'POST', '/v1/tracks', body);
  for (;;) {
    const track = await call(client, 'GET', `/v1/tracks/${created.id}`);
    if (track.status === 'ready') return { seconds: (performance.now() - startMs) / 1000, track };
    if (track.status === 'failed') throw new Error(`track failed: ${JSON.stringify(track.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function folderBytes(path: string): { bytes: number; files: string[] } {
  let bytes = 0;
  const files: string[] = [];
  for (const name of readdirSync(path)) {
    const size = statSync(join(path, name)).size;
    bytes += size;
    files.push(`${name} ${(size / 1e6).toFixed(2)} MB`);
  }
  return { bytes, files };
}

export async function measureUserSeen(
  client: ApiClient,
  engine: { bank: SoundBank; renderPool: RenderPool },
  request: { prompt: string; durationSeconds: number; seed: number },
): Promise<UserSeenResult> {
  const engineRequest = {
    ...request,
    outputs: { formats: ['mp3' as const, 'flac' as const], midi: true, waveform: true },
  };
  const deps = { bank: engine.bank, renderPool: engine.renderPool };
  // Both sides warm: the first track of a genre decodes its samples, on either side.
  await generateTrack({ ...engineRequest, durationSeconds: 10 }, deps);
  await createUntilReady(client, { prompt: request.prompt, duration: 10, seed: request.seed });
  const engineStartMs = performance.now();
  // streamed chunks taken as bench:engine's timed run takes them: the streaming master runs, no encoder
  await generateTrack(engineRequest, { ...deps, onChunk: () => {} });
  const engineSeconds = (performance.now() - engineStartMs) / 1000;
  const peak = watchPeakRss(client.pid);
  const { seconds, track } = await createUntilReady(client, {
    prompt: request.prompt,
    duration: request.durationSeconds,
    seed: request.seed,
  });
  const peakRssBytes = peak.stop();
  const workspace = readdirSync(join(client.filesDir, 'tracks'))[0] as string;
  const stored = folderBytes(join(client.filesDir, 'tracks', workspace, String(track.id)));
  return {
    prompt: request.prompt,
    engineSeconds,
    apiSeconds: seconds,
    storedBytes: stored.bytes,
    peakRssBytes,
    files: stored.files,
  };
}
