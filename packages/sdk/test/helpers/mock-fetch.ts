// An injected fetch that answers from a script and records every request, so client behaviour is
// tested without a network. `sleeps` records the waits the client asked for instead of waiting.
import { type ClientOptions, Trackforge } from '../../src/index.js';

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

type Answer = Response | Error | ((request: RecordedRequest, signal: AbortSignal) => Promise<Response>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
}

export function problem(status: number, code: string, extras: Record<string, unknown> = {}): Response {
  return json(status, {
    type: `https://trackforge.dev/errors/${code}`,
    title: code,
    status,
    detail: `detail of ${code}`,
    code,
    param: null,
    request_id: 'req_test',
    ...extras,
  });
}

/** A client whose fetch plays `answers` in order; the last answer repeats. */
export function mockClient(answers: Answer[], options: ClientOptions = {}) {
  const requests: RecordedRequest[] = [];
  const sleeps: number[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    requests.push(request);
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer(request, init.signal as AbortSignal);
    return answer.clone();
  };
  const client = new Trackforge({
    apiKey: 'tf_test_key',
    baseURL: 'http://api.test',
    fetch: fetch as typeof globalThis.fetch,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, requests, sleeps };
}

/** A track as the server would present it, with fields overridden. */
export function trackBody(overrides: Record<string, unknown> = {}) {
  return {
    id: 'trk_1',
    object: 'track',
    prompt: 'mellow lofi piano',
    duration: 'short',
    duration_seconds: 30,
    status: 'queued',
    progress: 0,
    visibility: 'private',
    title: 'Mellow Lofi Piano',
    voice_id: null,
    seed: 1,
    loop: false,
    bpm: null,
    key: null,
    metadata: {},
    webhook_url: null,
    music: null,
    audio: null,
    urls: { audio: '', midi: '', stems: '', waveform: '', stream: '', share: '' },
    error: null,
    credits_charged: 1,
    workspace_id: 'wsp_1',
    created_at: '2026-11-24T00:00:00.000Z',
    started_at: null,
    completed_at: null,
    ...overrides,
  };
}
