// client.tracks helpers on top of the generated resource: a melody given as bytes, downloads, the
// progressive stream, and create-and-wait (events first, polling when no socket can be opened).
import type { APIClient, RequestOptions } from '../core/api-client.js';
import { APIPromise } from '../core/api-promise.js';
import type { BinaryResponse } from '../core/binary.js';
import type { CreateOptions } from '../core/prefer-wait.js';
import { WaitTimeoutError } from '../errors.js';
import { Tracks as GeneratedTracks } from '../resources/tracks.js';
import type { MelodyFile, Track, TrackCreateParams, TrackforgeEvent } from '../types.js';
import type { Events } from './events.js';

export type { CreateOptions } from '../core/prefer-wait.js';

/**
 * Every file a track has: four audio formats, the MIDI arrangement, a zip of stems, waveform peaks,
 * and for a sung track its timed lyrics as LRC, WebVTT or SubRip.
 */
export type DownloadFormat = 'mp3' | 'wav' | 'ogg' | 'flac' | 'midi' | 'stems' | 'waveform' | LyricsFormat;

/** Timed lyrics: LRC (players, karaoke), WebVTT (the web, with word times) or SubRip (video editors). */
export type LyricsFormat = 'lrc' | 'vtt' | 'srt';
const LYRICS_FORMATS: readonly string[] = ['lrc', 'vtt', 'srt'] satisfies LyricsFormat[];

export interface WaitOptions extends RequestOptions {
  /** Give up after this long (default 10 minutes) with WaitTimeoutError. */
  waitTimeoutMs?: number;
  /** Polling interval when events are unavailable (default 2 s). */
  pollIntervalMs?: number;
  /**
   * Called with the track each time it is seen: once queued, on each of its events (progress while
   * generating) and after each poll, so a page can show progress without a second subscription.
   */
  onUpdate?: (track: Track) => void;
}

const FINISHED: ReadonlySet<string> = new Set(['ready', 'failed']);

