#!/usr/bin/env node
// Builds the API into plain JavaScript (apps/api/dist/) so that `npm start`, `npm run worker`,
// `migrate`, `admin` and the container run `node apps/api/dist/main.js` without a TypeScript
// loader: tsx costs an API process about 80 MB of RSS (its loader, esbuild's transforms and the
// source maps it keeps), a third of what an API-only node needs. Tests keep running the sources
// through tsx.
//
// One esbuild bundle with four entries: main.js, and the three worker-thread entries the pools
// start by URL beside them (generation-worker.js, render-worker.js, track-inputs-worker.js; see
// generation-pool.ts, the engine's render-pool.ts and track-inputs-thread.ts). The workspace's own packages (@trackforge/engine, shipped as
// TypeScript) are bundled in; every other package stays in node_modules, so PGlite's WASM and data
// files, the sound bank and the encoders' .wasm resolve as they do from the sources. Code
// splitting keeps the lazy imports lazy (PGlite or pg, the engine, Stripe, the API docs): each is a
// chunk loaded on first use. The studio path (`../../studio/dist/` from app.ts) holds from
// apps/api/dist too, which is why every file lands flat in that folder.
//
// Usage: node scripts/build-api.mjs            build
//        node scripts/build-api.mjs --if-stale  build only when a source the last build read, this
//                                               script or a package manifest is newer than it
//                                               (what `npm start` runs first: a few ms when fresh)
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'apps/api/dist');
/** The source files the last build read (esbuild's metafile inputs), to tell when it is stale. */
const INPUTS_FILE = join(OUT_DIR, 'inputs.json');
const ALWAYS_CHECKED = [
  'scripts/build-api.mjs',
  'package.json',
  'apps/api/package.json',
  'packages/engine/package.json',
];

function builtAtMs() {
  try {
    return statSync(INPUTS_FILE).mtimeMs;
  } catch {
    return null;
  }
}

function isStale() {
  const builtMs = builtAtMs();
  if (builtMs === null) return true;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(INPUTS_FILE, 'utf8'));
  } catch {
    return true;
  }
  for (const input of [...ALWAYS_CHECKED, ...inputs]) {
    try {
      if (statSync(join(ROOT, input)).mtimeMs > builtMs) return true;
    } catch {
      return true; // a file the last build read is gone
    }
  }
  return false;
}

/** Bundles the workspace's own packages; leaves every other bare import to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@trackforge/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

async function buildApi() {
  const startedMs = performance.now();
  const { build } = await import('esbuild');
  rmSync(OUT_DIR, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'apps/api/src/main.ts',
      'generation-worker': 'apps/api/src/features/tracks/generation/generation-worker.ts',
      'track-inputs-worker': 'apps/api/src/features/tracks/track-inputs-worker.ts',
      'render-worker': 'packages/engine/src/rendering/render-worker.ts',
    },
    outdir: OUT_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    chunkNames: '[name]-[hash]',
    plugins: [externalPackages],
    // Kept for debugging (NODE_OPTIONS=--enable-source-maps); Node reads them only when asked.
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules/'));
  writeFileSync(INPUTS_FILE, `${JSON.stringify(inputs, null, 1)}\n`);
  const ms = Math.round(performance.now() - startedMs);
  process.stderr.write(`built ${relative(ROOT, OUT_DIR)}/ from ${inputs.length} sources in ${ms} ms\n`);
}

if (!process.argv.includes('--if-stale') || isStale()) await buildApi();
