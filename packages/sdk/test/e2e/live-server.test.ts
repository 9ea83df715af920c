// The SDK against the real API on an ephemeral port: real HTTP, real WebSockets, real generation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import {
  AuthenticationError,
  BadRequestError,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  PlanRequiredError,
  Trackforge,
  type TrackforgeEvent,
} from '../../src/index.js';
import { createGatedWebSocket } from '../helpers/gated-websocket.js';
import {
  type LiveServer,
  readMagicLinkToken,
  STUDIO_TEST_ORIGIN,
  startLiveServer,
} from '../helpers/live-server.js';
import { summariseMp3 } from '../helpers/mp3.js';

// Events without a track (an endpoint disabled) belong to no track.
const trackIdOf = (event: TrackforgeEvent) => ('track' in event.data ? event.data.track.id : undefined);

let server: LiveServer;
let client: Trackforge;

before(async () => {
  server = await startLiveServer();
  client = new Trackforge({ baseURL: server.baseURL, apiKey: server.apiKey });
});
after(async () => {
  await server?.stop();
});

describe('SDK against the real server', { timeout: 240_000 }, () => {
  it('creates a track, follows its events to ready, and downloads an MP3 that decodes to its duration', async () => {
    const subscription = client.events.subscribe();
    await subscription.ready();
    const created = await client.tracks.create({ prompt: 'mellow lofi piano', duration: '5s', seed: 7 });
    assert.equal(created.status, 'queued');
    const seen: TrackforgeEvent[] = [];
    for await (const event of subscription) {
      if (trackIdOf(event) !== created.id) continue;
      seen.push(event);
      if (event.type === 'track.ready' || event.type === 'track.failed') break;
    }
    assert.equal(seen.at(-1)?.type, 'track.ready');
    assert.equal(seen[0]?.type, 'track.queued');
    assert.ok(seen.some((event) => event.type === 'track.generating'));

    const mp3 = await client.tracks.download(created.id, 'mp3');
    assert.equal(mp3.contentType, 'audio/mpeg');
    const summary = summariseMp3(new Uint8Array(await mp3.arrayBuffer()));
    assert.equal(summary.sampleRateHz, 44100);
    assert.ok(Math.abs(summary.durationSeconds - 5) < 0.5, `decoded ${summary.durationSeconds} s`);

    const midi = new Uint8Array(await (await client.tracks.download(created.id, 'midi')).arrayBuffer());
    assert.equal(new TextDecoder().decode(midi.slice(0, 4)), 'MThd');
    const waveform = await client.tracks.waveform(created.id);
    assert.ok(waveform.peaks.length > 0 && waveform.peaks.every((peak) => peak >= -1 && peak <= 1));
    const page = await client.tracks.list({ limit: 1 });
    assert.equal(page.data[0]?.id, created.id);

    const published = await client.tracks.publish(created.id, { visibility: 'unlisted' });
    assert.equal(published.visibility, 'unlisted');
    const anonymous = new Trackforge({ baseURL: server.baseURL, apiKey: '' });
    const seenByOthers = await anonymous.tracks.retrievePublic(created.id);
    assert.equal(seenByOthers.object, 'public_track');
    assert.equal('workspace_id' in seenByOthers, false);
    await client.tracks.delete(created.id);
    await assert.rejects(client.tracks.retrieve(created.id), NotFoundError);
  });

  it('downloads the timed lyrics of a sung track as WebVTT text, a cue per line of music.lyrics', async () => {
    const track = await client.tracks.createAndWait({
      prompt: 'warm pop ballad',
      duration: '15s',
      seed: 3,
      lyrics: '[verse]\nHold on to the feeling\n[chorus]\nnever let it go',
    });
    assert.equal(track.status, 'ready');
    assert.match(track.urls.lyrics ?? '', new RegExp(`/v1/tracks/${track.id}/lyrics$`));
    const vtt = await client.tracks.download(track.id, 'vtt');
    assert.equal(vtt.contentType, 'text/vtt; charset=utf-8');
    assert.equal(vtt.filename, `${track.id}.vtt`);
    const text = await vtt.text();
    assert.match(text, /^WEBVTT\n/);
    // a cue is its timing line and the line as written, with a time tag before words after the first
    const cues = text.split('\n\n').filter((block) => block.includes(' --> '));
    assert.deepEqual(
      cues.map((cue) => cue.split('\n')[1]?.replace(/<[^>]+>/g, '')),
      track.music?.lyrics?.map((line) => line.text),
    );
    assert.deepEqual(
      track.music?.lyrics?.map((line) => line.text),
      ['Hold on to the feeling', 'never let it go'],
    );
    await client.tracks.delete(track.id);
  });

  it('loses no event when the WebSocket is cut mid-generation', async () => {
    const sockets = createGatedWebSocket();
    const cutting = new Trackforge({
      baseURL: server.baseURL,
      apiKey: server.apiKey,
      WebSocket: sockets.WebSocket,
    });
    const watcher = client.events.subscribe();
    const subscription = cutting.events.subscribe();
    await Promise.all([watcher.ready(), subscription.ready()]);
    const created = await client.tracks.create({ prompt: 'bright synth pop', duration: '5s', seed: 3 });

    // A second subscription tells us when the track is done, so the reconnect happens only after
    // every later event was emitted while we were disconnected.
    const finished = (async () => {
      for await (const event of watcher) {
        if (trackIdOf(event) === created.id && event.type === 'track.ready') return;
      }
    })();

    // Once the track is done, the resumed socket has 15 s to deliver the rest; a lost event then
    // fails the comparison below instead of hanging the suite.
    const giveUp = finished.then(() => setTimeout(() => subscription.close(), 15_000).unref());
    const received: string[] = [];
    for await (const event of subscription) {
      if (trackIdOf(event) !== created.id) continue;
      received.push(event.id);
      if (event.type === 'track.generating' && sockets.sockets.length === 1) {
        const release = sockets.hold();
        sockets.sockets[0]!.terminate();
        void finished.then(release);
      }
      if (event.type === 'track.ready') break;
    }
    clearTimeout(await giveUp);
    assert.ok(subscription.reconnects >= 1, 'the subscription reconnected');

    const logged: string[] = [];
    for await (const event of client.events.list({ limit: 100 })) {
      if (trackIdOf(event) === created.id) logged.push(event.id);
    }
    assert.deepEqual(received, logged.reverse());
  });

  it('raises InsufficientCreditsError on an empty balance and PlanRequiredError for keys on the Free plan', async () => {
    const anonymous = new Trackforge({ baseURL: server.baseURL, apiKey: '' });
    const email = `sdk-${Date.now()}@example.test`;
    assert.deepEqual(await anonymous.auth.signup({ email }), { status: 'sent' });
    const verified = await anonymous.auth.verify({ token: await readMagicLinkToken(server.baseURL, email) });
    const member = anonymous.withOptions({ apiKey: verified.access_token });

    const me = await member.me();
    assert.equal(me.workspace.credits.balance, 0);
    const error = await member.tracks.create({ prompt: 'anything', duration: '5s' }).catch((e: unknown) => e);
    assert.ok(error instanceof InsufficientCreditsError, `got ${String(error)}`);
    assert.equal(error.status, 402);
    assert.equal(error.code, 'insufficient_credits');
    assert.match(error.requestId ?? '', /^req_/);
    await assert.rejects(member.apiKeys.create({ name: 'ci' }), PlanRequiredError);

    await member.auth.signout();
    await assert.rejects(member.me(), AuthenticationError);
  });

  it('refuses a subscription with a revoked key or an unknown last_event_id with the typed error', async () => {
    const stranger = new Trackforge({ baseURL: server.baseURL, apiKey: 'tf_live_not_a_key' });
    const refused = stranger.events.subscribe();
    const lost = client.events.subscribe({ lastEventId: 'evt_01M00000000000000000000000' });
    try {
      await assert.rejects(refused.ready(), AuthenticationError);
      await assert.rejects(lost.ready(), BadRequestError);
    } finally {
      refused.close();
      lost.close();
    }
  });

  it('follows events with only the session cookie, as the studio in a browser does (no API key, no Authorization)', async () => {
    const anonymous = new Trackforge({ baseURL: server.baseURL, apiKey: '' });
    const email = `cookie-${Date.now()}@example.test`;
    await anonymous.auth.signup({ email });
    const token = await readMagicLinkToken(server.baseURL, email);
    const verified = await fetch(`${server.baseURL}/v1/auth/verify?token=${token}`);
    assert.equal(verified.status, 200);
    const cookie = /tf_session=[^;]+/.exec(verified.headers.get('set-cookie') ?? '')?.[0];
    assert.ok(cookie, 'verify sets the session cookie');
    // What a browser adds by itself: the cookie on every request and its page's Origin on the upgrade.
    const browserHeaders = { cookie, origin: STUDIO_TEST_ORIGIN };
    const sentAuthorization: string[] = [];
    class BrowserLikeWebSocket extends WebSocket {
      constructor(url: string, options?: { headers?: Record<string, string> }) {
        if (options?.headers?.authorization) sentAuthorization.push(options.headers.authorization);
        super(url, { headers: { ...options?.headers, ...browserHeaders } });
      }
    }
    const studio = new Trackforge({
      baseURL: server.baseURL,
      apiKey: '',
      WebSocket: BrowserLikeWebSocket,
      fetch: (input, init) =>
        fetch(input, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), ...browserHeaders },
        }),
    });
    const subscription = studio.events.subscribe();
    await subscription.ready();
    subscription.close();
    assert.deepEqual(sentAuthorization, []);

    // Without the cookie there is no session: the subscription fails with the typed 401.
    const stranger = new Trackforge({ baseURL: server.baseURL, apiKey: '' });
    await assert.rejects(stranger.events.subscribe().ready(), AuthenticationError);
  });

  it('raises NotFoundError for a track that does not exist', async () => {
    await assert.rejects(client.tracks.retrieve('trk_01M00000000000000000000000'), NotFoundError);
  });
  it('covers the account surface: voices, sign-in, API keys, webhook endpoints, secret rotation, billing, the ledger', async () => {
    const voices = await client.voices.list({ limit: 2 });
    assert.equal(voices.data.length, 2);
    const voice = await client.voices.retrieve(voices.data[0]!.id);
    const preview = await client.voices.preview(voice.id);
    assert.equal(preview.contentType, 'audio/mpeg');
    assert.ok(summariseMp3(new Uint8Array(await preview.arrayBuffer())).durationSeconds > 1);

    const anonymous = new Trackforge({ baseURL: server.baseURL, apiKey: '' });
    assert.deepEqual(await anonymous.auth.magicLink({ email: 'demo@trackforge.local' }), { status: 'sent' });
    const token = await readMagicLinkToken(server.baseURL, 'demo@trackforge.local');
    const member = anonymous.withOptions({ apiKey: (await anonymous.auth.verify({ token })).access_token });

    const key = await member.apiKeys.create({ name: 'ci' });
    assert.match(key.secret, /^tf_live_/);
    const viaNewKey = new Trackforge({ baseURL: server.baseURL, apiKey: key.secret });
    assert.equal((await viaNewKey.me()).workspace.id, (await client.me()).workspace.id);
    const keyIds: string[] = [];
    for await (const listed of member.apiKeys.list()) keyIds.push(listed.id);
    assert.ok(keyIds.includes(key.id));
    await member.apiKeys.delete(key.id);
    await assert.rejects(viaNewKey.me(), AuthenticationError);

    // Created and deleted with no event in between, so nothing is ever delivered to it.
    const endpoint = await member.webhookEndpoints.create({ url: 'https://hooks.example.com/trackforge' });
    assert.match(endpoint.secret, /^whsec_/);
    assert.equal((await member.webhookEndpoints.retrieve(endpoint.id)).url, endpoint.url);
    assert.ok((await member.webhookEndpoints.list()).data.some((listed) => listed.id === endpoint.id));
    await member.webhookEndpoints.delete(endpoint.id);
    await assert.rejects(member.webhookEndpoints.retrieve(endpoint.id), NotFoundError);

    const before = await client.workspace.retrieve();
    const rotated = await member.workspace.rotateSigningSecret();
    assert.notEqual(rotated.signing_secret, before.signing_secret);

    const unconfigured = member.billing.portal({ return_url: 'https://example.com/' }, { maxRetries: 0 });
    await assert.rejects(
      unconfigured,
      (error: unknown) => error instanceof InternalServerError && error.code === 'billing_not_configured',
    );

    const ledger: string[] = [];
    for await (const entry of client.credits.listEntries({ limit: 2 })) ledger.push(entry.kind);
    assert.ok(ledger.length >= 3 && ledger.includes('grant'), `ledger: ${ledger.join(', ')}`);
  });
});
