#!/usr/bin/env node
// After merging a branch cut before the API's folders moved to features/ and platform/: rewrites the
// relative imports (and new URL('…', import.meta.url) paths) that still point at the old folders.
// For each specifier whose target does not exist, the file's old location is worked out from the
// move table, the specifier resolved from there, mapped to the new folders and re-relativised.
// Usage: node scripts/fix-moved-imports.mjs [--dry] [files or folders…]   (default: apps/api bench)
// Needed only while branches cut before the move are merged; delete it afterwards.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = process.cwd();
const MOVES = {
  tracks: 'features/tracks',
  generation: 'features/tracks/generation',
  voices: 'features/voices',
  accounts: 'features/accounts',
  auth: 'features/accounts/auth',
  keys: 'features/accounts/keys',
  me: 'features/accounts/me',
  billing: 'features/billing',
  credits: 'features/billing/credits',
  events: 'features/events',
  webhooks: 'features/events/webhooks',
  studio: 'features/studio',
  guides: 'features/guides',
  http: 'platform/http',
  database: 'platform/database',
  jobs: 'platform/jobs',
  storage: 'platform/storage',
  mail: 'platform/mail',
  idempotency: 'platform/idempotency',
  health: 'platform/health',
  shared: 'platform/shared',
  edge: 'platform/edge',
};
const pairs = [];
for (const base of ['apps/api/src', 'apps/api/test'])
  for (const [from, to] of Object.entries(MOVES)) pairs.push([join(ROOT, base, from), join(ROOT, base, to)]);
pairs.push([
  join(ROOT, 'apps/api/test/docs/guides.test.ts'),
  join(ROOT, 'apps/api/test/features/guides/guides.test.ts'),
]);
const byNewLength = [...pairs].sort((a, b) => b[1].length - a[1].length);
const toNew = (p) => {
  for (const [a, b] of pairs) if (p === a || p.startsWith(`${a}/`)) return b + p.slice(a.length);
  return p;
};
const toOld = (p) => {
  for (const [a, b] of byNewLength) if (p === b || p.startsWith(`${b}/`)) return a + p.slice(b.length);
  return p;
};
const exists = (p) =>
  ['', '.ts', '.tsx', '.mts'].some((ext) => existsSync(p.replace(/\.js$/, '') + ext)) || existsSync(p);
const dry = process.argv.includes('--dry');
const roots = process.argv.slice(2).filter((a) => a !== '--dry');
const files = [];
const walk = (p) => {
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p))
      if (name !== 'node_modules' && name !== 'dist' && !name.startsWith('.')) walk(join(p, name));
  } else if (/\.(ts|tsx|mts|mjs)$/.test(p)) files.push(p);
};
for (const r of roots.length ? roots : ['apps/api', 'bench']) walk(resolve(ROOT, r));
const RE = /((?:from|import)\s*\(?\s*|new URL\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
let changed = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(RE, (whole, lead, q, spec) => {
    if (exists(resolve(dirname(file), spec))) return whole;
    const target = toNew(resolve(dirname(toOld(file)), spec));
    if (!exists(target)) return whole;
    let rel = relative(dirname(file), target) || '.';
    if (!rel.startsWith('.')) rel = `./${rel}`;
    if (spec.endsWith('/') && !rel.endsWith('/')) rel += '/';
    changed++;
    console.log(`${relative(ROOT, file)}: ${spec} -> ${rel}`);
    return `${lead}${q}${rel}${q}`;
  });
  if (next !== text && !dry) writeFileSync(file, next);
}
console.log(
  `${changed} specifier(s) ${dry ? 'would change' : 'changed'}; then run npx biome check --write on the files`,
);
