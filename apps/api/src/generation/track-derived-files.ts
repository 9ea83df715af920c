// A ready track stores only its MP3, MIDI and waveform; WAV, OGG, FLAC and the stems are rendered
// again from the track's engine request on first download (the engine is deterministic by request,
// seed and bank, so a lossless file is the real master, not a decoded MP3) and kept beside the
// track's files. Concurrent first downloads share one render. Deleting the track deletes them, and
// sweepDerivedFiles evicts those written more than DERIVED_FILE_TTL_MS ago (the next download
// renders them again), so the store holds at rest only what a track needs.
import { createHash } from 'node:crypto';
import type { Storage } from '../storage/storage.js';
import type { TrackRow } from '../tracks/track.repository.js';
import type { TrackFiles } from '../tracks/track.table.js';
import { type DerivedKind, derivedFileKey, engineRequestOf, TRACK_FILES } from '../tracks/track-files.js';
import type { Generate } from './generation-pool.js';

type FileRef = NonNullable<TrackFiles['wav']>;

/** How long a derived file is kept after it was made; documented in README "Speed and size". */
export const DERIVED_FILE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes the derived files written before `olderThan`; returns how many went. */
export async function sweepDerivedFiles(storage: Storage, olderThan: Date): Promise<number> {
  let deleted = 0;
  for await (const object of storage.list('tracks/')) {
    if (!object.key.includes('/derived/') || object.modifiedAt >= olderThan) continue;
    await storage.deletePrefix(object.key);
    deleted++;
  }
  return deleted;
}

export interface DerivedFiles {
  /** The derived file of a ready track, made and stored on the first call. */
  get(track: TrackRow, kind: DerivedKind): Promise<FileRef>;
}

/** The ETag of a derived file: it follows from the MP3's (same request, same render) and the format. */
function derivedEtag(track: TrackRow, kind: DerivedKind): string {
  const source = track.files?.mp3?.etag ?? track.id;
  return `"${createHash('sha256').update(`${source}:${kind}`).digest('base64url').slice(0, 27)}"`;
}

export function createDerivedFiles(deps: {
  storage: Storage;
  /** Renders a track again from its engine request (stems come back as a zip in files). */
  render: Generate;
}): DerivedFiles {
  const inFlight = new Map<string, Promise<FileRef>>();

  async function make(track: TrackRow, kind: DerivedKind, key: string): Promise<FileRef> {
    const stems = kind === 'stems';
    const generated = await deps.render(
      engineRequestOf(track, {
        formats: stems ? [] : [kind],
        stems,
        midi: false,
        waveform: false,
      }),
      {},
    );
    const bytes = stems ? generated.stemsZip : generated.files[kind];
    if (!bytes) throw new Error(`the engine made no ${kind} for track ${track.id}`);
    await deps.storage.put(key, bytes, TRACK_FILES[kind].contentType);
    return { key, bytes: bytes.byteLength, etag: derivedEtag(track, kind) };
  }

  return {
    async get(track, kind) {
      const key = derivedFileKey(track.workspace_id, track.id, kind);
      const stored = await deps.storage.stat(key);
      if (stored) return { key, bytes: stored.bytes, etag: derivedEtag(track, kind) };
      let pending = inFlight.get(key);
      if (!pending) {
        pending = make(track, kind, key);
        inFlight.set(key, pending);
        pending.finally(() => inFlight.delete(key)).catch(() => {});
      }
      return pending;
    },
  };
}
