#!/usr/bin/env node
// Type-checks every TypeScript project, as many at once as the machine has cores: each tsc is
// single-threaded, so one after another left all but one core idle (about half of CI's static checks).
// A project's errors are printed together once it is done; the exit code is 1 if any project failed.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';

const PROJECTS = [
  'apps/api',
  'packages/sdk',
  'apps/studio',
  'packages/engine',
  'packages/engine/eval',
  'bench/engine',
  'bench/api',
  'bench/queue',
  'bench/scale',
  'bench/edge',
];

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let ok = true;
    for (let project = queue.shift(); project; project = queue.shift()) ok = (await check(project)) && ok;
    return ok;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
