import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runCli } from './run-cli.js';

describe('trackforge-engine --help and --version', () => {
  it('prints every section of the help on stdout and exits 0', async () => {
    const result = await runCli(['--help']);
    assert.equal(result.status, 0);
    assert.equal(result.stderr, '');
    for (const section of [
      'Usage:',
      'Options:',
      'Durations:',
      'Formats:',
      'Banks:',
      'Progress:',
      'Batch:',
      'Examples:',
      'Exit codes:',
    ]) {
      assert.match(result.stdout, new RegExp(`^${section}$`, 'm'), `missing section ${section}`);
    }
  });

  it('describes every flag with its default and the API ranges', async () => {
    const { stdout } = await runCli(['-h']);
    for (const flag of ['--out', '--format', '--duration', '--seed', '--bpm', '--key', '--meter', '--loop']) {
      assert.match(stdout, new RegExp(`^\\s+(-\\w, )?${flag}\\b.*\\S`, 'm'), `missing ${flag}`);
    }
    for (const flag of ['--midi', '--stems', '--bank', '--mkdir', '--json', '--quiet', '--version']) {
      assert.match(stdout, new RegExp(`^\\s+(-\\w, )?${flag}\\b`, 'm'), `missing ${flag}`);
    }
    assert.match(stdout, /--bpm <n>\s+Tempo, integer from 40 to 240/);
    assert.match(stdout, /--seed <n>\s+Integer from 0 to 4294967295/);
    assert.match(stdout, /5-600 s\. Default: short \(30 s\)/);
    assert.match(stdout, /^ {2}0 {2}\S/m);
    assert.match(stdout, /^ {2}2 {2}bad arguments/m);
  });

  it('gives examples for a loop, stems with MIDI, a seed sweep and a batch', async () => {
    const { stdout } = await runCli(['--help']);
    const examples = stdout.slice(stdout.indexOf('Examples:'));
    assert.match(examples, /--loop/);
    assert.match(examples, /--midi \S+ --stems \S+/);
    assert.match(examples, /for seed in .*--seed \$seed/);
    assert.match(examples, /batch prompts\.txt --out-dir/);
  });

  it('shows the same help for batch --help', async () => {
    assert.equal((await runCli(['batch', '--help'])).stdout, (await runCli(['--help'])).stdout);
  });

  it('prints the package version with --version', async () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const result = await runCli(['--version']);
    assert.equal(result.status, 0);
    assert.equal(result.stdout, `${manifest.version}\n`);
  });
});
