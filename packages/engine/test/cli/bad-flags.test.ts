import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createWorkDir, runCli } from './run-cli.js';

const workDir = createWorkDir('trackforge-cli-flags-');
const mkdirWorkDir = createWorkDir('trackforge-cli-mkdir-');

/** [arguments, what the one-line message must say]: every flag's bad values. */
const BAD_ARGUMENTS: [string[], RegExp][] = [
  [[], /give a prompt/],
  [['a', 'b'], /expected one prompt, got 2 arguments/],
  [['   '], /the prompt must not be empty/],
  [['x'.repeat(2001)], /2001 characters: at most 2000/],
  [['lofi', '--no-such-flag'], /unknown flag --no-such-flag \(see --help\)/],
  [['lofi', '--durration', '30s'], /unknown flag --durration: did you mean --duration\?/],
  [['lofi', '--sed', '7'], /unknown flag --sed: did you mean --seed\?/],
  [['lofi', '--out'], /--out needs a value/],
  [['lofi', '--out', '--json'], /--out needs a value/],
  [['lofi', '--json=yes'], /--json takes no value/],
  [['lofi', '--seed', '-1'], /--seed "-1" is not allowed: use an integer from 0 to 4294967295/],
  [['lofi', '-s', '-1'], /--seed "-1" is not allowed/],
  [['lofi', '--seed', '4294967296'], /--seed "4294967296" is not allowed/],
  [['lofi', '--seed', '1.5'], /--seed "1.5" is not allowed/],
  [['lofi', '--seed', 'abc'], /--seed "abc" is not allowed/],
  [['lofi', '--bpm', '20'], /--bpm "20" is not allowed: use an integer from 40 to 240/],
  [['lofi', '--bpm', '300'], /--bpm "300" is not allowed: use an integer from 40 to 240/],
  [['lofi', '--bpm', '-90'], /--bpm "-90" is not allowed/],
  [['lofi', '--key', 'H minor'], /--key "H minor" is not allowed: use a key such as "A minor"/],
  [['lofi', '--meter', '5'], /--meter "5" is not allowed: use a time signature such as 4\/4/],
  [['lofi', '--duration', '2s'], /--duration "2s" is not allowed: .*from 5 to 600 s/],
  [['lofi', '--duration', '11m'], /--duration "11m" is not allowed/],
  [['lofi', '-d', 'soon'], /--duration "soon" is not allowed/],
  [['lofi', '--format', 'aiff'], /--format "aiff" is not allowed: use wav, mp3, ogg, flac/],
  [['lofi', '--out', 'x.aiff'], /--out "x.aiff" ends in \.aiff, which is not an audio format/],
  [['lofi', '--out', 'x'], /--out "x" has no extension/],
  [
    ['lofi', '--out', 'missing/x.mp3'],
    /--out "missing\/x.mp3": the folder \S+missing does not exist \(create it, or add --mkdir\)/,
  ],
  [['lofi', '--midi', 'missing/x.mid'], /--midi "missing\/x.mid": the folder \S+ does not exist/],
  [['lofi', '--stems', 'missing/deeper'], /--stems "missing\/deeper": the folder \S+ does not exist/],
  [['lofi', '--out', 'folder.mp3'], /--out "folder.mp3" is a folder: give a file name/],
  [
    ['lofi', '--bank', 'huge'],
    /--bank "huge" is not allowed: use small, full or the path of a \.sf2\/\.sf3 file/,
  ],
  [['lofi', '--bank', 'not-a-bank.sf2'], /--bank "not-a-bank.sf2" is not a SoundFont/],
  [['pop', '--chords', 'Am F H7 G'], /--chords: unknown chord symbol "H7" \(chord 3, at character 6\)/],
  [['pop', '--lyrics', '[chant]\nla'], /--lyrics: line 1: unknown tag "\[chant\]"; tags are \[verse\]/],
  [
    ['pop', '--lyrics', 'twenty + 20'],
    /--lyrics: line 1 "twenty \+ 20" has characters the singers cannot sing/,
  ],
  [['pop', '--lyrics', ''], /--lyrics: has no lines to sing/],
  [['pop', '--lyrics', '@no-such-lyrics.txt'], /--lyrics "@no-such-lyrics.txt": no such file/],
  [
    ['pop', '--lyrics', 'la', '--captions', 'song.txt'],
    /--captions "song.txt": end the file name in \.lrc, \.vtt or \.srt/,
  ],
  [['pop', '--captions', 'song.lrc'], /--captions times the sung lines: give --lyrics too/],
  [
    ['pop', '--lyrics', 'la', '--captions', 'missing/song.lrc'],
    /--captions "missing\/song.lrc": the folder \S+ does not exist/,
  ],
  [
    [
      'pop, 115 bpm',
      '-d',
      '10',
      '--lyrics',
      'one line\ntwo lines\nthree lines here\nand four lines to sing\nfive',
    ],
    /--lyrics: the lyrics need at least \d+ s at 115 bpm and the track is 10 s/,
  ],
  [['pop', '--voice', 'nobody'], /--voice "nobody": no such voice; voices are soprano \(Maya Bright\)/],
  [['pop', '--voice', 'Jade Holloway', '--lyrics', 'la'], /--voice "Jade Holloway": no such voice/],
  [['pop', '--melody', 'broken.mid'], /--melody: not a Standard MIDI File/],
  [['pop', '--melody', 'none.mid'], /--melody "none.mid": no such file/],
  [
    ['ambient 60 bpm', '--sections', '[{"name": "a", "bars": 120}, {"name": "b", "bars": 40}]'],
    /--sections: the plan lasts 640 s .* at most 600 s/,
  ],
  [['pop', '--sections', '[{"name": "a"}]'], /--sections \[0\]: give its length as either bars or seconds/],
  [['pop', '--sections', 'plan.json'], /--sections "plan.json": not a JSON list and no such file/],
  [['batch'], /batch takes one prompts file/],
  [['batch', 'prompts.txt'], /batch needs --out-dir/],
  [['batch', 'prompts.txt', '--out-dir', 'missing'], /--out-dir "missing": the folder \S+ does not exist/],
  [['batch', 'none.txt', '--out-dir', '.'], /cannot read the prompts file "none.txt"/],
  [
    ['batch', 'prompts.txt', '--out-dir', '.', '--threads', '0'],
    /--threads "0" is not allowed: use an integer from 1 to 16/,
  ],
  [['batch', 'bad-lines.txt', '--out-dir', '.'], /bad-lines.txt:3: seed "-1" is not allowed/],
  [
    ['batch', 'unknown-field.txt', '--out-dir', '.'],
    /unknown-field.txt:1: unknown field "tempo": use prompt, duration/,
  ],
  [['batch', 'broken-json.txt', '--out-dir', '.'], /broken-json.txt:2: not a valid JSON line/],
  [['batch', 'empty.txt', '--out-dir', '.'], /empty.txt has no prompts/],
];

