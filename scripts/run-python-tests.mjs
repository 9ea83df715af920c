// The Python SDK's pytest suite, for scripts/run-tests.mjs: makes sure .venv-sdk exists (via
// scripts/setup-python-sdk.sh, when python3 is there), runs pytest in it and returns its counts.
import { spawn, spawnSync } from 'node:child_process';

/** Runs a command with its output passed through; resolves to its exit status and output. */
export function runPassingThrough(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['inherit', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

/** True when the run covers packages/sdk-python (the default run does). */
export function coversPythonSdk(roots) {
  return roots.some((root) => {
    const path = root.replace(/\/+$/, '');
    return path === 'packages' || path === 'packages/sdk-python' || path.startsWith('packages/sdk-python/');
  });
}

export async function runPythonTests(roots) {
  if (spawnSync('python3', ['--version']).status !== 0) {
    process.stdout.write('python3 not found: the Python SDK tests were not run\n');
    return { status: 0, passed: 0, failed: 0 };
  }
  const setup = spawnSync('bash', ['scripts/setup-python-sdk.sh'], { stdio: 'inherit' });
  if (setup.status !== 0) {
    process.stdout.write('scripts/setup-python-sdk.sh failed: the Python SDK tests could not run\n');
    return { status: 1, passed: 0, failed: 1 };
  }
  const targets = roots
    .filter((root) => root.startsWith('packages/sdk-python/'))
    .map((root) => root.slice('packages/sdk-python/'.length));
  const { status, output } = await runPassingThrough(
    '../../.venv-sdk/bin/python',
    ['-m', 'pytest', '-p', 'no:cacheprovider', '-q', ...(targets.length > 0 ? targets : ['tests'])],
    { cwd: 'packages/sdk-python' },
  );
  const summary = output.trim().split('\n').at(-1) ?? '';
  const count = (word) => Number(summary.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  const failed = count('failed') + count('errors?');
  // pytest exits 5 when it collected nothing; that is a failure here, not a pass.
  return { status, passed: count('passed'), failed: status !== 0 && failed === 0 ? 1 : failed };
}
