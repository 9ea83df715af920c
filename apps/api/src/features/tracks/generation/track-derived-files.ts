// A ready track stores its MP3, its master as a 16-bit FLAC, MIDI and waveform. Its WAV and OGG are
// made from that master on first download (no render), so they stay the audio the track was made
// with whatever the engine becomes. Its stems are rendered again from the track's engine request
// (the engine is deterministic by request, seed and bank) and go out only when that render's master
// holds the stored one's samples: after an engine change that alters this track, a stems download
// is a 422 (remembered until the sweep) rather than parts that do not add up to the track. Tracks made before masters were
// stored render every format again, unchecked. Made files are kept beside the track's files. The
// first download is streamed while the file is made (chunked, without a length); downloads
// meanwhile join the same render, and a byte range waits for the kept file. Deleting the track
// deletes them, stopping any render still running, and sweepDerivedFiles evicts the WAV and OGG
// written more than DERIVED_FILE_TTL_MS ago (the next download makes them again from the master),
// so the store holds at rest only what a track needs. Stems, once made, are kept with the track:
// after an engine change they may not be made again. A render is for the downloads that asked for
// it: when the last of them has gone (its client disconnected) before the file is made, the render
// stops, so abandoned requests cannot keep the engine busy.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { AppError } from '../../../errors.js';
import { readObject, type Storage } from '../../../platform/storage/storage.js';
import type { TrackRow } from '../track.repository.js';
import type { DerivedFileSource, MakingFile } from '../track.service.js';
import type { TrackFiles } from '../track.table.js';
import {
  type DerivedKind,
  derivedFileKey,
  engineRequestOf,
  TRACK_FILES,
  trackFolder,
} from '../track-files.js';
import { type Generate, GenerationError, MASTER_CHANGED_STAGE, type Transcode } from './generation-pool.js';

type FileRef = NonNullable<TrackFiles['wav']>;

/** How long a derived WAV or OGG is kept after it was made; documented in docs/guides/concepts.md. */
export const DERIVED_FILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes the derived files but stems written before `olderThan`; returns how many went. */
export async function sweepDerivedFiles(storage: Storage, olderThan: Date): Promise<number> {
  const stems = `/derived/${TRACK_FILES.stems.name}`;
  let deleted = 0;
  for await (const object of storage.list('tracks/')) {
    if (!object.key.includes('/derived/') || object.key.endsWith(stems) || object.modifiedAt >= olderThan)
      continue;
    await storage.deletePrefix(object.key);
    deleted++;
  }
  return deleted;
}

/**
 * Marks a track whose stems no longer match its master (a failed check): under derived/, so the
 * sweep clears it after DERIVED_FILE_TTL_MS and the check runs again (an engine rolled back).
 */
function stemsUnavailableKey(track: Pick<TrackRow, 'workspace_id' | 'id'>): string {
  return `${trackFolder(track.workspace_id, track.id)}derived/stems-unavailable`;
}

function stemsUnavailable(track: Pick<TrackRow, 'id'>): AppError {
  return new AppError(
    'unprocessable_track',
    `Track ${track.id} was made by an earlier version of the engine, which renders it differently now: stems made today would not add up to its audio, so none are made. Its MP3, WAV, OGG, FLAC and MIDI are the track as it was made. For stems, make it again with the same request and seed (a new track): that is the track as the engine renders it now, stems and all.`,
    { param: 'id' },
  );
}

/** The ETag of a derived file: it follows from the MP3's (same request, same render) and the format. */
function derivedEtag(track: TrackRow, kind: DerivedKind): string {
  const source = track.files?.mp3?.etag ?? track.id;
  return `"${createHash('sha256').update(`${source}:${kind}`).digest('base64url').slice(0, 27)}"`;
}

