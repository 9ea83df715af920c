import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  BadRequestError,
  InternalServerError,
  RateLimitError,
  Trackforge,
  TrackforgeError,
  type TrackVariationParams,
} from '../src/index.js';
import { json, mockClient, problem, trackBody } from './helpers/mock-fetch.js';

describe('client requests', () => {
  it('retries a 429 after the Retry-After the server asked for, then returns the answer', async () => {
    const { client, requests, sleeps } = mockClient([
      problem(429, 'rate_limited', { retry_after: 3 }),
      json(200, trackBody()),
    ]);
    const {
      client: withHeader,
      requests: headerRequests,
      sleeps: headerSleeps,
    } = mockClient([
      new Response('{"code":"rate_limited","status":429}', { status: 429, headers: { 'retry-after': '3' } }),
      json(200, trackBody()),
    ]);
    const track = await withHeader.tracks.retrieve('trk_1');
    assert.equal(track.id, 'trk_1');
    assert.equal(headerRequests.length, 2);
    assert.deepEqual(headerSleeps, [3000]);
    // Without Retry-After the wait is the jittered backoff: 0.5 s less up to 25 %.
    await client.tracks.retrieve('trk_1');
    assert.equal(requests.length, 2);
    assert.ok(sleeps[0]! > 370 && sleeps[0]! <= 500, `waited ${sleeps[0]} ms`);
  });

  it('gives up after two retries and throws RateLimitError with the wait the server asked for', async () => {
    const { client, requests } = mockClient([
      new Response('{"code":"rate_limited","status":429,"detail":"slow down"}', {
        status: 429,
        headers: { 'retry-after': '7', 'content-type': 'application/problem+json' },
      }),
    ]);
    const error = await client.tracks.retrieve('trk_1').catch((e: unknown) => e);
    assert.ok(error instanceof RateLimitError);
    assert.equal(error.retryAfterSeconds, 7);
    assert.equal(requests.length, 3);
  });

  it('does not retry a 400 and names the invalid field', async () => {
    const { client, requests } = mockClient([
      problem(400, 'validation_failed', {
        param: 'duration',
        errors: [
          {
            param: 'duration',
            message: 'duration must be short, standard, long or 5–600 s',
            code: 'invalid',
          },
        ],
      }),
    ]);
    const error = await client.tracks.create({ prompt: 'x', duration: 'forever' }).catch((e: unknown) => e);
    assert.ok(error instanceof BadRequestError);
    assert.equal(error.param, 'duration');
    assert.equal(error.errors[0]?.param, 'duration');
    assert.equal(error.code, 'validation_failed');
    assert.equal(error.requestId, 'req_test');
    assert.equal(requests.length, 1);
  });

  it('retries 408, 409 and 5xx, and connection errors', async () => {
    for (const first of [
      problem(408, 'timeout'),
      problem(409, 'idempotency_in_progress'),
      problem(503, 'unavailable'),
      new TypeError('fetch failed'),
    ]) {
      const { client, requests } = mockClient([first, json(200, trackBody())]);
      await client.tracks.retrieve('trk_1');
      assert.equal(requests.length, 2);
    }
  });

  it('throws InternalServerError after the retries of a 500 and APIConnectionError after those of a refused connection', async () => {
    const failing = mockClient([problem(500, 'internal_error')]);
    await assert.rejects(failing.client.tracks.retrieve('trk_1'), InternalServerError);
    assert.equal(failing.requests.length, 3);
    const refused = mockClient([new TypeError('fetch failed')], { maxRetries: 1 });
    await assert.rejects(refused.client.tracks.retrieve('trk_1'), APIConnectionError);
    assert.equal(refused.requests.length, 2);
  });

  it('raises APITimeoutError when no answer comes within the timeout', async () => {
    const hang = (_request: unknown, signal: AbortSignal) =>
      new Promise<Response>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const { client, requests } = mockClient([hang], { timeout: 5, maxRetries: 1 });
    const error = await client.tracks.retrieve('trk_1').catch((e: unknown) => e);
    assert.ok(error instanceof APITimeoutError);
    assert.ok(error instanceof APIConnectionError);
    assert.equal(requests.length, 2);
  });

  it('sends one Idempotency-Key per POST and the same one on each of its retries', async () => {
    const { client, requests } = mockClient([
      problem(503, 'unavailable'),
      problem(502, 'bad_gateway'),
      json(201, trackBody()),
    ]);
    await client.tracks.create({ prompt: 'mellow lofi piano', duration: 'short' });
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    assert.equal(keys.length, 3);
    assert.match(keys[0]!, /^sdk-[0-9a-f-]{36}$/);
    assert.equal(new Set(keys).size, 1);
    await client.tracks.create({ prompt: 'mellow lofi piano', duration: 'short' });
    assert.notEqual(requests[3]!.headers.get('idempotency-key'), keys[0]);
  });

  it('uses the idempotency key, timeout, headers and retries given per request', async () => {
    const { client, requests } = mockClient([problem(503, 'unavailable')]);
    await assert.rejects(
      client.tracks.create(
        { prompt: 'p', duration: 'short' },
        {
          idempotencyKey: 'order-42',
          maxRetries: 0,
          headers: { 'x-extra': 'yes', 'trackforge-version': null },
        },
      ),
      InternalServerError,
    );
    assert.equal(requests.length, 1);
    assert.equal(requests[0]!.headers.get('idempotency-key'), 'order-42');
    assert.equal(requests[0]!.headers.get('x-extra'), 'yes');
    assert.equal(requests[0]!.headers.get('trackforge-version'), null);
  });

  it('sends the key, the pinned API version, a User-Agent naming SDK, version and runtime, and JSON', async () => {
    const { client, requests } = mockClient([json(201, trackBody())]);
    await client.tracks.create({ prompt: 'p', duration: 'short', metadata: { order: '1' } });
    const [request] = requests;
    assert.equal(request!.url.toString(), 'http://api.test/v1/tracks');
    assert.equal(request!.headers.get('authorization'), 'Bearer tf_test_key');
    assert.equal(request!.headers.get('trackforge-version'), '2026-11-01');
    assert.match(request!.headers.get('user-agent')!, /^trackforge-node\/0\.1\.0 \(node \d+\.\d+\.\d+; /);
    assert.deepEqual(request!.body, { prompt: 'p', duration: 'short', metadata: { order: '1' } });
  });

  it('types the closed sets as unions, so a misspelt part name does not compile', () => {
    const good: TrackVariationParams = { keep: ['drums', 'bass'] };
    // @ts-expect-error 'drumz' is not one of the part names (tsc -p packages/sdk checks this line)
    const bad: TrackVariationParams = { keep: ['drumz'] };
    assert.deepEqual([good.keep, bad.keep], [['drums', 'bass'], ['drumz']]);
  });

  it('refuses to build without a key, naming TRACKFORGE_API_KEY, unless given one or an empty one on purpose', () => {
    const saved = process.env.TRACKFORGE_API_KEY;
    delete process.env.TRACKFORGE_API_KEY;
    try {
      assert.throws(
        () => new Trackforge(),
        (error: Error) => error instanceof TrackforgeError && /TRACKFORGE_API_KEY/.test(error.message),
      );
      assert.ok(new Trackforge({ apiKey: 'tf_test_x' }));
      assert.ok(new Trackforge({ apiKey: '' }));
    } finally {
      if (saved !== undefined) process.env.TRACKFORGE_API_KEY = saved;
    }
  });

  it('reads the base URL and key from TRACKFORGE_BASE_URL and TRACKFORGE_API_KEY, accepting a trailing /v1', async () => {
    const saved = { url: process.env.TRACKFORGE_BASE_URL, key: process.env.TRACKFORGE_API_KEY };
    process.env.TRACKFORGE_BASE_URL = 'http://env.test:9000/v1/';
    process.env.TRACKFORGE_API_KEY = 'tf_test_from_env';
    try {
      const seen: Request[] = [];
      const client = new Trackforge({
        fetch: async (input, init) => {
          seen.push(new Request(input, init));
          return json(200, { user: {}, workspace: {} });
        },
      });
      await client.me();
      assert.equal(seen[0]!.url, 'http://env.test:9000/v1/me');
      assert.equal(seen[0]!.headers.get('authorization'), 'Bearer tf_test_from_env');
    } finally {
      for (const [name, value] of [
        ['TRACKFORGE_BASE_URL', saved.url],
        ['TRACKFORGE_API_KEY', saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('logs requests without the credential when the log level is debug', async () => {
    const lines: string[] = [];
    const sink = {
      debug: (...args: unknown[]) => lines.push(JSON.stringify(args)),
      info() {},
      warn() {},
      error() {},
    };
    const { client } = mockClient([json(200, trackBody())], { logLevel: 'debug', logger: sink });
    await client.tracks.retrieve('trk_1');
    assert.ok(lines.some((line) => line.includes('GET http://api.test/v1/tracks/trk_1')));
    assert.ok(lines.every((line) => !line.includes('tf_test_key')));
  });
  it('stops at once with APIUserAbortError when the caller aborts, without retrying', async () => {
    const hang = (_request: unknown, signal: AbortSignal) =>
      new Promise<Response>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const { client, requests } = mockClient([hang]);
    const controller = new AbortController();
    const pending = client.tracks.retrieve('trk_1', { signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, APIUserAbortError);
    assert.equal(requests.length, 1);
  });

  it('logs at debug level when TRACKFORGE_LOG=debug', async () => {
    const saved = process.env.TRACKFORGE_LOG;
    process.env.TRACKFORGE_LOG = 'debug';
    try {
      const lines: string[] = [];
      const sink = { debug: (line: string) => lines.push(line), info() {}, warn() {}, error() {} };
      const { client } = mockClient([json(200, trackBody())], { logger: sink });
      await client.tracks.retrieve('trk_1');
      assert.ok(lines.some((line) => line.startsWith('[trackforge] ← 200 GET')));
    } finally {
      if (saved === undefined) delete process.env.TRACKFORGE_LOG;
      else process.env.TRACKFORGE_LOG = saved;
    }
  });
  it('stops retrying with APIUserAbortError when the caller aborts during the wait between attempts', async () => {
    const controller = new AbortController();
    const { client, requests } = mockClient([problem(503, 'unavailable')], {
      sleep: async () => controller.abort(),
    });
    await assert.rejects(client.tracks.retrieve('trk_1', { signal: controller.signal }), APIUserAbortError);
    assert.equal(requests.length, 1);
  });
  it('asks the server to hold a create with Prefer: wait=N', async () => {
    const { client, requests } = mockClient([json(201, trackBody({ status: 'ready' }))], { timeout: 1000 });
    const track = await client.tracks.create({ prompt: 'p', duration: '5s' }, { waitSeconds: 30 });
    assert.equal(track.status, 'ready');
    assert.equal(requests[0]!.headers.get('prefer'), 'wait=30');
  });
});
