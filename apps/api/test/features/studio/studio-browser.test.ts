// The studio in a real browser (Debian's chromium through playwright-core) against the real server:
// the app built by buildApp listening on loopback, PGlite, the dev mailbox, and generation workers
// running the engine with its small sound bank. One person's journey, in order: sign up, create,
// listen, publish, share, download, keys, voices. Every page is screenshotted to
// .tmp/studio-screenshots/ and checked with axe-core (no serious or critical violations).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { adminAnswer } from '../../../src/cli/admin.js';
import {
  assertAccessible,
  browserSuiteSkip,
  REPO_ROOT,
  STUDIO_DIST,
  type StudioRig,
  screenshot,
  startStudioRig,
} from '../../helpers/browser.js';

// The page's globals as the callbacks below (which run in the browser) use them: this file is
// compiled with the server's types, without the DOM library.
interface AudioElement {
  currentTime: number;
  play(): Promise<void>;
  pause(): void;
}
interface PageElement {
  textContent: string | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
}
declare const document: {
  querySelector(selector: string): unknown;
  activeElement: unknown;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement & AudioElement>;
  documentElement: { scrollWidth: number };
};

const SCREENSHOT_DIR = join(REPO_ROOT, '.tmp/studio-screenshots');
const GENERATION_TIMEOUT_MS = 180_000;

const skip = browserSuiteSkip('studio');

