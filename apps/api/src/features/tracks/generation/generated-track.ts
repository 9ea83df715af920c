// What a generation thread hands back for one track, in the shape the API stores.
import type { TrackAudio, TrackMusic } from '../track.table.js';

export interface GeneratedTrack {
  music: TrackMusic;
  audio: Omit<TrackAudio, 'formats'>;
  files: Partial<Record<'mp3' | 'wav' | 'ogg' | 'flac', Uint8Array>>;
  midi?: Uint8Array;
  waveform?: { samplesPerPeak: number; peaks: number[] };
  /** The stems as a zip of FLAC files (made on first download, not at generation). */
  stemsZip?: Uint8Array;
}
