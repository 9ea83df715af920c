// What the real-browser suites share: where Chromium and the studio's build are, whether the suite
// runs, a free port, axe-core run in the page, and screenshots.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

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