describe('the studio in a real browser', { skip }, () => {
  let rig: StudioRig;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let baseUrl: string;
  let offsiteRequests: string[] = [];
  const email = `studio-${Date.now()}@example.com`;
  let trackId = '';
  let trackTitle = '';

  before(async () => {
    rig = await startStudioRig(SCREENSHOT_DIR, {
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
    });
    ({ browser, context, baseUrl, offsiteRequests } = rig);
    page = await context.newPage();
  });

  after(async () => {
    await rig?.stop();
  });

  it('shows the landing page at / with a way to sign up', async () => {
    const response = await page.goto('/');
    assert.equal(response?.status(), 200);
    await page.getByRole('heading', { name: 'Make music from a sentence' }).waitFor();
    await page
      .getByText(/No public tracks yet|Made with Trackforge/)
      .first()
      .waitFor();
    assert.ok(await page.getByRole('link', { name: 'Sign up free' }).isVisible());
    // Keyboard users meet the skip link first.
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => (document.activeElement as PageElement | null)?.textContent),
      'Skip to content',
    );
    await screenshot(page, SCREENSHOT_DIR, '01-landing');
    await assertAccessible(page, 'the landing page');
  });

  it('signs up by magic link through the dev mailbox and continues where the person was going', async () => {
    await page.goto('/studio/create');
    await page.waitForURL(/\/studio\/signin\?next=%2Fstudio%2Fcreate/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/studio\/signup/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/Name/).fill('Studio Tester');
    await screenshot(page, SCREENSHOT_DIR, '02-sign-up');
    await assertAccessible(page, 'the sign-up page');
    await page.getByRole('button', { name: 'Email me a sign-up link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mails = (await (await fetch(`${baseUrl}/_dev/mail`)).json()) as { to: string; text: string }[];
    const mail = mails.find((candidate) => candidate.to === email);
    assert.ok(mail, `no mail to ${email} in the dev mailbox`);
    const link = /(https?:\/\/\S+\/studio\/auth\/callback\?token=[\w-]+)/.exec(mail.text)?.[1];
    assert.ok(link, mail.text);
    await page.goto(link);
    await page.waitForURL(/\/studio\/create$/);
    await page.getByRole('heading', { name: 'Create a track' }).waitFor();
    assert.ok(await page.getByRole('button', { name: 'Sign out' }).isVisible());
  });

  it('refuses a sign-in link that has been used already', async () => {
    const other = await context.browser()!.newContext({ baseURL: baseUrl });
    const otherPage = await other.newPage();
    const mails = (await (await fetch(`${baseUrl}/_dev/mail`)).json()) as { to: string; text: string }[];
    const link = /(https?:\/\/\S+\/studio\/auth\/callback\?token=[\w-]+)/.exec(
      mails.find((m) => m.to === email)?.text ?? '',
    )?.[1];
    await otherPage.goto(link!);
    await otherPage.getByRole('alert').waitFor();
    assert.equal(await otherPage.getByRole('alert').getAttribute('data-state'), 'failed');
    await other.close();
  });

  it('continues in the studio, not at another host, when next= resolves to //host through dot segments', async () => {
    const other = await context.browser()!.newContext({ baseURL: baseUrl });
    const otherPage = await other.newPage();
    for (const next of ['/.//evil.example', '/..//evil.example/x']) {
      await otherPage.goto(`/studio/signup?next=${encodeURIComponent(next)}`);
      await otherPage.getByLabel('Email').fill(`dots-${Date.now()}@example.com`);
      const asked = otherPage.waitForRequest((request) => request.url().endsWith('/v1/auth/signup'));
      await otherPage.getByRole('button', { name: 'Email me a sign-up link' }).click();
      assert.equal((await asked).postDataJSON().redirect_to, '/studio/create', next);
      await otherPage.getByRole('heading', { name: 'Check your email' }).waitFor();
    }
    await other.close();
  });

  it('creates a track, shows live progress to ready and plays the stream as soon as audio exists', async () => {
    // a new account starts with the sign-up trial (CREDITS_SIGNUP=3 here)
    await page.getByText(/Costs 1 credit · you have 3/).waitFor();
    const granted = await adminAnswer(['grant', email, '--credits', '5'], rig.services);
    assert.equal(granted.exitCode, 0, granted.stderr);
    await page.reload();
    await page.getByText(/Costs 1 credit · you have 8/).waitFor();
    await page.getByRole('button', { name: 'sunny ukulele and handclaps, happy folk' }).click();
    assert.equal(await page.getByLabel('Prompt').inputValue(), 'sunny ukulele and handclaps, happy folk');
    await page.getByLabel('Duration (seconds)').fill('6');
    await page.getByLabel(/Seed/).fill('7');
    const jobSocketFrames: string[] = [];
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/v1/ws/jobs') return;
      socket.on('framereceived', (frame) => jobSocketFrames.push(String(frame.payload)));
    });
    await page.getByRole('button', { name: 'Create track' }).click();

    const status = page.locator('.job [role="status"]');
    await status.waitFor();
    // The player appears on the progressive stream while the track is still rendering.
    const player = page.locator('.job audio');
    await player.waitFor({ timeout: GENERATION_TIMEOUT_MS });
    const firstSrc = (await player.getAttribute('src')) ?? '';
    const statusWhenPlayerAppeared = await status.getAttribute('data-status');
    assert.ok(
      firstSrc.includes('stream=1') || statusWhenPlayerAppeared === 'ready',
      `player started on ${firstSrc} while ${statusWhenPlayerAppeared}`,
    );
    await page.locator('.job [data-status="ready"]').waitFor({ timeout: GENERATION_TIMEOUT_MS });
    assert.equal(await page.locator('.job progress').getAttribute('value'), '100');
    // Progress came over the job WebSocket, signed in by the session cookie.
    assert.ok(
      jobSocketFrames.some((frame) => frame.includes('"type":"event"')),
      `job socket frames: ${jobSocketFrames.join(' | ').slice(0, 500)}`,
    );
    await screenshot(page, SCREENSHOT_DIR, '03-create');
    await assertAccessible(page, 'the create page');
    trackTitle = (await page.locator('#job-title').textContent()) ?? '';
    await page.getByRole('link', { name: 'Open the track' }).click();
    await page.waitForURL(/\/studio\/tracks\/trk_/);
    trackId = /trk_\w+/.exec(page.url())![0];
  });

  it('plays the track on its page, seeks on the waveform and shows its musical facts', async () => {
    await page.getByRole('heading', { name: trackTitle }).waitFor();
    for (const fact of ['Tempo', 'Key', 'Genre', 'Instruments']) {
      assert.ok(await page.locator('dt', { hasText: fact }).isVisible(), fact);
    }
    assert.ok(await page.getByRole('img', { name: `Cover art for ${trackTitle}` }).isVisible());
    const audio = page.locator('.player audio');
    await audio.evaluate((element: AudioElement) => element.play());
    await page.waitForFunction(
      () => (document.querySelector('.player audio') as AudioElement).currentTime > 0.3,
    );
    await audio.evaluate((element: AudioElement) => element.pause());
    const seeker = page.getByRole('slider', { name: 'Playback position' });
    await seeker.focus();
    await page.keyboard.press('Home');
    assert.ok((await audio.evaluate((element: AudioElement) => element.currentTime)) < 0.5);
    const box = (await seeker.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const seconds = await audio.evaluate((element: AudioElement) => element.currentTime);
    assert.ok(seconds > 3, `clicking at 3/4 of a 6 s waveform seeks to ${seconds} s`);
    await screenshot(page, SCREENSHOT_DIR, '04-track');
    await assertAccessible(page, 'the track page');
  });

  it('publishes the track from the library and its share page opens signed out', async () => {
    await page.getByRole('link', { name: 'Library', exact: true }).click();
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor();
    const item = page.locator(`[data-track-id="${trackId}"]`);
    await item.waitFor();
    const published = page.waitForResponse((response) =>
      response.url().endsWith(`/v1/tracks/${trackId}/publish`),
    );
    await item.getByLabel('Visibility').selectOption('public');
    assert.equal((await published).status(), 200);
    await screenshot(page, SCREENSHOT_DIR, '05-library');
    await assertAccessible(page, 'the library');

    const stranger = await browser.newContext({ baseURL: baseUrl });
    const strangerPage = await stranger.newPage();
    const share = await strangerPage.goto(`/t/${trackId}`);
    assert.equal(share?.status(), 200);
    assert.ok((await strangerPage.content()).includes(trackTitle));
    await screenshot(strangerPage, SCREENSHOT_DIR, '06-share-page');
    // The studio's own track page shows a public track read-only to someone signed out.
    await strangerPage.goto(`/studio/tracks/${trackId}`);
    await strangerPage.getByRole('heading', { name: trackTitle }).waitFor();
    assert.equal(await strangerPage.getByRole('button', { name: 'Delete' }).count(), 0);
    assert.ok(await strangerPage.getByRole('slider', { name: 'Playback position' }).isVisible());
    // The landing page lists it and plays it in place.
    await strangerPage.goto('/');
    const card = strangerPage.getByRole('link', { name: trackTitle });
    await card.waitFor();
    await strangerPage.getByLabel(`Play ${trackTitle}`).evaluate((element: AudioElement) => element.play());
    await strangerPage.waitForFunction(() =>
      [...document.querySelectorAll('audio')].some((audio) => audio.currentTime > 0.2),
    );
    await screenshot(strangerPage, SCREENSHOT_DIR, '07-landing-with-public-track');
    await stranger.close();
  });

  it('downloads every format from the library menu', async () => {
    const item = page.locator(`[data-track-id="${trackId}"]`);
    const expected: [string, RegExp][] = [
      ['MP3', /\.mp3$/],
      ['WAV', /\.wav$/],
      ['OGG', /\.ogg$/],
      ['FLAC', /\.flac$/],
      ['MIDI', /\.mid$/],
      ['Stems (ZIP)', /\.zip$/],
    ];
    for (const [label, name] of expected) {
      await item.getByText('Download').click();
      const download = page.waitForEvent('download', { timeout: 120_000 });
      await item.getByRole('link', { name: label, exact: true }).click();
      const file = await download;
      assert.match(file.suggestedFilename(), name, label);
      const path = await file.path();
      assert.ok(statSync(path).size > 100, `${label} is ${statSync(path).size} bytes`);
      await item.getByText('Download').click(); // closes the menu again
    }
  });

  it('explains that API keys need a paid plan, then creates a key (shown once) and revokes it', async () => {
    await page.goto('/studio/workspace');
    await page.getByText(/API keys come with the Studio and Enterprise plans/).waitFor();
    // No Stripe on this server: the buttons say so in the API's words.
    await page.getByRole('button', { name: 'Buy 100 credits' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Billing is not configured/ })
      .waitFor();

    const granted = await adminAnswer(['grant', email, '--plan', 'studio'], rig.services);
    assert.equal(granted.exitCode, 0, granted.stderr);
    await page.reload();
    await page.getByLabel('Key name').fill('laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret =
      (await page.locator('.secret code').textContent())?.replace(/^New API key: /, '').trim() ?? '';
    assert.match(secret, /^tf_/);
    const withKey = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(withKey.status, 200);
    await page.locator('.credits').waitFor();
    await screenshot(page, SCREENSHOT_DIR, '08-workspace');
    await assertAccessible(page, 'the workspace page');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke laptop' }).click();
    await page.getByRole('button', { name: 'Revoke laptop' }).waitFor({ state: 'detached' });
    const revoked = await fetch(`${baseUrl}/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    assert.equal(revoked.status, 401);

    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.locator('.secret code').filter({ hasText: 'whsec_' }).waitFor();
  });

  it('browses, searches and previews voices, listing languages only for voices that have them', async () => {
    await page.goto('/studio/voices');
    const cards = page.locator('.voice');
    await cards.first().waitFor();
    const total = await cards.count();
    assert.ok(total > 0);
    await screenshot(page, SCREENSHOT_DIR, '09-voices');
    await assertAccessible(page, 'the voices page');
    const firstName = (await cards.first().locator('h2').textContent()) ?? '';
    const searched = page.waitForResponse((response) => /\/v1\/voices\?.*q=/.test(response.url()));
    await page.getByLabel('Search').fill(firstName);
    const found = ((await (await searched).json()) as { data: { name: string }[] }).data;
    assert.ok(found.some((voice) => voice.name === firstName));
    assert.ok(found.length <= total);
    await page.waitForFunction((count) => document.querySelectorAll('.voice').length === count, found.length);
    const languageLines = await page.$$eval('.voice', (elements) =>
      elements.map(
        (element) =>
          [...element.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Sings in'))
            ?.textContent ?? null,
      ),
    );
    for (const line of languageLines) {
      assert.ok(line === null || /^Sings in \S/.test(line), `an empty language list is never shown: ${line}`);
    }
    await cards
      .first()
      .getByRole('button', { name: /Play preview/ })
      .click();
    await page.waitForFunction(
      () => {
        const audio = document.querySelector('audio.visually-hidden') as AudioElement | null;
        return audio !== null && audio.currentTime > 0.1;
      },
      undefined,
      { timeout: 120_000 },
    );
    assert.ok(
      await cards
        .first()
        .getByRole('button', { name: /Stop preview/ })
        .isVisible(),
    );
  });

  it('deletes a track only after confirming', async () => {
    await page.goto('/studio/library');
    const item = page.locator(`[data-track-id="${trackId}"]`);
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.ok(await item.isVisible());
    await item.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await item.waitFor({ state: 'detached' });
    const gone = await fetch(`${baseUrl}/t/${trackId}`);
    assert.equal(gone.status, 404);
  });

  it('fits a phone screen without sideways scrolling, in the dark scheme too', async () => {
    const phone = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 375, height: 740 },
      colorScheme: 'dark',
    });
    await phone.addCookies(await context.cookies());
    const phonePage = await phone.newPage();
    for (const path of ['/', '/studio/create', '/studio/library', '/studio/workspace']) {
      await phonePage.goto(path);
      await phonePage.locator('main h1').first().waitFor();
      const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 375, `${path} is ${width} px wide on a 375 px screen`);
    }
    await phonePage.goto('/studio/create');
    await phonePage.locator('main h1').waitFor();
    await screenshot(phonePage, SCREENSHOT_DIR, '10-create-phone-dark');
    await assertAccessible(phonePage, 'the create page on a phone in dark mode');
    await phone.close();
  });

  it('signs out, and fetched nothing from any other host along the way', async () => {
    await page.goto('/studio/create');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto('/studio/library');
    await page.waitForURL(/\/studio\/signin\?next=%2Fstudio%2Flibrary/);
    assert.deepEqual(offsiteRequests, []);
  });

  it('keeps the first-load JavaScript under the 200 KB gzip budget', () => {
    const report = JSON.parse(readFileSync(join(STUDIO_DIST, 'bundle-size.json'), 'utf8')) as {
      gzipBytes: number;
    };
    assert.ok(report.gzipBytes > 0 && report.gzipBytes <= 200 * 1024, `${report.gzipBytes} bytes`);
    assert.ok(existsSync(dirname(SCREENSHOT_DIR)));
  });
});
