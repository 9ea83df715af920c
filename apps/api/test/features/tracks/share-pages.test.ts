// The public pages around a shared track: the share image (a real PNG of 1200 × 630), the share
// page's unfurl tags, its 404 as a page for browsers and as problem+json for API clients, the
// embeddable player (framable by any site, unlike every other page) and the oEmbed endpoint.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNG } from 'pngjs';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { trackPurge } from '../../../src/platform/edge/edge-purge.js';
import { createTestAccount, type TestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from './helpers.js';

const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const PEAKS = Array.from({ length: 400 }, (_, index) => (index % 2 ? 1 : -1) * Math.abs(Math.sin(index / 9)));
const generate: Generate = async () => ({
  ...FAKE_GENERATED_TRACK,
  waveform: { samplesPerPeak: 256, peaks: PEAKS },
});

describe('share image, embed and oEmbed', () => {
  let t: TestApp;
  let owner: TestAccount;
  let publicId: string;
  let privateId: string;
  before(async () => {
    t = await createTestApp('pglite');
    owner = await createTestAccount(t);
    await fund(t, owner.workspaceId, 20);
    publicId = await readyTrack('sunny ukulele and handclaps, happy folk', 'public');
    privateId = await readyTrack('a private sketch', 'private');
  });
  after(() => t.close());

  async function readyTrack(prompt: string, visibility: string): Promise<string> {
    const created = await createTrack(t, owner, { prompt, duration: 'short', visibility });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok((await createGenerationRunner(t, 'share-worker', generate).runDue()) >= 1);
    return created.json().id;
  }

  const get = (url: string, headers: Record<string, string> = {}, account?: TestAccount) =>
    t.app.inject({ method: 'GET', url, headers: { ...(account?.headers ?? {}), ...headers } });
  const metaContent = (html: string, attribute: 'property' | 'name', key: string) =>
    new RegExp(`<meta ${attribute}="${key}" content="([^"]*)">`).exec(html)?.[1];

  it('names a 1200 × 630 PNG as og:image and twitter:image, and that PNG decodes at that size', async () => {
    const html = (await get(`/t/${publicId}`)).body;
    const image = `${t.config.PUBLIC_URL}/t/${publicId}/image.png`;
    assert.equal(metaContent(html, 'property', 'og:image'), image);
    assert.equal(metaContent(html, 'property', 'og:image:type'), 'image/png');
    assert.equal(metaContent(html, 'property', 'og:image:width'), '1200');
    assert.equal(metaContent(html, 'property', 'og:image:height'), '630');
    assert.match(
      metaContent(html, 'property', 'og:image:alt') ?? '',
      /^Sunny ukulele and handclaps, happy folk/,
    );
    assert.equal(metaContent(html, 'name', 'twitter:card'), 'summary_large_image');
    assert.equal(metaContent(html, 'name', 'twitter:image'), image);
    assert.equal(metaContent(html, 'name', 'twitter:title'), 'Sunny ukulele and handclaps, happy folk');

    const answer = await get(new URL(image).pathname);
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['content-type'], 'image/png');
    const png = PNG.sync.read(answer.rawPayload);
    assert.equal(png.width, 1200);
    assert.equal(png.height, 630);
    // Drawn, not blank: the card's gradient and artwork give many colours.
    const colours = new Set<number>();
    for (let offset = 0; offset < png.data.length; offset += 4 * 97)
      colours.add(png.data.readUInt32BE(offset));
    assert.ok(colours.size > 50, `${colours.size} colours`);
  });

  it('caches the image like the page, under the track key, and answers its ETag with 304 without drawing', async () => {
    const page = await get(`/t/${publicId}`);
    const image = await get(`/t/${publicId}/image.png`);
    assert.equal(image.headers['cache-control'], page.headers['cache-control']);
    assert.equal(image.headers['cache-control'], 'public, max-age=300');
    assert.equal(image.headers['surrogate-key'], publicId);
    assert.equal(image.headers['cache-tag'], publicId);
    const etag = String(image.headers.etag);
    assert.match(etag, /^"[\w-]{22}"$/);
    const again = await get(`/t/${publicId}/image.png`, { 'if-none-match': etag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.rawPayload.length, 0);
    assert.deepEqual((await get(`/t/${publicId}/image.png`)).rawPayload, image.rawPayload, 'the same bytes');
  });

  it("purges the image and the embed with the track's page", () => {
    const purge = trackPurge(publicId, { publicFeed: true });
    for (const path of [`/t/${publicId}`, `/t/${publicId}/image.png`, `/embed/${publicId}`]) {
      assert.ok(purge.paths.includes(path), path);
    }
    assert.ok(purge.keys.includes(publicId));
  });

  it("answers a private or unknown track's page with a 404 page to a browser and problem+json to an API client", async () => {
    for (const url of [`/t/${privateId}`, '/t/trk_01ZZZZZZZZZZZZZZZZZZZZZZZZ', '/t/not-an-id']) {
      const page = await get(url, { accept: BROWSER_ACCEPT });
      assert.equal(page.statusCode, 404, url);
      assert.match(String(page.headers['content-type']), /^text\/html/);
      assert.match(page.body, /<h1>This track is not here<\/h1>/);
      assert.doesNotMatch(page.body, /"code"|not_found|application\/problem/);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.match(
        String(page.headers['content-security-policy']),
        /script-src 'none'.*frame-ancestors 'none'/,
      );
      for (const accept of ['application/json', 'application/problem+json', '*/*', undefined]) {
        const answer = await get(url, accept ? { accept } : {});
        assert.equal(answer.statusCode, 404, `${url} ${accept}`);
        assert.match(String(answer.headers['content-type']), /^application\/problem\+json/);
        assert.equal(answer.json().code, 'not_found');
      }
    }
    // The image of a private track is as absent as its page.
    assert.equal((await get(`/t/${privateId}/image.png`)).statusCode, 404);
    const mine = await get(`/t/${privateId}`, { accept: BROWSER_ACCEPT }, owner);
    assert.equal(mine.statusCode, 200);
    assert.doesNotMatch(mine.body, /oembed/, 'no embed is offered for a private track');
  });

  it('shows the sung lines of a sung track by section, escaped, and nothing for an instrumental one', async () => {
    const sung: Generate = async () => ({
      ...FAKE_GENERATED_TRACK,
      music: {
        ...FAKE_GENERATED_TRACK.music,
        lyrics: [
          { text: 'Hold on <to> the feeling', section: 'Verse', start: 8, end: 11, words: [] },
          { text: 'never let it go', section: 'Verse', start: 11, end: 14, words: [] },
          { text: 'sing it to the rafters', section: 'Chorus', start: 16, end: 19, words: [] },
        ],
      },
    });
    const created = await createTrack(t, owner, {
      prompt: 'a sung ballad',
      duration: 'short',
      visibility: 'public',
    });
    assert.ok((await createGenerationRunner(t, 'share-worker', sung).runDue()) >= 1);
    const html = (await get(`/t/${created.json().id}`)).body;
    assert.match(
      html,
      /<h2>Lyrics<\/h2>\s*<h3>Verse<\/h3><p>Hold on &lt;to&gt; the feeling<br>never let it go<\/p><h3>Chorus<\/h3><p>sing it to the rafters<\/p>/,
    );
    assert.doesNotMatch((await get(`/t/${publicId}`)).body, /Lyrics/);
  });

  it('offers oEmbed discovery on the share page and answers it with a rich iframe of the embed', async () => {
    const html = (await get(`/t/${publicId}`)).body;
    const share = `${t.config.PUBLIC_URL}/t/${publicId}`;
    const discovery = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(html)?.[1];
    assert.ok(discovery, 'discovery link');
    const endpoint = new URL(discovery.replaceAll('&amp;', '&'));
    assert.equal(endpoint.pathname, '/oembed');
    assert.equal(endpoint.searchParams.get('url'), share);
    assert.equal(endpoint.searchParams.get('format'), 'json');

    const answer = await get(`${endpoint.pathname}${endpoint.search}`);
    assert.equal(answer.statusCode, 200);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    const oembed = answer.json();
    assert.equal(oembed.version, '1.0');
    assert.equal(oembed.type, 'rich');
    assert.equal(oembed.provider_name, 'Trackforge');
    assert.equal(oembed.title, 'Sunny ukulele and handclaps, happy folk');
    assert.equal(oembed.width, 480);
    assert.equal(oembed.height, 152);
    assert.equal(oembed.thumbnail_url, `${t.config.PUBLIC_URL}/t/${publicId}/image.png`);
    assert.equal(oembed.thumbnail_width, 1200);
    assert.equal(oembed.thumbnail_height, 630);
    assert.match(
      oembed.html,
      new RegExp(
        `^<iframe src="${t.config.PUBLIC_URL}/embed/${publicId}" width="480" height="152" title="[^"]+"`,
      ),
    );
    assert.equal(answer.headers['surrogate-key'], publicId);
    assert.equal(answer.headers['cache-control'], 'public, max-age=300');

    const small = (await get(`/oembed?url=${encodeURIComponent(share)}&maxwidth=320&maxheight=100`)).json();
    assert.equal(small.width, 320);
    assert.equal(small.height, 100);
    assert.match(small.html, /width="320" height="100"/);
    const ofEmbed = await get(
      `/oembed?url=${encodeURIComponent(`${t.config.PUBLIC_URL}/embed/${publicId}`)}`,
    );
    assert.equal(ofEmbed.json().title, oembed.title);
    // The server reached by another name (a development port) knows its own pages too.
    const byHost = await get(`/oembed?url=${encodeURIComponent(`http://127.0.0.1:4321/t/${publicId}`)}`, {
      host: '127.0.0.1:4321',
    });
    assert.equal(byHost.statusCode, 200, byHost.body);
  });

  it('answers oEmbed 404 for a private, unknown or foreign page, 501 for XML and 400 without a url', async () => {
    const base = t.config.PUBLIC_URL;
    for (const url of [
      `${base}/t/${privateId}`,
      `${base}/t/trk_01ZZZZZZZZZZZZZZZZZZZZZZZZ`,
      `https://elsewhere.example/t/${publicId}`,
      `${base}/studio/tracks/${publicId}`,
      'not a url',
    ]) {
      const answer = await get(`/oembed?url=${encodeURIComponent(url)}&format=json`, {}, owner);
      assert.equal(answer.statusCode, 404, url);
      assert.equal(answer.json().code, 'not_found');
    }
    const xml = await get(`/oembed?url=${encodeURIComponent(`${base}/t/${publicId}`)}&format=xml`);
    assert.equal(xml.statusCode, 501);
    assert.equal(xml.json().code, 'not_implemented');
    assert.equal((await get('/oembed')).statusCode, 400);
  });

  it('lets any site frame the embed while the share page and every other page refuse to be framed', async () => {
    const embed = await get(`/embed/${publicId}`);
    assert.equal(embed.statusCode, 200);
    assert.match(String(embed.headers['content-type']), /^text\/html/);
    const policy = String(embed.headers['content-security-policy']);
    assert.match(policy, /frame-ancestors \*/);
    assert.match(policy, /script-src 'none'/);
    assert.equal(embed.headers['x-frame-options'], undefined);
    assert.match(embed.body, new RegExp(`<audio [^>]*src="/v1/tracks/${publicId}/audio"`));
    assert.match(embed.body, /<h1><a href="\/t\/trk_\w+" target="_blank" rel="noopener"[^>]*>Sunny ukulele/);
    assert.equal(embed.headers['surrogate-key'], publicId);

    for (const url of [
      `/t/${publicId}`,
      `/t/${publicId}/image.png`,
      '/',
      '/docs',
      `/v1/tracks/${publicId}`,
    ]) {
      const answer = await get(url);
      assert.equal(answer.headers['x-frame-options'], 'DENY', url);
      const other = String(answer.headers['content-security-policy']);
      assert.match(other, /frame-ancestors 'none'/, url);
    }
  });

  it('never embeds a private track, not even for its owner', async () => {
    const page = await get(`/embed/${privateId}`, { accept: BROWSER_ACCEPT }, owner);
    assert.equal(page.statusCode, 404);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    // The 404 is shown inside the other site's frame, so it may be framed too.
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors \*/);
    const api = await get(`/embed/${privateId}`, { accept: 'application/json' }, owner);
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().code, 'not_found');
  });
});
