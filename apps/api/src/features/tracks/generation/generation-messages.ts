// Messages between the generation pool and its worker threads.
import type { TrackRequest } from '@trackforge/engine';
import type { GeneratedTrack } from './generated-track.js';

export type ToGenerationWorker =
  | {
      type: 'generate';
      taskId: number;
      request: TrackRequest;
      streamMp3: boolean;
      streamFile: boolean;
      /** The stored master the render must reproduce before any stem goes out (GenerateOptions). */
      master?: Uint8Array;
    }
  | { type: 'transcode'; taskId: number; flac: Uint8Array; format: 'wav' | 'ogg'; streamFile: boolean }
  | { type: 'abort'; taskId: number };

export type FromGenerationWorker =
  | { type: 'ready' }
  | { type: 'progress'; taskId: number; fraction: number }
  | { type: 'audio'; taskId: number; mp3: Uint8Array }
  | { type: 'file'; taskId: number; bytes: Uint8Array }
  | { type: 'done'; taskId: number; result: GeneratedTrack }
  | { type: 'transcoded'; taskId: number; bytes: Uint8Array }
  | { type: 'failed'; taskId: number; message: string; stage: string | null };