writeFileSync(join(workDir, 'prompts.txt'), 'calm piano\n');
writeFileSync(join(workDir, 'broken.mid'), 'this is not MIDI');
mkdirSync(join(workDir, 'folder.mp3'));
writeFileSync(join(workDir, 'not-a-bank.sf2'), 'RIFF but not really a SoundFont');
writeFileSync(join(workDir, 'bad-lines.txt'), 'calm piano\n\n{"prompt": "jig", "seed": -1}\n');
writeFileSync(join(workDir, 'unknown-field.txt'), '{"prompt": "jig", "tempo": 120}\n');
writeFileSync(join(workDir, 'broken-json.txt'), '# comment\n{"prompt": "jig"\n');
writeFileSync(join(workDir, 'empty.txt'), '# only a comment\n\n');
const FILES_BEFORE = readdirSync(workDir).sort();

// Each case is its own process; they only read the folder, so they run side by side.
describe('trackforge-engine with bad arguments', { concurrency: 4 }, () => {
  for (const [args, message] of BAD_ARGUMENTS) {
    const shown = args.map((arg) => (arg.length > 20 ? `${arg.slice(0, 8)}…` : arg)).join(' ');
    it(`exits 2 with one line naming the problem and makes nothing for: ${shown || '(no arguments)'}`, async () => {
      const result = await runCli(args, { cwd: workDir });
      assert.equal(result.status, 2, result.stderr);
      assert.equal(result.stdout, '');
      assert.match(result.stderr, /^trackforge-engine: [^\n]+ \(see --help\)\n$/);
      assert.match(result.stderr, message);
      assert.deepEqual(readdirSync(workDir).sort(), FILES_BEFORE);
    });
  }
});

describe('trackforge-engine --mkdir', () => {
  it('creates a missing output folder with --mkdir', async () => {
    const result = await runCli(
      ['calm piano', '-d', '5', '-s', '1', '--bank', 'small', '--out', 'a/b/t.ogg', '--mkdir', '-q'],
      { cwd: mkdirWorkDir },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr, '');
    assert.ok(existsSync(join(mkdirWorkDir, 'a', 'b', 't.ogg')));
  });
});
