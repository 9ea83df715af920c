// Where the CLI writes: the audio file's name and format agree, folders exist (or --mkdir makes
// them), and nothing is created until every flag has been checked.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { AUDIO_FORMATS } from '../src/request-validation.js';
import type { AudioFormat } from '../src/types.js';
import { UsageError } from './usage-error.js';

export interface AudioTarget {
  /** Where the audio goes; null with --json and no --out (only the summary is wanted). */
  path: string | null;
  format: AudioFormat;
  /** Set when --format changed the extension of --out, to tell the user which file was written. */
  renamedFrom?: string;
}

const EXTENSIONS = AUDIO_FORMATS.map((format) => `.${format}`).join(', ');

/** Reconciles --out and --format: the extension decides unless --format is given, which then wins. */
export function resolveAudioTarget(
  out: string | undefined,
  format: AudioFormat | undefined,
  json: boolean,
): AudioTarget {
  if (out === undefined) return { path: json ? null : `track.${format ?? 'mp3'}`, format: format ?? 'mp3' };
  const extension = extname(out);
  const extensionFormat = extension.slice(1).toLowerCase() as AudioFormat;
  const known = AUDIO_FORMATS.includes(extensionFormat);
  if (format === undefined) {
    if (known) return { path: out, format: extensionFormat };
    const problem =
      extension === '' ? 'has no extension' : `ends in ${extension}, which is not an audio format`;
    throw new UsageError(
      `--out ${JSON.stringify(out)} ${problem}: end it with ${EXTENSIONS}, or give --format`,
    );
  }
  if (extensionFormat === format) return { path: out, format };
  const path = known ? `${out.slice(0, -extension.length)}.${format}` : `${out}.${format}`;
  return { path, format, renamedFrom: out };
}

/** Checks that a file can be written at path; returns the folder to create (with --mkdir) or null. */
export function checkFileTarget(flag: string, path: string, mkdir: boolean): string | null {
  if (existsSync(path) && statSync(path).isDirectory())
    throw new UsageError(`--${flag} ${JSON.stringify(path)} is a folder: give a file name`);
  return checkFolder(flag, path, dirname(resolve(path)), mkdir);
}

/** Checks a folder the CLI writes into (--stems, --out-dir): it exists, or its parent does, or --mkdir. */
export function checkFolderTarget(
  flag: string,
  folder: string,
  mkdir: boolean,
  createLeaf: boolean,
): string | null {
  const absolute = resolve(folder);
  if (existsSync(absolute)) {
    if (!statSync(absolute).isDirectory())
      throw new UsageError(`--${flag} ${JSON.stringify(folder)} is a file, not a folder`);
    return null;
  }
  if (createLeaf && existsSync(dirname(absolute))) return absolute;
  return checkFolder(flag, folder, absolute, mkdir);
}

function checkFolder(flag: string, given: string, folder: string, mkdir: boolean): string | null {
  if (existsSync(folder)) {
    if (statSync(folder).isDirectory()) return null;
    throw new UsageError(`--${flag} ${JSON.stringify(given)}: ${folder} is a file, not a folder`);
  }
  if (mkdir) return folder;
  throw new UsageError(
    `--${flag} ${JSON.stringify(given)}: the folder ${folder} does not exist (create it, or add --mkdir)`,
  );
}

/** Creates the folders the checks asked for, once nothing else can fail on input. */
export function createFolders(folders: readonly (string | null)[]): void {
  for (const folder of folders) if (folder) mkdirSync(folder, { recursive: true });
}

/** 'small' and 'full' are the bundled banks; anything else must be a SoundFont file. */
export function checkBank(value: string): string {
  if (value === 'small' || value === 'full') return value;
  if (existsSync(value) && statSync(value).isFile()) return value;
  throw new UsageError(
    `--bank ${JSON.stringify(value)} is not allowed: use small, full or the path of a .sf2/.sf3 file that exists`,
  );
}