/** A melody's bytes as base64 (text is taken as base64 already); btoa works in browsers and Node. */
async function base64Of(melody: MelodyFile): Promise<string> {
  if (typeof melody === 'string') return melody;
  const bytes =
    melody instanceof Uint8Array
      ? melody
      : new Uint8Array(melody instanceof ArrayBuffer ? melody : await melody.arrayBuffer());
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: 32 KB at a time stays far below its limit.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

export class Tracks extends GeneratedTracks {
  constructor(
    api: APIClient,
    private readonly events: Events,
  ) {
    super(api);
  }

  /**
   * Queues a track (holds 1 credit until it is ready; given back if it fails); a `melody` may be
   * bytes (Uint8Array, ArrayBuffer, Blob or File) and is sent base64-encoded.
   * @example const track = await client.tracks.create({ prompt: 'mellow lofi piano', duration: 'short' });
   */
  override create(params: TrackCreateParams, options: CreateOptions = {}): APIPromise<Track> {
    const { melody, ...rest } = params;
    if (melody === undefined) return super.create(rest, options);
    return new APIPromise(
      base64Of(melody).then((encoded) => super.create({ ...rest, melody: encoded }, options).withResponse()),
    );
  }

  /**
   * One file of a ready track, streamed: `.toFile(path)` (Node), `.stream()`, `.arrayBuffer()`,
   * `.text()`. `lrc`, `vtt` and `srt` are a sung track's timed lyrics.
   * @example await (await client.tracks.download(track.id, 'wav')).toFile('track.wav');
   */
  download(id: string, format: DownloadFormat = 'mp3', options?: RequestOptions): APIPromise<BinaryResponse> {
    const base = `/v1/tracks/${encodeURIComponent(id)}`;
    const isAudio = format === 'mp3' || format === 'wav' || format === 'ogg' || format === 'flac';
    const isLyrics = LYRICS_FORMATS.includes(format);
    const path = isAudio ? `${base}/audio` : isLyrics ? `${base}/lyrics` : `${base}/${format}`;
    const query = isAudio || isLyrics ? { format } : undefined;
    return this.api.requestBinary({ method: 'GET', path, query, options });
  }

  /**
   * The MP3 while it renders (`?stream=1`): a progressive stream that ends when the track is ready,
   * or the finished file when it already is.
   */
  stream(id: string, options?: RequestOptions): APIPromise<BinaryResponse> {
    return this.api.requestBinary({
      method: 'GET',
      path: `/v1/tracks/${encodeURIComponent(id)}/audio`,
      query: { format: 'mp3', stream: 1 },
      options,
    });
  }

  /**
   * Creates a track and resolves when it is ready or failed (check `status`). Listens to events;
   * polls when no WebSocket can be opened.
   * @example const track = await client.tracks.createAndWait({ prompt: 'sunny ukulele', duration: '10s' });
   */
  createAndWait(params: TrackCreateParams, options: WaitOptions = {}): Promise<Track> {
    return this.settle((requestOptions) => this.create(params, requestOptions), options);
  }

  /**
   * Resolves when an existing track (a variation or extension just queued, or one opened while it
   * renders) is ready or failed; like createAndWait without the create.
   * @example const done = await client.tracks.wait(variation.id, { onUpdate: (t) => console.log(t.progress) });
   */
  wait(id: string, options: WaitOptions = {}): Promise<Track> {
    return this.settle((requestOptions) => this.retrieve(id, requestOptions), options);
  }

  /** Subscribes, then starts (creates or reads) the track, so none of its events can slip past. */
  private async settle(
    start: (options: RequestOptions) => Promise<Track>,
    options: WaitOptions,
  ): Promise<Track> {
    const { waitTimeoutMs = 600_000, pollIntervalMs = 2_000, onUpdate, ...requestOptions } = options;
    const deadlineMs = Date.now() + waitTimeoutMs;
    const subscription = this.events.subscribe({ signal: requestOptions.signal });
    const listening = await subscription.ready().then(
      () => true,
      (error: unknown) => {
        this.api.config.logger.info(`events unavailable (${String(error)}); polling instead`);
        return false;
      },
    );
    let track: Track;
    try {
      track = await start(requestOptions);
      onUpdate?.(track);
      if (listening && !FINISHED.has(track.status)) {
        const finished = await this.waitForEvents(subscription, track.id, deadlineMs, onUpdate);
        if (finished) return finished;
        track = await this.retrieve(track.id, requestOptions);
        onUpdate?.(track);
      }
    } finally {
      subscription.close();
    }
    while (!FINISHED.has(track.status)) {
      if (Date.now() >= deadlineMs) {
        throw new WaitTimeoutError(
          `Track ${track.id} is still ${track.status} after ${waitTimeoutMs} ms.`,
          track,
        );
      }
      await this.api.config.sleep(
        Math.min(pollIntervalMs, Math.max(0, deadlineMs - Date.now())),
        requestOptions.signal,
      );
      track = await this.retrieve(track.id, requestOptions);
      onUpdate?.(track);
    }
    return track;
  }

  /** The finished track from its events, or undefined when the subscription ended first or time ran out. */
  private async waitForEvents(
    subscription: AsyncIterable<TrackforgeEvent> & { close(): void },
    trackId: string,
    deadlineMs: number,
    onUpdate: ((track: Track) => void) | undefined,
  ): Promise<Track | undefined> {
    const timer = setTimeout(() => subscription.close(), Math.max(0, deadlineMs - Date.now()));
    try {
      for await (const event of subscription) {
        if (!event.type.startsWith('track.') || !('track' in event.data)) continue;
        if (event.data.track.id !== trackId) continue;
        onUpdate?.(event.data.track);
        if (event.type === 'track.ready' || event.type === 'track.failed') return event.data.track;
      }
    } catch (error) {
      this.api.config.logger.info(`event stream ended (${String(error)}); polling instead`);
    } finally {
      clearTimeout(timer);
    }
    return undefined;
  }
}
