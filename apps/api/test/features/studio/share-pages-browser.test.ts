// The public pages in a real browser (Debian's chromium through playwright-core) against the real
// server on loopback, with one public track in the feed: on a 390 px phone the landing page, the
// share page, the embed and the 404 page scroll no wider than the screen and keep each player inside
// its card, and axe-core finds no violation on them; the embed plays inside an iframe of another
// origin, where the share page refuses to appear. Screenshots go to .tmp/share-screenshots/.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { Generate } from '../../../src/features/tracks/generation/generation-pool.js';
import { createTestAccount } from '../../helpers/accounts.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  assertAccessible,
  browserSuiteSkip,
  CHROMIUM_PATH,
  REPO_ROOT,
  STUDIO_DIST,
} from '../../helpers/browser.js';
import { createGenerationRunner, createTrack, FAKE_GENERATED_TRACK, fund } from '../tracks/helpers.js';

// The page's globals as the callbacks below (which run in the browser) use them: this file is
// compiled with the server's types, without the DOM library.
interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
interface PageElement {
  getBoundingClientRect(): Box;
  closest(selector: string): PageElement | null;
}
declare const document: {
  documentElement: { scrollWidth: number };
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
};

const SCREENSHOT_DIR = join(REPO_ROOT, '.tmp/share-screenshots');
const PHONE_WIDTHS_PX = [360, 390];

const skip = browserSuiteSkip('share page');

const PEAKS = Array.from({ length: 400 }, (_, index) => (index % 2 ? 1 : -1) * Math.abs(Math.sin(index / 9)));
// The facts the engine gives this prompt (folk, G major, 91 bpm), so the pictured share image in
// docs/guides/sharing.md does not call a folk song something else.
const generate: Generate = async () => ({
  ...FAKE_GENERATED_TRACK,
  music: { ...FAKE_GENERATED_TRACK.music, genre: 'folk', key: 'G major', bpm: 91 },
  waveform: { samplesPerPeak: 256, peaks: PEAKS },
});

async function listenOnFreePort(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** The page is no wider than the screen, and every player lies inside the card (or page) holding it. */
async function assertFitsScreen(page: Page, widthPx: number, name: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= widthPx, `${name} is ${scrollWidth} px wide on a ${widthPx} px screen`);
  const spills = await page.evaluate(() =>
    [...document.querySelectorAll('audio')].flatMap((audio) => {
      const holder = audio.closest('.card, main');
      if (!holder) return [];
      const inner = audio.getBoundingClientRect();
      const outer = holder.getBoundingClientRect();
      return inner.left >= outer.left && inner.right <= outer.right
        ? []
        : [`player ${inner.left}–${inner.right} in a box ${outer.left}–${outer.right}`];
    }),
  );
  assert.deepEqual(spills, [], `${name}: players spill out of their cards`);
}

