// What the real-browser suites share: where Chromium and the studio's build are, whether the suite
// runs, a free port, the service and Chromium started together, sign-up through the dev mailbox,
// axe-core run in the page, and screenshots.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import type { Services } from '../../src/compose.js';
import { buildTestApp, testConfig } from './app.js';
import { createTestDatabase } from './databases.js';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const STUDIO_DIST = join(REPO_ROOT, 'apps/studio/dist');

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The `skip` of a browser suite: without a chromium it can only be skipped on a developer's
 * machine; CI sets TEST_BROWSER=on so a missing browser fails there instead of passing silently.
 */
export function browserSuiteSkip(suite: string): string | false {
  if (existsSync(CHROMIUM_PATH)) return false;
  if (process.env.TEST_BROWSER === 'on') {
    throw new Error(
      `TEST_BROWSER=on but there is no chromium at ${CHROMIUM_PATH} (apt-get install chromium)`,
    );
  }
  return `no chromium at ${CHROMIUM_PATH}: install Debian's chromium (or set CHROMIUM_PATH) to run the ${suite} browser tests`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Runs axe-core in the page and fails naming each violation: of serious or critical impact by
 * default, or of any impact with `{ anyImpact: true }`.
 */
export async function assertAccessible(
  page: Page,
  name: string,
  { anyImpact = false }: { anyImpact?: boolean } = {},
): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    'axe.run(document).then((result) => result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })))',
  )) as { id: string; impact: string; help: string; nodes: string[] }[];
  const bad = anyImpact
    ? violations
    : violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`),
    [],
    `axe found ${anyImpact ? '' : 'serious '}problems on ${name}`,
  );
}

/** A full-page screenshot at `<directory>/<name>.png` (the directory must exist). */
export async function screenshot(page: Page, directory: string, name: string): Promise<void> {
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

/** The service (PGlite, small bank, one generation worker, 3 signup credits) and Chromium a studio suite drives. */
export interface StudioRig {
  baseUrl: string;
  services: Services;
  browser: Browser;
  /** A 1280-wide context whose requests to any other origin are refused and listed. */
  context: BrowserContext;
  offsiteRequests: string[];
  stop(): Promise<void>;
}

export async function startStudioRig(
  screenshotDir: string,
  contextOptions: BrowserContextOptions = {},
): Promise<StudioRig> {
  // `npm ci` builds the studio (root `prepare`); build here too when a checkout skipped that.
  if (!existsSync(join(STUDIO_DIST, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', 'apps/studio'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  mkdirSync(screenshotDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = testConfig({ PUBLIC_URL: baseUrl, ENGINE_BANK: 'small', WORKERS: '1', CREDITS_SIGNUP: '3' });
  const database = await createTestDatabase('pglite');
  const { app, services } = await buildTestApp({ config, database });
  await app.listen({ port, host: '127.0.0.1' });
  await services.start({ generation: { pollMs: 100 } });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--autoplay-policy=no-user-gesture-required'],
  });
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    ...contextOptions,
  });
  // Nothing but this server: any other host is recorded and refused.
  const offsiteRequests: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === baseUrl || url.protocol === 'data:' || url.protocol === 'blob:')
      return route.continue();
    offsiteRequests.push(url.href);
    return route.abort();
  });
  return {
    baseUrl,
    services,
    browser,
    context,
    offsiteRequests,
    async stop() {
      await browser.close();
      await services.stop({ generation: true });
      await app.close();
      await database.close();
    },
  };
}

/** Signs `email` up through the studio's form and the dev mailbox's link; ends on the create page. */
export async function signUpInStudio(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto('/studio/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-up link' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
  const mails = (await (await fetch(`${baseUrl}/_dev/mail`)).json()) as { to: string; text: string }[];
  const link = /(https?:\/\/\S+\/studio\/auth\/callback\?token=[\w-]+)/.exec(
    mails.find((mail) => mail.to === email)?.text ?? '',
  )?.[1];
  assert.ok(link, 'a sign-up link in the dev mailbox');
  await page.goto(link);
  await page.waitForURL(/\/studio\/create$/);
}