/** Bytes that grow while a file is made, readable from the start by any number of readers. */
function growingBytes() {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  let failure: Error | undefined;
  const waiting = new Set<() => void>();
  const wake = () => {
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  return {
    get total() {
      return total;
    },
    push(bytes: Uint8Array) {
      chunks.push(bytes);
      total += bytes.byteLength;
      wake();
    },
    end() {
      ended = true;
      wake();
    },
    fail(error: Error) {
      failure = error;
      wake();
    },
    read(): Readable {
      async function* follow(): AsyncGenerator<Uint8Array> {
        for (let next = 0; ; ) {
          while (next < chunks.length) yield chunks[next++] as Uint8Array;
          if (failure) throw failure;
          if (ended) return;
          await new Promise<void>((resolve) => waiting.add(resolve));
        }
      }
      return Readable.from(follow(), { objectMode: false });
    },
  };
}

interface Render {
  trackId: string;
  key: string;
  controller: AbortController;
  /** The track was deleted while the file was made. */
  discarded: boolean;
  /** Downloads still waiting for this render; see follow(). */
  waiting: number;
  settled: boolean;
  making: MakingFile;
}

export function createDerivedFiles(deps: {
  storage: Storage;
  /** Renders a track again from its engine request (stems come back as a zip in files). */
  render: Generate;
  /** Makes a WAV or OGG from a track's stored FLAC master. */
  transcode: Transcode;
}): DerivedFileSource {
  const inFlight = new Map<string, Render>();

  function start(
    track: TrackRow,
    kind: DerivedKind,
    key: string,
    stillExists: () => Promise<boolean>,
  ): Render {
    const stems = kind === 'stems';
    const bytesSoFar = growingBytes();
    const controller = new AbortController();
    const render: Render = {
      trackId: track.id,
      key,
      controller,
      discarded: false,
      waiting: 0,
      settled: false,
      making: {
        etag: derivedEtag(track, kind),
        read: () => bytesSoFar.read(),
        finished: Promise.resolve() as never,
      },
    };
    // What the downloads of a deleted track hear: the same 404 as any request for it after.
    const gone = () =>
      new AppError('not_found', `Track ${track.id} was deleted while its ${kind} was being made.`, {
        param: 'id',
      });
    const onFileBytes = (bytes: Uint8Array) => bytesSoFar.push(bytes);
    const makeBytes = async (): Promise<Uint8Array | undefined> => {
      // a master the row names but the store lost (a bucket restored to an earlier point): the
      // track is then made again from its request, as one stored before masters were
      const master =
        track.files?.flac && (await deps.storage.stat(track.files.flac.key))
          ? await readObject(deps.storage, track.files.flac.key)
          : undefined;
      if (master && (kind === 'wav' || kind === 'ogg')) {
        return deps.transcode(master, kind, { signal: controller.signal, onFileBytes });
      }
      const generated = await deps.render(
        engineRequestOf(track, {
          // a stems render also makes the master, to show it is still this track's
          formats: stems ? (master ? ['flac'] : []) : [kind],
          stems,
          midi: false,
          waveform: false,
        }),
        { signal: controller.signal, onFileBytes, ...(stems && master ? { master } : {}) },
      );
      return stems ? generated.stemsZip : generated.files[kind];
    };
    const make = async (): Promise<FileRef> => {
      const bytes = await makeBytes().catch(async (error: Error) => {
        if (!(error instanceof GenerationError) || error.stage !== MASTER_CHANGED_STAGE) throw error;
        // remembered, so the next downloads answer at once instead of rendering the track again
        await deps.storage.put(stemsUnavailableKey(track), new Uint8Array(0), 'text/plain');
        throw stemsUnavailable(track);
      });
      if (!bytes) throw new Error(`the engine made no ${kind} for track ${track.id}`);
      if (bytes.byteLength !== bytesSoFar.total)
        throw new Error(
          `the ${kind} of track ${track.id} was streamed with ${bytesSoFar.total} of ${bytes.byteLength} bytes`,
        );
      bytesSoFar.end();
      if (render.discarded) throw gone();
      await deps.storage.put(key, bytes, TRACK_FILES[kind].contentType);
      // deleted meanwhile (here, or on another node): the file just kept must go too
      if (render.discarded || !(await stillExists())) {
        await deps.storage.deletePrefix(key);
        throw gone();
      }
      return { key, bytes: bytes.byteLength, etag: render.making.etag };
    };
    render.making.finished = make()
      .catch((error: Error) => {
        // the render was stopped because the track went: say that, not how the engine stopped
        const failure = render.discarded ? gone() : error;
        bytesSoFar.fail(failure);
        throw failure;
      })
      .finally(() => {
        render.settled = true;
        if (inFlight.get(key) === render) inFlight.delete(key);
      });
    render.making.finished.catch(() => {}); // a reader or caller sees the failure; this only keeps it handled
    return render;
  }

  /**
   * Counts a download as waiting for the render until its answer is over (`answered` aborts); when
   * the last one leaves before the file is made, nobody will read it, so the render stops. Without
   * a signal the caller waits for good.
   */
  function follow(render: Render, answered: AbortSignal | undefined): void {
    render.waiting++;
    if (!answered) return;
    const leave = () => {
      if (--render.waiting > 0 || render.settled) return;
      render.controller.abort();
      // a download arriving now starts a render of its own rather than join one that is stopping
      if (inFlight.get(render.key) === render) inFlight.delete(render.key);
    };
    if (answered.aborted) leave();
    else answered.addEventListener('abort', leave, { once: true });
  }

  return {
    async get(track, kind, stillExists, answered) {
      const key = derivedFileKey(track.workspace_id, track.id, kind);
      const current = inFlight.get(key);
      if (current) {
        follow(current, answered);
        return { making: current.making };
      }
      const stored = await deps.storage.stat(key);
      if (stored) return { file: { key, bytes: stored.bytes, etag: derivedEtag(track, kind) } };
      if (kind === 'stems' && (await deps.storage.stat(stemsUnavailableKey(track))))
        throw stemsUnavailable(track);
      // checked again: another request may have started the render while this one read the store
      const render = inFlight.get(key) ?? start(track, kind, key, stillExists);
      inFlight.set(key, render);
      follow(render, answered);
      return { making: render.making };
    },
    discard(trackId) {
      for (const render of inFlight.values()) {
        if (render.trackId !== trackId) continue;
        render.discarded = true;
        render.controller.abort();
      }
    },
  };
}
