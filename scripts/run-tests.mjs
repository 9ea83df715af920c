#!/usr/bin/env node
// Runs every workspace's tests in one node:test invocation so CI reads one summary line.
// Node 20's --test does not expand globs itself, hence the walk.
// Usage: node scripts/run-tests.mjs [dir ...]   (default: apps packages)
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['apps', 'packages'];
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.test\.ts$/.test(name) && path.split('/').includes('test')) files.push(path);
  }
}
for (const root of roots) walk(root);
files.sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
