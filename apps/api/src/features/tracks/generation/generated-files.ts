// Where a render's bytes go: the live MP3 while the track renders (stores that can append), then
// the files a ready track keeps. Keys are the track's (tracks/track-files.ts) and deterministic,
// so a retried job overwrites what a dead attempt left behind instead of leaking it.
import { contentEtag } from '../../../platform/http/send-file.js';
import type { Storage } from '../../../platform/storage/storage.js';
import type { TrackRow } from '../track.repository.js';
import type { TrackFileKind, TrackFiles } from '../track.table.js';
import { liveAudioKey, TRACK_FILES, trackFileKey, trackFolder } from '../track-files.js';
import type { GeneratedTrack } from './generated-track.js';

type TrackRef = Pick<TrackRow, 'id' | 'workspace_id'>;

export type GeneratedFiles = ReturnType<typeof createGeneratedFiles>;

export function createGeneratedFiles(deps: { storage: Storage }) {
  const { storage } = deps;
  return {
    /**
     * Starts (or restarts, on a retry) the live MP3 of a rendering track; undefined when the store
     * cannot append. Returns the appender and a function that waits for every append to land.
     */
    async startLiveAudio(track: TrackRef) {
      if (!storage.append) return undefined;
      const key = liveAudioKey(track.workspace_id, track.id);
      await storage.put(key, new Uint8Array(0), 'audio/mpeg');
      let chain: Promise<void> = Promise.resolve();
      return {
        append: (bytes: Uint8Array) => {
          chain = chain.then(() => storage.append!(key, bytes)).catch(() => {});
        },
        flushed: () => chain,
      };
    },

    /** Removes the live MP3 (the track is final: a listener then gets the finished file). */
    async endLiveAudio(track: TrackRef): Promise<void> {
      if (storage.append) await storage.deletePrefix(liveAudioKey(track.workspace_id, track.id));
    },

    /** Writes every file of a generated track to storage and describes them for the track row. */
    async store(track: TrackRef, generated: GeneratedTrack): Promise<TrackFiles> {
      const files: TrackFiles = {};
      const put = async (kind: TrackFileKind, bytes: Uint8Array) => {
        const key = trackFileKey(track.workspace_id, track.id, kind);
        await storage.put(key, bytes, TRACK_FILES[kind].contentType);
        const etag = contentEtag(bytes);
        files[kind] = { key, bytes: bytes.byteLength, etag };
      };
      for (const [format, bytes] of Object.entries(generated.files)) {
        if (bytes) await put(format as TrackFileKind, bytes);
      }
      if (generated.midi) await put('midi', generated.midi);
      if (generated.waveform) {
        const json = JSON.stringify({
          object: 'waveform',
          samples_per_peak: generated.waveform.samplesPerPeak,
          sample_rate: generated.audio.sample_rate,
          peaks: generated.waveform.peaks,
        });
        await put('waveform', new TextEncoder().encode(json));
      }
      if (generated.stemsZip) await put('stems', generated.stemsZip);
      return files;
    },

    /** Removes everything stored for the track (it was deleted while it rendered). */
    async removeAll(track: TrackRef): Promise<void> {
      await storage.deletePrefix(trackFolder(track.workspace_id, track.id));
    },
  };
}
