// A downloaded file (audio, MIDI, stems, waveform, timed lyrics, progressive stream): read it whole, as a web
// stream, or write it to disk in Node, without buffering a long track in memory.

/** The answer of a download: the bytes, read once, in whichever form suits the caller. */
export class BinaryResponse {
  constructor(readonly response: Response) {}

  /** The MIME type, e.g. `audio/mpeg`. */
  get contentType(): string | null {
    return this.response.headers.get('content-type');
  }

  /** The file name the server suggests (`Content-Disposition`), e.g. `trk_….mp3`. */
  get filename(): string | null {
    return /filename="([^"]+)"/.exec(this.response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  }

  /** The body as a web ReadableStream (works in browsers and Node). */
  stream(): ReadableStream<Uint8Array> {
    if (!this.response.body) throw new Error('The answer has no body.');
    return this.response.body;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.response.arrayBuffer();
  }

  async blob(): Promise<Blob> {
    return this.response.blob();
  }

  /** The body as UTF-8 text: a waveform's JSON, or timed lyrics (LRC, WebVTT, SubRip). */
  async text(): Promise<string> {
    return this.response.text();
  }

  /** Node only: streams the body into a file at path; resolves with the bytes written. */
  async toFile(path: string): Promise<number> {
    const [{ createWriteStream }, { Readable }, { pipeline }] = await Promise.all([
      import('node:fs'),
      import('node:stream'),
      import('node:stream/promises'),
    ]);
    let bytes = 0;
    const counted = this.stream().pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    await pipeline(
      Readable.fromWeb(counted as Parameters<typeof Readable.fromWeb>[0]),
      createWriteStream(path),
    );
    return bytes;
  }
}
