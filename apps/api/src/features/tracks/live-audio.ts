// ?stream=1: the MP3 of a track that is still rendering, sent as it grows. The generation worker
// appends the MP3 to a live file on local storage while it encodes it (the same bytes become the
// stored audio.mp3, so its first bytes arrive once the track is mixed and mastered, a few seconds
// before it is ready); this tails the file until the track is final. Stores that cannot append (S3) answer 409 until the track is ready.
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Db } from '../../platform/database/create-database.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { Storage } from '../../platform/storage/storage.js';
import { findTrack, type TrackRow } from './track.repository.js';
import { liveAudioKey } from './track-files.js';

const POLL_MS = 200;
/** Status is read from the database every this many idle polls (once a second). */
const STATUS_EVERY_POLLS = 5;
/** A listener is let go after this long even if the track never finishes (a stuck job). */
const MAX_LISTEN_MS = 15 * 60 * 1000;
const READ_BYTES = 64 * 1024;

export function tailLiveAudio(deps: { db: Db; storage: Storage; clock: Clock }, track: TrackRow): Readable {
  const path = deps.storage.localPath!(liveAudioKey(track.workspace_id, track.id));
  async function* chunks(): AsyncGenerator<Uint8Array> {
    const deadlineMs = deps.clock.now().getTime() + MAX_LISTEN_MS;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    let offset = 0;
    let idlePolls = 0;
    let final = false;
    try {
      while (deps.clock.now().getTime() < deadlineMs) {
        handle ??= await open(path, 'r').catch(() => undefined);
        if (handle) {
          const buffer = Buffer.alloc(READ_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, READ_BYTES, offset);
          if (bytesRead > 0) {
            offset += bytesRead;
            yield buffer.subarray(0, bytesRead);
            continue;
          }
        }
        // Nothing new: stop once the track was final before this read (the file is complete).
        if (final) break;
        if (++idlePolls % STATUS_EVERY_POLLS === 0) {
          const current = await findTrack(deps.db, track.id);
          if (!current || current.status === 'failed') break;
          if (current.status === 'ready') {
            if (!handle && offset === 0 && current.files?.mp3) {
              // The live file was already removed: send the finished MP3 instead.
              for await (const chunk of await deps.storage.getStream(current.files.mp3.key)) yield chunk;
              break;
            }
            final = true;
            continue;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } finally {
      await handle?.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
