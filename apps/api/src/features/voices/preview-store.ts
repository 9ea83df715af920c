// Where rendered voice previews are kept: in the shared file store (local disk or S3), so every
// API node serves the one preview the first of them rendered.
import { readObject, type Storage } from '../../platform/storage/storage.js';

export interface PreviewStore {
  read(voiceId: string): Promise<Uint8Array | undefined>;
  write(voiceId: string, mp3: Uint8Array): Promise<void>;
}

/** The storage key of a voice's preview. */
function previewKey(voiceId: string): string {
  return `voices/previews/${voiceId}.mp3`;
}

export function createStoragePreviewStore(storage: Storage): PreviewStore {
  return {
    async read(voiceId) {
      if (!(await storage.stat(previewKey(voiceId)))) return undefined;
      return readObject(storage, previewKey(voiceId));
    },
    async write(voiceId, mp3) {
      await storage.put(previewKey(voiceId), mp3, 'audio/mpeg');
    },
  };
}
