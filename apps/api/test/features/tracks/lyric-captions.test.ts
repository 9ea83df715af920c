// GET /v1/tracks/{id}/lyrics: a sung track's lines as LRC, WebVTT and SubRip, for whoever may read it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

const SUNG = {
  ...FAKE_GENERATED_TRACK,
  music: {
    ...FAKE_GENERATED_TRACK.music,
    lyrics: [
      {
        text: 'Hold on',
        section: 'Verse',
        start: 1.5,
        end: 2.75,
        words: [
          { text: 'Hold', start: 1.5, end: 2 },
          { text: 'on', start: 2, end: 2.75 },
        ],
      },
      {
        text: 'Open 24/7',
        section: 'Chorus',
        start: 4,
        end: 5.5,
        words: ['Open', 'twenty', 'four', 'seven'].map((text, i) => ({
          text,
          start: 4 + i / 4,
          end: 4.25 + i / 4,
        })),
      },
    ],
  },
};

for (const kind of testDatabaseKinds()) {
  describe(`timed lyrics on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let stranger: TestAccount;
    let sung: string;
    let instrumental: string;
    let queued: string;
    before(async () => {
      t = await createTestApp(kind);
      owner = await createTestAccount(t);
      stranger = await createTestAccount(t);
      await fund(t, owner.workspaceId, 10);
      sung = (
        await createTrack(t, owner, {
          prompt: 'pop',
          duration: '20s',
          lyrics: 'Hold on\n[chorus]\nOpen 24/7',
        })
      ).json().id;
      await createGenerationRunner(t, 'worker-sung', async () => SUNG).runDue();
      instrumental = (await createTrack(t, owner, { prompt: 'lofi', duration: '6s' })).json().id;
      await createGenerationRunner(t, 'worker-plain', async () => FAKE_GENERATED_TRACK).runDue();
      queued = (await createTrack(t, owner, { prompt: 'pop', duration: '20s', lyrics: 'la la' })).json().id;
    });
    after(() => t.close());

    const get = (url: string, account?: TestAccount, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...(account?.headers ?? {}), ...headers } });

    it('names the lyrics file among the urls of a ready sung track only', async () => {
      const track = (await get(`/v1/tracks/${sung}`, owner)).json();
      assert.equal(track.urls.lyrics, `${t.config.PUBLIC_URL}/v1/tracks/${sung}/lyrics`);
      assert.equal((await get(`/v1/tracks/${instrumental}`, owner)).json().urls.lyrics, undefined);
      assert.equal((await get(`/v1/tracks/${queued}`, owner)).json().urls.lyrics, undefined);
    });

    it('answers LRC by default, and WebVTT and SubRip when asked, from the lines in music.lyrics', async () => {
      const lrc = await get(`/v1/tracks/${sung}/lyrics`, owner);
      assert.equal(lrc.statusCode, 200, lrc.body);
      assert.match(
        lrc.headers['cache-control'] as string,
        /private/,
        'a private track is kept by no shared cache',
      );
      assert.equal(lrc.headers['content-type'], 'text/plain; charset=utf-8');
      assert.equal(lrc.headers['content-disposition'], `inline; filename="${sung}.lrc"`);
      assert.equal(
        lrc.body,
        `[ti:${(await get(`/v1/tracks/${sung}`, owner)).json().title}]\n[length:00:20]\n[00:01.50]Hold on\n[00:02.75]\n[00:04.00]Open 24/7\n[00:05.50]\n`,
      );

      const vtt = await get(`/v1/tracks/${sung}/lyrics?format=vtt&download=1`, owner);
      assert.equal(vtt.headers['content-type'], 'text/vtt; charset=utf-8');
      assert.equal(vtt.headers['content-disposition'], `attachment; filename="${sung}.vtt"`);
      assert.equal(
        vtt.body,
        'WEBVTT\n\nNOTE Verse\n\n00:00:01.500 --> 00:00:02.750\nHold <00:00:02.000>on\n\nNOTE Chorus\n\n00:00:04.000 --> 00:00:05.500\nOpen <00:00:04.250>24/7\n',
      );

      const srt = await get(`/v1/tracks/${sung}/lyrics?format=srt`, owner);
      assert.equal(srt.headers['content-type'], 'application/x-subrip; charset=utf-8');
      assert.equal(
        srt.body,
        '1\n00:00:01,500 --> 00:00:02,750\nHold on\n\n2\n00:00:04,000 --> 00:00:05,500\nOpen 24/7\n',
      );
    });

    it('answers 304 to its own ETag', async () => {
      const first = await get(`/v1/tracks/${sung}/lyrics?format=vtt`, owner);
      const again = await get(`/v1/tracks/${sung}/lyrics?format=vtt`, owner, {
        'if-none-match': first.headers.etag as string,
      });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
      const other = await get(`/v1/tracks/${sung}/lyrics?format=srt`, owner);
      assert.notEqual(other.headers.etag, first.headers.etag, 'each format has its own tag');
    });

    it('refuses an unknown format with 400 naming format, a track without words with 404 and a sung one still queued with 409', async () => {
      const bad = await get(`/v1/tracks/${sung}/lyrics?format=txt`, owner);
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().param, 'format');
      assert.match(bad.json().detail, /lrc.*vtt.*srt/);

      const none = await get(`/v1/tracks/${instrumental}/lyrics`, owner);
      assert.equal(none.statusCode, 404);
      assert.equal(none.json().param, 'id');
      assert.match(none.json().detail, /sings no words: only a track made with `lyrics` has timed lyrics/);

      const early = await get(`/v1/tracks/${queued}/lyrics`, owner);
      assert.equal(early.statusCode, 409);
      assert.match(early.json().detail, /is queued; its lyrics are timed once it is ready/);
      // a track made without lyrics never will have any: 404 before it is ready too
      const plain = (await createTrack(t, owner, { prompt: 'lofi', duration: '6s' })).json().id;
      assert.equal((await get(`/v1/tracks/${plain}/lyrics`, owner)).statusCode, 404);
    });

    it('serves an unlisted track to anyone with the link, and a private one to its workspace only', async () => {
      assert.equal((await get(`/v1/tracks/${sung}/lyrics`, stranger)).statusCode, 404);
      assert.equal((await get(`/v1/tracks/${sung}/lyrics`)).statusCode, 404);
      const published = await t.app.inject({
        method: 'POST',
        url: `/v1/tracks/${sung}/publish`,
        headers: owner.headers,
        payload: { visibility: 'unlisted' },
      });
      assert.equal(published.statusCode, 200);
      const anonymous = await get(`/v1/tracks/${sung}/lyrics?format=srt`);
      assert.equal(anonymous.statusCode, 200);
      assert.match(anonymous.headers['cache-control'] as string, /public/);
      assert.match(anonymous.body, /^1\n00:00:01,500 --> /);
      const publicView = (await get(`/v1/tracks/${sung}`, stranger)).json();
      assert.equal(publicView.object, 'public_track');
      assert.equal(publicView.urls.lyrics, `${t.config.PUBLIC_URL}/v1/tracks/${sung}/lyrics`);
    });
  });
}
