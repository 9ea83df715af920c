// Where generated files live. One small interface so the local disk (embedded mode) and an
// S3-compatible bucket (scaled mode) are interchangeable; keys are '/'-separated relative paths.
import type { Readable } from 'node:stream';

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes (or the given range) as a stream; throws when it does not exist. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the object, or undefined when it does not exist. */
  stat(key: string): Promise<{ bytes: number } | undefined>;
  /** Deletes every object whose key starts with prefix (a folder such as `tracks/wsp_…/trk_…/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** Every object whose key starts with prefix, with its size and when it was last written. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Appends to an object (local disk only): the live MP3 that ?stream=1 listeners tail. */
  append?(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's path on local disk, for tailing a file that is still growing. */
  localPath?(key: string): string;
}

/** An object's bytes, whole: for the small files the service reads itself (a waveform, a master, a preview). */
export async function readObject(storage: Pick<Storage, 'getStream'>, key: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of await storage.getStream(key)) {
    const bytes: Uint8Array = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(bytes);
    total += bytes.byteLength;
  }
  // one copy, into a buffer of its own (so it can be moved to a worker thread)
  const whole = new Uint8Array(total);
  let at = 0;
  for (const bytes of chunks) {
    whole.set(bytes, at);
    at += bytes.byteLength;
  }
  return whole;
}

/** Refuses keys that could escape the storage root. */
export function assertSafeKey(key: string): void {
  if (key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
