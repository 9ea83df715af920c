// POST /v1/tracks as multipart/form-data: a `request` part holding the JSON body and a `melody`
// file part holding a MIDI file. The parts become the JSON body (the file base64 in `melody`), so
// one schema and one set of checks serve both forms.
import { AppError } from '../../errors.js';

/** The largest multipart body accepted: a 256 KB melody plus the request and the framing. */
export const MAX_MULTIPART_BYTES = 512 * 1024;

interface Part {
  name: string;
  filename: string | null;
  body: Buffer;
}

function boundaryOf(contentType: string): string {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) {
    throw new AppError(
      'validation_failed',
      'A multipart/form-data body needs a boundary in its Content-Type.',
      {
        param: 'content-type',
      },
    );
  }
  return boundary;
}

function readParts(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const afterDelimiter = at + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') return parts;
    const headerEnd = body.indexOf('\r\n\r\n', afterDelimiter);
    const next = body.indexOf(delimiter, afterDelimiter);
    if (headerEnd < 0 || next < 0 || headerEnd > next) break;
    const headers = body.subarray(afterDelimiter, headerEnd).toString('latin1');
    const disposition = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
    // The part's data ends with the CRLF that precedes the next delimiter.
    if (name !== undefined) parts.push({ name, filename, body: body.subarray(headerEnd + 4, next - 2) });
    at = next;
  }
  throw new AppError(
    'validation_failed',
    'The multipart/form-data body is malformed (a part or the closing boundary is missing).',
    {
      param: 'body',
    },
  );
}

/**
 * Turns a multipart body into the JSON body of POST /v1/tracks: the `request` part's JSON object,
 * with the `melody` part's bytes base64-encoded in `melody`.
 */
export function multipartToTrackBody(body: Buffer, contentType: string): Record<string, unknown> {
  const parts = readParts(body, boundaryOf(contentType));
  const known = new Set(['request', 'melody']);
  const unknown = parts.find((part) => !known.has(part.name));
  if (unknown) {
    throw new AppError(
      'validation_failed',
      `Unknown form part "${unknown.name}"; send a "request" JSON part and a "melody" file part.`,
      {
        param: unknown.name,
      },
    );
  }
  const request = parts.find((part) => part.name === 'request');
  if (!request) {
    throw new AppError(
      'validation_failed',
      'The form needs a "request" part holding the track request as JSON.',
      {
        param: 'request',
      },
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(request.body.toString('utf8'));
  } catch (error) {
    throw new AppError(
      'validation_failed',
      `The "request" part is not valid JSON: ${(error as Error).message}`,
      {
        param: 'request',
      },
    );
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new AppError('validation_failed', 'The "request" part must be a JSON object.', {
      param: 'request',
    });
  }
  const melody = parts.find((part) => part.name === 'melody');
  if (melody && 'melody' in json) {
    throw new AppError(
      'validation_failed',
      'Send the melody once: as the "melody" file part or in the request JSON.',
      {
        param: 'melody',
      },
    );
  }
  return melody ? { ...json, melody: melody.body.toString('base64') } : (json as Record<string, unknown>);
}
