// The purge adapters against a loopback HTTP server that records what they send.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCloudflarePurger } from '../../../src/platform/edge/cloudflare-purger.js';
import { trackPurge } from '../../../src/platform/edge/edge-purge.js';
import { createHttpPurger } from '../../../src/platform/edge/http-purger.js';
import { startPurgeRecorder } from './purge-recorder.js';

const TRACK_ID = 'trk_0123456789abcdefghijklmn';
const never = new AbortController().signal;

describe('edge purgers', () => {
  it('purges every key of a track and the public feed in one request, with the Surrogate-Key header and the credential', async () => {
    const edge = await startPurgeRecorder();
    try {
      const purger = createHttpPurger({
        url: `${edge.url}/`,
        method: 'POST',
        credential: { name: 'fastly-key', value: 'secret-key' },
      });
      await purger.purge(trackPurge(TRACK_ID, { publicFeed: true }), never);
      const [request] = await edge.received(1);
      assert.equal(request!.method, 'POST');
      assert.equal(request!.url, '/');
      assert.equal(request!.headers['surrogate-key'], `${TRACK_ID} public-tracks`);
      assert.equal(request!.headers['fastly-key'], 'secret-key');
    } finally {
      await edge.close();
    }
  });

  it('throws with the status and body when the cache refuses the purge, so the queue retries', async () => {
    const edge = await startPurgeRecorder(() => ({ status: 405, body: 'purge not allowed from here' }));
    try {
      const purger = createHttpPurger({ url: `${edge.url}/`, method: 'PURGE' });
      await assert.rejects(
        purger.purge(trackPurge(TRACK_ID, { publicFeed: false }), never),
        /PURGE http:\/\/127\.0\.0\.1:\d+\/ answered 405: purge not allowed from here/,
      );
    } finally {
      await edge.close();
    }
  });

  it('purges by tag through a Cloudflare-style API with a bearer token', async () => {
    const api = await startPurgeRecorder(() => ({ status: 200, body: '{"success":true,"errors":[]}' }));
    try {
      const purger = createCloudflarePurger({
        url: `${api.url}/client/v4/zones/zone123/purge_cache`,
        token: 'cf-token',
        by: 'tag',
        publicUrl: 'https://tracks.example.com',
      });
      await purger.purge(trackPurge(TRACK_ID, { publicFeed: true }), never);
      const [request] = await api.received(1);
      assert.equal(request!.method, 'POST');
      assert.equal(request!.url, '/client/v4/zones/zone123/purge_cache');
      assert.equal(request!.headers.authorization, 'Bearer cf-token');
      assert.deepEqual(JSON.parse(request!.body), { tags: [TRACK_ID, 'public-tracks'] });
    } finally {
      await api.close();
    }
  });

  it('purges by URL under the public origin, every file format and the share page', async () => {
    const api = await startPurgeRecorder(() => ({ status: 200, body: '{"success":true}' }));
    try {
      const purger = createCloudflarePurger({
        url: `${api.url}/purge_cache`,
        token: 't',
        by: 'url',
        publicUrl: 'https://tracks.example.com',
      });
      await purger.purge(trackPurge(TRACK_ID, { publicFeed: false }), never);
      const { files } = JSON.parse((await api.received(1))[0]!.body) as { files: string[] };
      assert.ok(files.includes(`https://tracks.example.com/t/${TRACK_ID}`));
      assert.ok(files.includes(`https://tracks.example.com/v1/tracks/${TRACK_ID}/audio?format=wav`));
      assert.ok(files.includes(`https://tracks.example.com/v1/tracks/${TRACK_ID}/cover.svg`));
      assert.ok(files.includes(`https://tracks.example.com/v1/tracks/${TRACK_ID}/stems`));
      assert.ok(files.includes(`https://tracks.example.com/v1/tracks/${TRACK_ID}/lyrics?format=vtt`));
      assert.ok(
        files.includes(`https://tracks.example.com/v1/tracks/${TRACK_ID}/lyrics?format=srt&download=1`),
      );
      assert.ok(!files.includes('https://tracks.example.com/v1/public/tracks'));
    } finally {
      await api.close();
    }
  });

  it('splits a purge of more than 30 URLs into calls of 30', async () => {
    const api = await startPurgeRecorder(() => ({ status: 200, body: '{"success":true}' }));
    try {
      const purger = createCloudflarePurger({
        url: `${api.url}/p`,
        token: 't',
        by: 'url',
        publicUrl: 'https://x.example',
      });
      const paths = Array.from({ length: 65 }, (_, i) => `/t/trk_${i}`);
      await purger.purge({ keys: [], paths }, never);
      const sizes = (await api.received(3)).map(
        (request) => (JSON.parse(request.body) as { files: string[] }).files.length,
      );
      assert.deepEqual(sizes, [30, 30, 5]);
    } finally {
      await api.close();
    }
  });

  it('treats a 200 that says success:false as a failure', async () => {
    const api = await startPurgeRecorder(() => ({
      status: 200,
      body: '{"success":false,"errors":[{"code":1012,"message":"Request must contain one of purge_everything, files, tags"}]}',
    }));
    try {
      const purger = createCloudflarePurger({
        url: `${api.url}/p`,
        token: 't',
        by: 'tag',
        publicUrl: 'https://x.example',
      });
      await assert.rejects(
        purger.purge(trackPurge(TRACK_ID, { publicFeed: false }), never),
        /purge_cache answered 200: .*1012/,
      );
    } finally {
      await api.close();
    }
  });
});
