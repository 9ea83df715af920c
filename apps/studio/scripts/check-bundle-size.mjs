#!/usr/bin/env node
// Fails the studio build when the JavaScript a first visit downloads (the entry script and every
// module it preloads, as index.html names them) is over the budget, gzip-compressed as served.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1]);
if (scripts.length === 0) {
  console.error('check-bundle-size: index.html names no script; the build looks broken');
  process.exit(1);
}
const files = scripts.map((src) => {
  const bytes = readFileSync(join(dist, src.replace(/^\/studio\//, '')));
  return { file: src, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
});
const gzipBytes = files.reduce((sum, file) => sum + file.gzipBytes, 0);
writeFileSync(
  join(dist, 'bundle-size.json'),
  `${JSON.stringify({ budgetBytes: BUDGET_BYTES, gzipBytes, files }, null, 2)}\n`,
);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`studio first-load JavaScript: ${kb(gzipBytes)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (gzipBytes > BUDGET_BYTES) {
  console.error(`check-bundle-size: over budget by ${kb(gzipBytes - BUDGET_BYTES)}`);
  process.exit(1);
}
