#!/usr/bin/env node
// Type-checks every TypeScript project, as many at once as the machine has cores: each tsc is
// single-threaded, so one after another left all but one core idle (about half of CI's static checks).
// A project's errors are printed together once it is done; the exit code is 1 if any project failed.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';

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
const run = promisify(execFile);

async function check(project) {
  try {
    await run(process.execPath, [tsc, '-p', project, '--noEmit'], { maxBuffer: 64 * 1024 * 1024 });
    process.stdout.write(`tsc -p ${project}: ok\n`);
    return true;
  } catch (error) {
    process.stdout.write(
      `tsc -p ${project}: failed\n${error.stdout ?? ''}${error.stderr ?? error.message}\n`,
    );
    return false;
  }
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
