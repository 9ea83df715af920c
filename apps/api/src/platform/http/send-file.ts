// Sending a stored file the way every download route does: ETag and If-None-Match (304), one
// byte range with If-Range (206, or 416 naming the size), Content-Length, caching and the
// download name. Routes say what the file is; this says how it goes out.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { ByteRange } from '../storage/storage.js';
import { parseRange } from './range.js';

export interface SendableFile {
  /** Size of the whole file. */
  bytes: number;
  /** A strong ETag, quoted. */
  etag: string;
  contentType: string;
  /** The Cache-Control value (who may keep it, for how long); omitted when the route set it (http/edge-cache.ts). */
  cacheControl?: string;
  /** `inline` or `attachment`, with the name a browser saves it under. */
  disposition?: { type: 'inline' | 'attachment'; filename: string };
  /** The file's bytes, or only the inclusive range asked for. */
  open(range?: ByteRange): Promise<Readable | Uint8Array>;
}

/** A file whose bytes are still being made: its length is not known until the end. */
export type GrowingFile = Omit<SendableFile, 'bytes' | 'open'> & { read(): Readable };

export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SendableFile,
): Promise<FastifyReply> {
  if (describe(request, reply, file)) return reply.code(304).send();
  const ifRange = request.headers['if-range'];
  // A range of a file that changed since the client's copy would splice two versions: send it whole.
  const range = ifRange && ifRange !== file.etag ? undefined : parseRange(request.headers.range, file.bytes);
  if (range === 'unsatisfiable') {
    throw new AppError(
      'range_not_satisfiable',
      `The file has ${file.bytes} bytes; ask for a range inside it.`,
      {
        headers: { 'content-range': `bytes */${file.bytes}` },
      },
    );
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${file.bytes}`);
    reply.header('content-length', String(range.end - range.start + 1));
    return reply.send(asBody(await file.open(range)));
  }
  reply.header('content-length', String(file.bytes));
  return reply.send(asBody(await file.open()));
}

/**
 * Streams a file while it is made (chunked, no Content-Length). A byte range cannot be served
 * before the end is known, so callers send ranges from the finished file through sendFile.
 */
export function sendGrowingFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: GrowingFile,
): FastifyReply {
  if (describe(request, reply, file)) return reply.code(304).send();
  return reply.send(file.read());
}

/**
 * A signal that aborts once this request's answer is over: sent in full, or its client gone
 * (Node's response emits 'close' in both cases). Work done only for this answer stops on it.
 */
export function answerOver(reply: FastifyReply): AbortSignal {
  const over = new AbortController();
  if (reply.raw.closed) over.abort();
  else reply.raw.once('close', () => over.abort());
  return over.signal;
}

/** Sets the headers every download carries; true when the client's copy is current (304). */
function describe(request: FastifyRequest, reply: FastifyReply, file: GrowingFile | SendableFile): boolean {
  reply.header('etag', file.etag);
  reply.header('accept-ranges', 'bytes');
  if (file.cacheControl) reply.header('cache-control', file.cacheControl);
  if (file.disposition) {
    reply.header('content-disposition', `${file.disposition.type}; filename="${file.disposition.filename}"`);
  }
  reply.type(file.contentType);
  return clientHasCurrent(request, file.etag);
}

/**
 * Whether the request's If-None-Match names this ETag, so the answer is 304 (RFC 9110 §13.1.2):
 * `*`, or a comma-separated list compared weakly, so a `W/"…"` (how a CDN hands back a tag it
 * weakened when it compressed the file) matches the strong tag it came from.
 */
export function clientHasCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || opaque(tag) === wanted);
}

/** Opens a file held in memory, whole or one inclusive range. */
/** A strong ETag of a file's bytes, quoted: the same bytes always give the same tag. */
export function contentEtag(bytes: Uint8Array | string): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

export function inMemory(bytes: Uint8Array): SendableFile['open'] {
  return async (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes);
}

function asBody(body: Readable | Uint8Array): Readable | Buffer {
  return body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
}
