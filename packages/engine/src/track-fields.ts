// A TrackResult's `music` and `audio` in the API's wire shape (snake_case, loudness to 0.1 dB), so
// the CLI's --json and the API's Track object say the same thing with the same names.
import type { AudioFormat, SungLine, TrackResult } from './types.js';

export interface TrackMusicFields {
  bpm: number;
  key: string;
  time_signature: string;
  genre: string;
  moods: string[];
  instruments: string[];
  sections: { name: string; start: number; end: number }[];
  /** The sung lines with their start and end in seconds and their words, when the track has lyrics. */
  lyrics?: SungLine[];
}

export interface TrackAudioFields {
  formats: AudioFormat[];
  sample_rate: number;
  channels: number;
  duration_seconds: number;
  loudness_lufs: number;
  true_peak_dbtp: number;
}

const roundToTenth = (value: number) => Math.round(value * 10) / 10;

/** The `music` and `audio` fields of a Track for a finished result and the formats kept. */
export function toTrackFields(
  result: Pick<TrackResult, 'music' | 'audio'>,
  formats: readonly AudioFormat[],
): { music: TrackMusicFields; audio: TrackAudioFields } {
  const { music, audio } = result;
  return {
    music: {
      bpm: music.bpm,
      key: music.key,
      time_signature: music.timeSignature,
      genre: music.genre,
      moods: [...music.moods],
      instruments: [...music.instruments],
      sections: music.sections.map((section) => ({ ...section })),
      ...(music.lyrics
        ? {
            lyrics: music.lyrics.map((line) => ({ ...line, words: line.words.map((word) => ({ ...word })) })),
          }
        : {}),
    },
    audio: {
      formats: [...formats],
      sample_rate: audio.sampleRate,
      channels: audio.channels,
      duration_seconds: audio.durationSeconds,
      loudness_lufs: roundToTenth(audio.loudnessLufs),
      true_peak_dbtp: roundToTenth(audio.truePeakDbtp),
    },
  };
}