describe('the public pages in a real browser', { skip }, () => {
  let t: TestApp;
  let browser: Browser;
  let otherSite: Server;
  let otherOrigin = '';
  let baseUrl = '';
  let trackId = '';

  before(async () => {
    // `npm ci` builds the studio (root `prepare`); build here too when a checkout skipped that.
    if (!existsSync(join(STUDIO_DIST, 'index.html'))) {
      execFileSync('npm', ['run', 'build', '-w', 'apps/studio'], { cwd: REPO_ROOT, stdio: 'inherit' });
    }
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    // The port is known only once something listens: reserve one, then build the app for it.
    const probe = createHttpServer();
    const port = await listenOnFreePort(probe);
    await new Promise((resolve) => probe.close(resolve));
    baseUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp('pglite', { env: { PUBLIC_URL: baseUrl } });
    await t.app.listen({ port, host: '127.0.0.1' });
    const owner = await createTestAccount(t);
    await fund(t, owner.workspaceId, 5);
    const created = await createTrack(t, owner, {
      prompt: 'sunny ukulele and handclaps, happy folk',
      duration: 'short',
      visibility: 'public',
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.ok((await createGenerationRunner(t, 'browser-worker', generate).runDue()) >= 1);
    trackId = created.json().id;

    // Another origin (another host name and port) whose page frames our embed and share page.
    otherSite = createHttpServer((request, response) => {
      const frame = request.url === '/share' ? `${baseUrl}/t/${trackId}` : `${baseUrl}/embed/${trackId}`;
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>A blog</title><main><h1>My blog</h1><iframe src="${frame}" width="480" height="152" title="player"></iframe></main></html>`,
      );
    });
    otherOrigin = `http://localhost:${await listenOnFreePort(otherSite)}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
  });

  after(async () => {
    await browser?.close();
    await new Promise((resolve) => otherSite?.close(resolve));
    await t?.close();
  });

  for (const widthPx of PHONE_WIDTHS_PX) {
    it(`fits the landing, share, embed and 404 pages on a ${widthPx} px phone, players inside their cards, axe clean`, async () => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: widthPx, height: 780 },
      });
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('link', { name: 'Sunny ukulele and handclaps, happy folk' }).waitFor();
      await assertFitsScreen(page, widthPx, 'the landing page with a public track');
      await assertAccessible(page, `the landing page at ${widthPx} px`, { anyImpact: true });
      if (widthPx === 390)
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'landing-390.png'), fullPage: true });

      const share = await page.goto(`/t/${trackId}`);
      assert.equal(share?.status(), 200);
      await assertFitsScreen(page, widthPx, 'the share page');
      await assertAccessible(page, `the share page at ${widthPx} px`, { anyImpact: true });
      if (widthPx === 390)
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'share-390.png'), fullPage: true });

      await page.goto(`/embed/${trackId}`);
      await assertFitsScreen(page, widthPx, 'the embed');
      await assertAccessible(page, `the embed at ${widthPx} px`, { anyImpact: true });

      const missing = await page.goto('/t/trk_01ZZZZZZZZZZZZZZZZZZZZZZZZ');
      assert.equal(missing?.status(), 404);
      await page.getByRole('heading', { name: 'This track is not here' }).waitFor();
      assert.doesNotMatch(await page.content(), /not_found|"status"/);
      await assertFitsScreen(page, widthPx, 'the 404 page');
      await assertAccessible(page, `the 404 page at ${widthPx} px`, { anyImpact: true });
      if (widthPx === 390)
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'not-found-390.png'), fullPage: true });
      await context.close();
    });
  }

  it('shows the share image the page names: a 1200 × 630 PNG the browser decodes', async () => {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto(`/t/${trackId}`);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    await page.goto(image!);
    const size = await page.evaluate(() => {
      const img = document.querySelectorAll('img')[0] as unknown as {
        naturalWidth: number;
        naturalHeight: number;
      };
      return [img.naturalWidth, img.naturalHeight];
    });
    assert.deepEqual(size, [1200, 630]);
    writeFileSync(
      join(SCREENSHOT_DIR, 'share-image.png'),
      Buffer.from(await (await fetch(image!)).arrayBuffer()),
    );
    await context.close();
  });

  it('plays the embed inside an iframe on another origin, where the share page is refused', async () => {
    const context = await browser.newContext({ viewport: { width: 800, height: 400 } });
    const page = await context.newPage();
    await page.goto(`${otherOrigin}/embed`);
    const embed = page.frameLocator('iframe');
    await embed.getByRole('heading', { name: 'Sunny ukulele and handclaps, happy folk' }).waitFor();
    assert.ok(await embed.getByLabel('Play Sunny ukulele and handclaps, happy folk').isVisible());
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'embed-in-another-site.png') });

    // Chromium refuses the share page in a frame (frame-ancestors 'none') and says why.
    const refusal = page.waitForEvent('console', {
      predicate: (message) => /frame-ancestors 'none'/.test(message.text()),
      timeout: 20_000,
    });
    await page.goto(`${otherOrigin}/share`);
    await refusal;
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    const shown = frame
      ? await frame.getByRole('heading', { name: 'Sunny ukulele and handclaps, happy folk' }).count()
      : 0;
    assert.equal(shown, 0, 'the share page rendered inside another site');
    await context.close();
  });
});
