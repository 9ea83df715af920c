// DATA_DIR holds secrets in plain files: the embedded database (its write-ahead log and tables
// carry API-key and webhook signing secrets), the generated JWT secret, the operator token and
// every track's files. No other user of the machine may read or change them, so Trackforge's
// folders are 0700 and its files 0600. New ones are made so (main.ts sets the umask, and each
// writer passes its mode); what already exists wider — left by an older version, copied in by
// hand, or written by PGlite, whose initdb leaves its files 0666 and whose fopen ignores the
// umask — is made private at start, because refusing would refuse every fresh PGlite directory.
// Only when this process cannot change a mode (the file belongs to another user) is it refused;
// except the top folder itself, which may be a mount point this user was given but does not own
// (Kubernetes' emptyDir with an fsGroup is root's, mode 2777): what is inside is still private,
// so it is reported rather than refused.
import { chmodSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** Permission bits for the group and other users: none of them may be set. */
const SHARED_BITS = 0o077;

/** A file or folder under DATA_DIR that others may read and this process cannot make private. */
export class DataDirPermissionError extends Error {
  override name = 'DataDirPermissionError';
  constructor(
    readonly path: string,
    readonly mode: number,
    readonly root: string,
    cause: NodeJS.ErrnoException,
  ) {
    super(
      `${path} is open to other users (mode ${octal(mode)}) and this process cannot make it private (${cause.code}): run \`chmod -R go-rwx ${root}\` as its owner, or start Trackforge as the user that owns it`,
    );
  }
}

/** What was made private: how many files and folders had group or other permissions. */
export interface PrivateDirectoryReport {
  files: number;
  directories: number;
  /** The top folder's mode when it is open to others and belongs to another user (a mount point). */
  rootLeftOpen?: number;
}

/** The file-system calls used, so a test can stand in a file its process may not change. */
export interface ModeFs {
  realpath(path: string): string;
  lstat(path: string): { mode: number; isDirectory(): boolean; isFile(): boolean };
  chmod(path: string, mode: number): void;
  readdir(path: string): string[];
}

const nodeModeFs: ModeFs = {
  realpath: (path) => realpathSync(path),
  lstat: (path) => lstatSync(path),
  chmod: (path, mode) => chmodSync(path, mode),
  readdir: (path) => readdirSync(path),
};

/**
 * Makes the folder root (a symbolic link to it is followed) and every file and folder under it
 * private to this user, keeping the owner's own bits; links inside are neither followed nor
 * changed. Throws DataDirPermissionError when a mode cannot be changed.
 */
export function makeDirectoryPrivate(root: string, fs: ModeFs = nodeModeFs): PrivateDirectoryReport {
  const report: PrivateDirectoryReport = { files: 0, directories: 0 };
  const top = fs.realpath(root);
  // A stack rather than recursion: the track store may be deep and wide.
  const pending = [top];
  while (pending.length > 0) {
    const path = pending.pop() as string;
    let entry: ReturnType<ModeFs['lstat']>;
    try {
      entry = fs.lstat(path);
    } catch (error) {
      // gone meanwhile (another node sweeping the shared store, a rename into place): nothing to do
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const directory = entry.isDirectory();
    if (!directory && !entry.isFile()) continue;
    if ((entry.mode & SHARED_BITS) !== 0 && makePrivate(fs, path, entry.mode, path === top, root, report)) {
      if (directory) report.directories++;
      else report.files++;
    }
    if (directory) {
      for (const name of readEntries(fs, path, entry.mode, root)) pending.push(join(path, name));
    }
  }
  return report;
}

/** Takes the group's and others' bits off; false when it was not changed (gone, or the top folder left open). */
function makePrivate(
  fs: ModeFs,
  path: string,
  mode: number,
  isTop: boolean,
  root: string,
  report: PrivateDirectoryReport,
): boolean {
  try {
    fs.chmod(path, mode & 0o7700);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (isTop && code === 'EPERM') {
      report.rootLeftOpen = mode & 0o7777;
      return false;
    }
    throw new DataDirPermissionError(path, mode, root, error as NodeJS.ErrnoException);
  }
}

function readEntries(fs: ModeFs, path: string, mode: number, root: string): string[] {
  try {
    return fs.readdir(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return [];
    if (code === 'EACCES' || code === 'EPERM')
      throw new DataDirPermissionError(path, mode, root, error as NodeJS.ErrnoException);
    throw error;
  }
}

export function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8)}`;
}
