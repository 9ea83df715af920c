// DATA_DIR holds the embedded database (its write-ahead log carries API-key and webhook secrets),
// the JWT secret and the track files: folders 0700 and files 0600, whatever PGlite or the umask
// would make, and an older DATA_DIR left open is made private at start with one line saying so.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createDatabase } from '../../../src/platform/database/create-database.js';
import {
  DataDirPermissionError,
  type ModeFs,
  makeDirectoryPrivate,
} from '../../../src/platform/shared/private-directory.js';
import { makeDataFoldersPrivate } from '../../../src/runtime.js';
import { MAIN_PATH, serveEnv } from '../../helpers/serve-process.js';

/** Every file and folder under root (root included) whose mode lets the group or others in. */
function openToOthers(root: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const mode = statSync(path).mode & 0o777;
    if (mode & 0o077) open.push(`${path} ${mode.toString(8)}`);
    if (statSync(path).isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(root);
  return open;
}

function countFiles(root: string): number {
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

/** A folder as an older Trackforge under umask 022 left it: 0755 folders, 0644 and 0666 files. */
function openDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tf-modes-'));
  chmodSync(dataDir, 0o755);
  mkdirSync(join(dataDir, 'files/tracks/wsp_a/trk_a'), { recursive: true, mode: 0o755 });
  chmodSync(join(dataDir, 'files'), 0o755);
  chmodSync(join(dataDir, 'files/tracks'), 0o755);
  chmodSync(join(dataDir, 'files/tracks/wsp_a'), 0o755);
  chmodSync(join(dataDir, 'files/tracks/wsp_a/trk_a'), 0o755);
  writeFileSync(join(dataDir, 'files/tracks/wsp_a/trk_a/audio.mp3'), 'mp3', { mode: 0o644 });
  chmodSync(join(dataDir, 'files/tracks/wsp_a/trk_a/audio.mp3'), 0o644);
  writeFileSync(join(dataDir, 'jwt-secret'), 'secret', { mode: 0o666 });
  chmodSync(join(dataDir, 'jwt-secret'), 0o666);
  return dataDir;
}

describe('the data folder is private to its user', () => {
  it('leaves no file of an embedded database open to other users, after opening and after closing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tf-modes-pglite-'));
    const database = await createDatabase({ kind: 'pglite', dataDir });
    try {
      assert.ok(countFiles(join(dataDir, 'pglite')) > 500, 'PGlite wrote its cluster');
      assert.deepEqual(openToOthers(join(dataDir, 'pglite')).slice(0, 5), []);
    } finally {
      await database.close();
    }
    assert.deepEqual(openToOthers(join(dataDir, 'pglite')).slice(0, 5), []);
  });

  it('makes an older data folder private at start and says so in one line', () => {
    const dataDir = openDataDir();
    const store = openDataDir(); // a file: STORAGE_URL outside DATA_DIR
    const notices: string[] = [];
    makeDataFoldersPrivate({ DATA_DIR: dataDir, STORAGE_URL: `file:${store}` }, (line) => notices.push(line));
    assert.deepEqual(openToOthers(dataDir), []);
    assert.deepEqual(openToOthers(store), []);
    assert.equal(statSync(dataDir).mode & 0o777, 0o700);
    assert.equal(statSync(join(dataDir, 'jwt-secret')).mode & 0o777, 0o600);
    assert.equal(notices.length, 2);
    assert.match(notices[0]!, new RegExp(`^${dataDir}: made 2 file\\(s\\) and 5 folder\\(s\\) private`));
    makeDataFoldersPrivate({ DATA_DIR: dataDir, STORAGE_URL: `file:${store}` }, (line) => notices.push(line));
    assert.equal(notices.length, 2, 'nothing to say once they are private');
  });

  it('refuses, naming the file and the command that fixes it, when a mode cannot be changed', () => {
    const dataDir = openDataDir();
    const foreign = join(dataDir, 'jwt-secret');
    const fs: ModeFs = {
      realpath: (path) => path,
      lstat: (path) => statSync(path),
      readdir: (path) => readdirSync(path),
      chmod: (path, mode) => {
        if (path === foreign) throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
        chmodSync(path, mode);
      },
    };
    assert.throws(
      () => makeDirectoryPrivate(dataDir, fs),
      (error: Error) =>
        error instanceof DataDirPermissionError &&
        error.message.includes(`${foreign} is open to other users (mode 0666)`) &&
        error.message.includes(`chmod -R go-rwx ${dataDir}`),
    );
  });

  it('keeps going when only the top folder is a mount point of another user, and reports it', () => {
    const dataDir = openDataDir();
    const fs: ModeFs = {
      realpath: (path) => path,
      lstat: (path) => statSync(path),
      readdir: (path) => readdirSync(path),
      chmod: (path, mode) => {
        if (path === dataDir) throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
        chmodSync(path, mode);
      },
    };
    const report = makeDirectoryPrivate(dataDir, fs);
    assert.equal(report.rootLeftOpen, 0o755);
    assert.deepEqual({ files: report.files, directories: report.directories }, { files: 2, directories: 4 });
    assert.deepEqual(openToOthers(dataDir), [`${dataDir} 755`]);
  });

  it('starts a process under umask 022 on an older data folder and leaves everything in it private', async () => {
    const dataDir = openDataDir();
    // `migrate` runs the same start as `serve` (config, data folder, database) and then exits.
    const child = spawn(
      '/bin/sh',
      ['-c', `umask 022 && exec "${process.execPath}" --import tsx "${MAIN_PATH}" migrate`],
      {
        env: serveEnv(dataDir),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('close', resolve));
    assert.equal(code, 0, stderr);
    assert.match(stderr, /made 2 file\(s\) and 5 folder\(s\) private to this user/);
    assert.ok(countFiles(join(dataDir, 'pglite')) > 500);
    assert.deepEqual(openToOthers(dataDir).slice(0, 5), []);
  });
});
