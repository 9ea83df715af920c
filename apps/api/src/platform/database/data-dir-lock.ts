// The embedded database has exactly one owner process. PGlite keeps its state in the memory of the
// process that opened it: a second process on the same directory works on a private copy that
// the first never sees and overwrites (an admin grant "succeeded" and was lost). So whoever opens
// DATA_DIR/pglite first writes its pid into DATA_DIR/pglite.lock with an exclusive create, and
// everyone else is refused while that pid is alive. A lock left by a killed process (kill -9,
// power loss) names a dead pid and is taken over, so it never wedges the next start.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRIVATE_FILE_MODE } from '../shared/private-directory.js';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${ownerPid} (a running server?); the embedded database has one owner: stop that process, or set DATABASE_URL to share a PostgreSQL server`,
    );
  }
}

/** Lock paths this process holds, so a reused pid of ours in a stale file is not mistaken for us. */
const held = new Set<string>();

export function dataDirLockPath(dataDir: string): string {
  return join(resolve(dataDir), 'pglite.lock');
}

/** The pid in the lock file when that process is alive; undefined when unlocked or stale. */
export function findLiveLockOwner(dataDir: string): number | undefined {
  const path = dataDirLockPath(dataDir);
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (pid === process.pid) return held.has(path) ? pid : undefined;
  return isAlive(pid) ? pid : undefined;
}

/** Takes the lock or throws DataDirLockedError; the returned release() removes it. */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const path = dataDirLockPath(dataDir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      held.add(path);
      return { release: () => release(path) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = findLiveLockOwner(dataDir);
    if (owner !== undefined) throw new DataDirLockedError(dataDir, owner);
    // Stale: its process is gone. Remove it and try the exclusive create again.
    try {
      unlinkSync(path);
    } catch {}
  }
  throw new Error(`could not take ${path}: it keeps reappearing`);
}

function release(path: string): void {
  if (!held.delete(path)) return;
  try {
    if (Number.parseInt(readFileSync(path, 'utf8'), 10) === process.pid) unlinkSync(path);
  } catch {}
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user; still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
