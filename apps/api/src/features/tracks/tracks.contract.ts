// The tracks feature's contract rows (who may call each route, its feature errors, its file
// answers) and worked examples; tracks.plugin.ts registers them (platform/http/openapi-contract.ts).
import type { ErrorCode } from '../../errors.js';
import type { ContractRows, SuccessOverride } from '../../platform/http/openapi-contract.js';
import {
  EXAMPLE_CREATED_AT,
  EXAMPLE_PUBLIC_URL,
  exampleId,
  exampleList,
} from '../../platform/http/openapi-examples.js';

const AUDIO_TYPES = ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/flac'];

function fileAnswers(contentTypes: string[]): SuccessOverride[] {
  return [
    { status: '200', description: 'The whole file.', contentTypes },
    { status: '206', description: 'The byte range asked for with Range.', contentTypes },
    { status: '304', description: 'Not modified: If-None-Match matched the current ETag.' },
  ];
}

const TRACK_FILE_ERRORS: ErrorCode[] = ['conflict', 'range_not_satisfiable'];

const BASE = EXAMPLE_PUBLIC_URL;
const TRACK_ID = exampleId('trk');

const TRACK = {
  id: TRACK_ID,
  object: 'track',
  prompt: 'mellow lofi piano with vinyl crackle',
  duration: 'short',
  duration_seconds: 30,
  status: 'ready',
  progress: 1,
  visibility: 'private',
  title: 'Mellow Lofi Piano',
  voice_id: null,
  seed: 42,
  loop: false,
  bpm: null,
  key: null,
  metadata: { customer: 'cus_123' },
  webhook_url: null,
  music: {
    bpm: 78,
    key: 'F major',
    time_signature: '4/4',
    genre: 'lofi',
    moods: ['mellow'],
    instruments: ['piano', 'drums', 'bass'],
    sections: [
      { name: 'intro', start: 0, end: 6.2 },
      { name: 'verse', start: 6.2, end: 30 },
    ],
  },
  audio: {
    formats: ['mp3', 'wav', 'ogg', 'flac'],
    sample_rate: 44100,
    channels: 2,
    duration_seconds: 30,
    loudness_lufs: -14,
    true_peak_dbtp: -1.2,
  },
  urls: {
    audio: `${BASE}/v1/tracks/${TRACK_ID}/audio`,
    midi: `${BASE}/v1/tracks/${TRACK_ID}/midi`,
    stems: `${BASE}/v1/tracks/${TRACK_ID}/stems`,
    waveform: `${BASE}/v1/tracks/${TRACK_ID}/waveform`,
    stream: `${BASE}/v1/tracks/${TRACK_ID}/audio?stream=1`,
    share: `${BASE}/t/${TRACK_ID}`,
    cover: `${BASE}/v1/tracks/${TRACK_ID}/cover.svg`,
  },
  error: null,
  credits_charged: 1,
  inputs: { chords: 'Am F C G', sections: null, melody: null, lyrics: null },
  kind: 'original',
  parent_track_id: null,
  workspace_id: exampleId('wsp'),
  created_at: EXAMPLE_CREATED_AT,
  started_at: '2026-11-01T09:30:01.000Z',
  completed_at: '2026-11-01T09:30:09.000Z',
};

const PUBLIC_TRACK = {
  id: TRACK_ID,
  object: 'public_track',
  title: TRACK.title,
  prompt: TRACK.prompt,
  duration: TRACK.duration,
  duration_seconds: TRACK.duration_seconds,
  music: TRACK.music,
  audio: TRACK.audio,
  urls: {
    audio: TRACK.urls.audio,
    waveform: TRACK.urls.waveform,
    share: TRACK.urls.share,
    cover: TRACK.urls.cover,
  },
  voice_id: null,
  created_at: EXAMPLE_CREATED_AT,
};

const params = { id: TRACK_ID };

