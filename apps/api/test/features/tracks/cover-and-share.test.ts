// Cover art (GET /v1/tracks/{id}/cover.svg) and the share page's unfurl tags (GET /t/{id}); the
// share image itself is in share-pages.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { testDatabaseKinds } from '../../helpers/databases.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

const PEAKS = Array.from({ length: 400 }, (_, index) => (index % 2 ? 1 : -1) * Math.abs(Math.sin(index / 9)));

const generateWith =
  (key: string): Generate =>
  async () => ({
    ...FAKE_GENERATED_TRACK,
    music: { ...FAKE_GENERATED_TRACK.music, key },
    waveform: { samplesPerPeak: 256, peaks: PEAKS },
  });

for (const kind of testDatabaseKinds()) {
  describe(`cover art and share pages on ${kind}`, () => {
    let t: TestApp;
    let owner: TestAccount;
    let stranger: TestAccount;
    before(async () => {
      t = await createTestApp(kind);
      owner = await createTestAccount(t);
      stranger = await createTestAccount(t);
      await fund(t, owner.workspaceId, 20);
    });
    after(() => t.close());

    const get = (url: string, account?: TestAccount, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { ...(account?.headers ?? {}), ...headers } });

    async function readyTrack(body: Record<string, unknown>, key = 'D minor'): Promise<string> {
      const created = await createTrack(t, owner, { duration: 'short', ...body });
      assert.equal(created.statusCode, 201, created.body);
      assert.ok((await createGenerationRunner(t, 'cover-worker', generateWith(key)).runDue()) >= 1);
      return created.json().id;
    }

    it('draws the same SVG for the same music, another for another key, with the waveform as 48 bars', async () => {
      const body = { prompt: 'dusty lofi with vinyl crackle', visibility: 'public' };
      const first = await readyTrack(body);
      const again = await readyTrack(body);
      const otherKey = await readyTrack(body, 'F# major');
      const svgOf = async (id: string) => {
        const response = await get(`/v1/tracks/${id}/cover.svg`);
        assert.equal(response.statusCode, 200);
        assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
        return response.body;
      };
      const svg = await svgOf(first);
      assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
      assert.equal(svg, await svgOf(again), 'same music, same bytes');
      assert.notEqual(svg, await svgOf(otherKey));
      assert.equal(svg.match(/rx="2" fill="#fff"/g)?.length, 48);
      assert.match(svg, /lo-fi hip hop · D minor · 90 bpm/);
    });

    it('answers with an ETag and 304 to If-None-Match, cached publicly once ready', async () => {
      const id = await readyTrack({ prompt: 'bright synthwave drive', visibility: 'unlisted' });
      const first = await get(`/v1/tracks/${id}/cover.svg`);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[\w-]{22}"$/);
      assert.equal(first.headers['cache-control'], 'public, max-age=300');
      assert.equal(first.headers['surrogate-key'], id);
      const again = await get(`/v1/tracks/${id}/cover.svg`, undefined, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304);
      assert.equal(again.body, '');
    });

    it('answers 304 to an If-None-Match list or a weakened tag naming the cover, and 200 to other tags', async () => {
      const id = await readyTrack({ prompt: 'bright synthwave drive', visibility: 'unlisted' });
      const etag = String((await get(`/v1/tracks/${id}/cover.svg`)).headers.etag);
      // a CDN that compressed the file hands its tag back weakened; a cache may list several
      for (const header of [`W/${etag}`, `"older", ${etag}`, `"a",W/${etag} , "b"`, '*']) {
        const again = await get(`/v1/tracks/${id}/cover.svg`, undefined, { 'if-none-match': header });
        assert.equal(again.statusCode, 304, header);
      }
      for (const header of ['"older"', `"${etag}"`, `W/"older", "newer"`]) {
        const again = await get(`/v1/tracks/${id}/cover.svg`, undefined, { 'if-none-match': header });
        assert.equal(again.statusCode, 200, header);
      }
    });

    it('changes the cover of a queued track once its music exists, and says so in its cache header', async () => {
      const created = (
        await createTrack(t, owner, {
          prompt: 'slow ambient drones',
          duration: 'short',
          visibility: 'public',
        })
      ).json();
      const before = await get(`/v1/tracks/${created.id}/cover.svg`);
      assert.equal(before.statusCode, 200);
      assert.equal(before.headers['cache-control'], 'public, no-cache');
      assert.ok((await createGenerationRunner(t, 'cover-worker', generateWith('C major')).runDue()) >= 1);
      const after = await get(`/v1/tracks/${created.id}/cover.svg`);
      assert.notEqual(after.headers.etag, before.headers.etag);
    });

    it("returns 404 for another workspace's or an anonymous read of a private track's cover; the owner gets it privately", async () => {
      const created = (await createTrack(t, owner, { prompt: 'private sketch', duration: 'short' })).json();
      assert.equal(created.urls.cover, `${t.config.PUBLIC_URL}/v1/tracks/${created.id}/cover.svg`);
      for (const reader of [undefined, stranger]) {
        const response = await get(`/v1/tracks/${created.id}/cover.svg`, reader);
        assert.equal(response.statusCode, 404);
        assert.equal(response.json().code, 'not_found');
      }
      const mine = await get(`/v1/tracks/${created.id}/cover.svg`, owner);
      assert.equal(mine.statusCode, 200);
      assert.equal(mine.headers['cache-control'], 'private, no-store');
    });

    it('escapes markup from the prompt in the cover', async () => {
      const created = (
        await createTrack(t, owner, {
          prompt: '<script>alert(1)</script> "quoted" & loud',
          duration: 'short',
          visibility: 'public',
        })
      ).json();
      const svg = (await get(`/v1/tracks/${created.id}/cover.svg`)).body;
      assert.ok(!svg.includes('<script>'), svg);
      assert.match(svg, /&lt;script&gt;/);
    });

    it('unfurls a ready public track: Open Graph music.song with cover and audio, a Twitter card, a player and a studio link', async () => {
      const id = await readyTrack({
        prompt: 'celtic jig <script>alert("x")</script> & fiddles',
        visibility: 'public',
      });
      const page = await get(`/t/${id}`);
      assert.equal(page.statusCode, 200);
      const html = page.body;
      const metaContent = (attribute: 'property' | 'name', key: string) =>
        new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];
      const base = `${t.config.PUBLIC_URL}/v1/tracks/${id}`;
      assert.equal(metaContent('property', 'og:type'), 'music.song');
      assert.equal(metaContent('property', 'og:url'), `${t.config.PUBLIC_URL}/t/${id}`);
      assert.equal(metaContent('property', 'og:image'), `${t.config.PUBLIC_URL}/t/${id}/image.png`);
      assert.equal(metaContent('property', 'og:audio'), `${base}/audio`);
      assert.equal(metaContent('property', 'og:audio:type'), 'audio/mpeg');
      assert.match(metaContent('property', 'og:title') ?? '', /^Celtic jig &lt;script&gt;/);
      assert.match(metaContent('property', 'og:description') ?? '', /lo-fi hip hop · 90 bpm · D minor/);
      assert.equal(metaContent('name', 'twitter:card'), 'summary_large_image');
      assert.equal(metaContent('name', 'twitter:image'), `${t.config.PUBLIC_URL}/t/${id}/image.png`);
      assert.match(html, new RegExp(`<audio [^>]*src="/v1/tracks/${id}/audio"`));
      assert.match(html, new RegExp(`<img src="/v1/tracks/${id}/cover.svg"`));
      assert.match(html, /<a href="\/studio">/);
      assert.ok(!html.includes('<script>'), 'no markup from the prompt survives');
      assert.ok(!html.includes('"x"'), 'quotes are escaped too');
      // The image and the audio the tags name are really there for an anonymous reader.
      assert.equal((await get(`/v1/tracks/${id}/cover.svg`)).statusCode, 200);
      assert.equal((await get(`/t/${id}/image.png`)).statusCode, 200);
      assert.equal((await get(`/v1/tracks/${id}/audio`)).statusCode, 200);
    });

    it('leaves og:audio out until the track has audio', async () => {
      const created = (
        await createTrack(t, owner, {
          prompt: 'queued unlisted tune',
          duration: 'short',
          visibility: 'unlisted',
        })
      ).json();
      const html = (await get(`/t/${created.id}`)).body;
      assert.match(html, /<meta property="og:image" content="[^"]+\/t\/trk_\w+\/image\.png">/);
      assert.doesNotMatch(html, /og:audio/);
      assert.doesNotMatch(html, /<audio/);
    });
  });
}