export const TRACKS_CONTRACT: ContractRows = {
  'POST /v1/tracks': {
    access: 'workspace',
    errors: ['insufficient_credits', 'plan_required', 'not_found', 'unprocessable_input'],
    example: {
      request: {
        prompt: 'mellow lofi piano with vinyl crackle',
        duration: 'short',
        seed: 42,
        metadata: { customer: 'cus_123' },
      },
      requestExamples: {
        chords: {
          summary: 'Follow a chord progression (the key comes from it)',
          value: { prompt: 'warm indie pop with piano', duration: '1:00', chords: 'Am F C/E G' },
        },
        bars: {
          summary: "Bar lines and roman numerals in the prompt's key",
          value: {
            prompt: 'jazz trio in Bb major',
            duration: '45s',
            chords: '| ii7 V7 | Imaj7 | vi7 | ii7 V7 |',
          },
        },
        sections: {
          summary: 'A section plan: the track lasts 4 + 8 + 8 + 4 bars',
          value: {
            prompt: 'uplifting synthwave 110 bpm',
            sections: [
              { name: 'intro', bars: 4, energy: 0.3, instruments: ['pad', 'bass'] },
              { name: 'verse', bars: 8, prompt: 'moody, no drums' },
              { name: 'chorus', bars: 8, energy: 0.9 },
              { name: 'outro', seconds: 8, energy: 0.2 },
            ],
          },
        },
        melody: {
          summary: 'A MIDI melody, base64 (or send it as a multipart file part)',
          value: {
            prompt: 'celtic folk with harp',
            duration: '30s',
            melody:
              'TVRoZAAAAAYAAAABAGBNVHJrAAAAUwD/UQMJJ8AAkD5aYIA+AACQQFpggEAAAJBBWmCAQQAAkENaYIBDAACQRVpggEUAAJBDWmCAQwAAkEFaYIBBAACQQFpggEAAAJA+WmCAPgAA/y8A',
          },
        },
      },
      otherRequestContent: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['request'],
            properties: {
              request: {
                type: 'string',
                description:
                  'The track request as JSON (the same fields as the JSON body, without `melody`).',
              },
              melody: {
                type: 'string',
                format: 'binary',
                description: 'A Standard MIDI File of at most 256 KB whose melody the lead plays.',
              },
            },
          },
          encoding: { request: { contentType: 'application/json' }, melody: { contentType: 'audio/midi' } },
        },
      },
      response: { ...TRACK, status: 'queued', progress: 0, music: null, audio: null, completed_at: null },
    },
  },
  'GET /v1/tracks': { access: 'workspace', example: { response: exampleList(TRACK) } },
  'GET /v1/public/tracks': { access: 'public', example: { response: exampleList(PUBLIC_TRACK) } },
  'GET /v1/tracks/{id}': { access: 'optional', example: { params, response: TRACK } },
  'DELETE /v1/tracks/{id}': { access: 'workspace', errors: ['conflict'], example: { params } },
  'POST /v1/tracks/{id}/publish': {
    access: 'workspace',
    errors: ['conflict'],
    example: {
      params,
      request: { visibility: 'unlisted' },
      response: { ...TRACK, visibility: 'unlisted' },
    },
  },
  'POST /v1/tracks/{id}/variations': {
    access: 'workspace',
    errors: ['insufficient_credits', 'not_found', 'unprocessable_track'],
    example: {
      params,
      request: { keep: ['drums', 'bass'], seed: 7 },
      response: {
        ...TRACK,
        id: `trk_01JD5Z9A0B1C2D3E4F5G6H7J8K`,
        seed: 7,
        status: 'queued',
        progress: 0,
        music: null,
        audio: null,
        credits_charged: 0,
        started_at: null,
        completed_at: null,
        kind: 'variation',
        parent_track_id: TRACK_ID,
      },
    },
  },
  'POST /v1/tracks/{id}/extend': {
    access: 'workspace',
    errors: ['insufficient_credits', 'not_found', 'unprocessable_track', 'unprocessable_input'],
    example: {
      params,
      request: { seconds: 60 },
      requestExamples: {
        sections: {
          summary: "A plan after the original's last kept bar: 8 bars of chorus, then a 10 s piano outro",
          value: {
            sections: [
              { name: 'chorus 2', bars: 8, energy: 0.9 },
              { name: 'outro', seconds: 10, instruments: ['piano'] },
            ],
          },
        },
      },
      response: {
        ...TRACK,
        id: `trk_01JD5Z9A0B1C2D3E4F5G6H7J8M`,
        duration: '90s',
        duration_seconds: 90,
        status: 'queued',
        progress: 0,
        music: null,
        audio: null,
        credits_charged: 0,
        started_at: null,
        completed_at: null,
        kind: 'extension',
        parent_track_id: TRACK_ID,
      },
    },
  },
  'GET /v1/tracks/{id}/audio': {
    access: 'optional',
    errors: TRACK_FILE_ERRORS,
    success: fileAnswers(AUDIO_TYPES),
    example: { params },
  },
  'GET /v1/tracks/{id}/midi': {
    access: 'optional',
    errors: TRACK_FILE_ERRORS,
    success: fileAnswers(['audio/midi']),
    example: { params },
  },
  'GET /v1/tracks/{id}/lyrics': {
    access: 'optional',
    errors: [...TRACK_FILE_ERRORS, 'not_found'],
    // LRC as text/plain, WebVTT as text/vtt, SubRip as application/x-subrip
    success: fileAnswers(['text/plain', 'text/vtt', 'application/x-subrip']),
    example: { params },
  },
  'GET /v1/tracks/{id}/melody': {
    access: 'workspace',
    errors: ['not_found'],
    success: [{ status: '200', description: 'The melody as a MIDI file.', contentTypes: ['audio/midi'] }],
    example: { params },
  },
  'GET /v1/tracks/{id}/stems': {
    access: 'optional',
    // 422: the engine now renders the track differently from its stored master
    errors: [...TRACK_FILE_ERRORS, 'unprocessable_track'],
    success: fileAnswers(['application/zip']),
    example: { params },
  },
  'GET /v1/tracks/{id}/waveform': {
    access: 'optional',
    errors: ['conflict'],
    example: {
      params,
      response: {
        object: 'waveform',
        samples_per_peak: 441,
        sample_rate: 44100,
        peaks: [-0.42, 0.51, -0.38, 0.47],
      },
    },
  },
  'GET /v1/tracks/{id}/cover.svg': {
    access: 'optional',
    success: [
      { status: '200', description: 'The cover art, 600 × 600.', contentTypes: ['image/svg+xml'] },
      { status: '304', description: 'Not modified: If-None-Match matched the current ETag.' },
    ],
    example: { params },
  },
};
