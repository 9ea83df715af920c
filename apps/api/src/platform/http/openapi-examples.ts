// One worked example per operation (request body, path parameters, JSON answer) for the reference
// at /docs and for the fuzzer's example phase. The OpenAPI test checks that every operation has one.
const ULID = '01JD5Z8K3M9Q2R7T4V6W8X0Y1Z';
/** The public URL the examples are written for. */
export const EXAMPLE_PUBLIC_URL = 'https://api.trackforge.dev';
const BASE = EXAMPLE_PUBLIC_URL;
const TRACK_ID = `trk_${ULID}`;
const CREATED_AT = '2026-11-01T09:30:00.000Z';

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
  workspace_id: `wsp_${ULID}`,
  created_at: CREATED_AT,
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
  created_at: CREATED_AT,
};

const USER = {
  id: `usr_${ULID}`,
  object: 'user',
  email: 'ada@example.com',
  name: 'Ada',
  created_at: CREATED_AT,
};
const WORKSPACE = {
  id: `wsp_${ULID}`,
  object: 'workspace',
  name: "Ada's workspace",
  plan: 'studio',
  credits: { balance: 99, held: 1 },
  created_at: CREATED_AT,
};
const API_KEY = {
  id: `key_${ULID}`,
  object: 'api_key',
  name: 'production server',
  mode: 'live',
  prefix: `tf_live_key_${ULID}`,
  last_four: 'x9Qa',
  created_at: CREATED_AT,
  last_used_at: null,
};
// A voice of the seeded catalogue, so the example finds a real one.
const VOICE_ID = 'voc_01JNB4RQ80DK7GPSZDDWG7A222';
const VOICE = {
  id: VOICE_ID,
  object: 'voice',
  name: 'Amara Gold',
  description: 'A honeyed soul soprano with a slow, warm vibrato.',
  gender: 'female',
  range: 'soprano',
  styles: ['soul', 'gospel', 'pop'],
  vocal: 'wordless',
  timbre: 'voice oohs',
  languages: [],
  tags: ['bright'],
  creator: { name: 'Trackforge' },
  plan_required: null,
  preview_url: `${BASE}/v1/voices/${VOICE_ID}/preview`,
  usage_count: 12,
  created_at: CREATED_AT,
};
const EVENT = {
  id: `evt_${ULID}`,
  type: 'track.ready',
  created_at: CREATED_AT,
  data: { track: { id: TRACK_ID, object: 'track', status: 'ready' } },
};
const ENDPOINT = {
  id: `whe_${ULID}`,
  object: 'webhook_endpoint',
  url: 'https://example.com/hooks/trackforge',
  description: 'Production receiver',
  event_types: ['track.ready', 'track.failed'],
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  status: 'enabled',
  disabled_reason: null,
  created_at: CREATED_AT,
};
const SIGNED_WORKSPACE = {
  id: `wsp_${ULID}`,
  object: 'workspace',
  name: "Ada's workspace",
  plan: 'studio',
  signing_secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

function list(item: unknown) {
  return { object: 'list', data: [item], has_more: false, next_cursor: null };
}

export interface OperationExample {
  request?: unknown;
  /** More named request examples, shown beside `request` (OpenAPI `examples`). */
  requestExamples?: Record<string, { summary: string; value: unknown }>;
  /** Other media types the request body may take, with their schema (e.g. multipart/form-data). */
  otherRequestContent?: Record<string, unknown>;
  response?: unknown;
  params?: Record<string, string>;
}

const trackParams = { id: TRACK_ID };

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {
  'GET /healthz': { response: { status: 'ok' } },
  'GET /readyz': { response: { status: 'ready', database: 'postgres', storage: 's3' } },

  'POST /v1/auth/signup': {
    request: { email: 'ada@example.com', name: 'Ada', redirect_to: '/studio' },
    response: { status: 'sent' },
  },
  'POST /v1/auth/magic-link': { request: { email: 'ada@example.com' }, response: { status: 'sent' } },
  'GET /v1/auth/verify': {
    params: { token: 'lnk_5f2c1e9a7b3d4c8e' },
    response: {
      access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c3JfMDEifQ.c2lnbmF0dXJl',
      token_type: 'Bearer',
      expires_in: 900,
      user: USER,
      workspace: WORKSPACE,
      redirect_to: '/studio',
    },
  },
  'POST /v1/auth/signout': {},
  'GET /v1/me': {
    response: {
      object: 'me',
      user: USER,
      workspace: {
        ...WORKSPACE,
        subscription: {
          status: 'active',
          price: 'studio_monthly',
          current_period_end: '2026-12-01T00:00:00Z',
        },
      },
      auth_method: 'session',
    },
  },

  'POST /v1/api-keys': {
    request: { name: 'production server', mode: 'live' },
    response: { ...API_KEY, secret: `tf_live_key_${ULID}_s3cr3tS3cr3tS3cr3tx9Qa` },
  },
  'GET /v1/api-keys': { response: list(API_KEY) },
  'GET /v1/api-keys/{id}': { params: { id: API_KEY.id }, response: API_KEY },
  'DELETE /v1/api-keys/{id}': { params: { id: `key_${ULID}` } },

  'GET /v1/credits': {
    response: {
      object: 'credits',
      balance: 99,
      held: 1,
      entries: list({
        id: `crd_${ULID}`,
        object: 'credit_entry',
        kind: 'hold',
        amount: -1,
        balance_after: 99,
        held_after: 1,
        track_id: TRACK_ID,
        description: 'track generation',
        created_at: CREATED_AT,
      }),
    },
  },

  'POST /v1/tracks': {
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
              description: 'The track request as JSON (the same fields as the JSON body, without `melody`).',
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
  'GET /v1/tracks': { response: list(TRACK) },
  'GET /v1/public/tracks': { response: list(PUBLIC_TRACK) },
  'GET /v1/tracks/{id}': { params: trackParams, response: TRACK },
  'DELETE /v1/tracks/{id}': { params: trackParams },
  'POST /v1/tracks/{id}/publish': {
    params: trackParams,
    request: { visibility: 'unlisted' },
    response: { ...TRACK, visibility: 'unlisted' },
  },
  'POST /v1/tracks/{id}/variations': {
    params: trackParams,
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
  'POST /v1/tracks/{id}/extend': {
    params: trackParams,
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
  'GET /v1/tracks/{id}/audio': { params: trackParams },
  'GET /v1/tracks/{id}/midi': { params: trackParams },
  'GET /v1/tracks/{id}/melody': { params: trackParams },
  'GET /v1/tracks/{id}/stems': { params: trackParams },
  'GET /v1/tracks/{id}/cover.svg': { params: trackParams },
  'GET /v1/tracks/{id}/waveform': {
    params: trackParams,
    response: {
      object: 'waveform',
      samples_per_peak: 441,
      sample_rate: 44100,
      peaks: [-0.42, 0.51, -0.38, 0.47],
    },
  },

  'GET /v1/voices': { response: list(VOICE) },
  'GET /v1/voices/{id}': { params: { id: VOICE.id }, response: VOICE },
  'GET /v1/voices/{id}/preview': { params: { id: VOICE.id } },

  'GET /v1/events': { params: { track_id: TRACK_ID }, response: list(EVENT) },
  'GET /v1/ws/jobs': { params: { last_event_id: EVENT.id } },
  'GET /v1/workspace': { response: SIGNED_WORKSPACE },
  'POST /v1/workspace/signing-secret': { response: SIGNED_WORKSPACE },

  'POST /v1/webhook-endpoints': {
    request: { url: ENDPOINT.url, event_types: ENDPOINT.event_types },
    response: ENDPOINT,
  },
  'GET /v1/webhook-endpoints': { response: list(ENDPOINT) },
  'GET /v1/webhook-endpoints/{id}': { params: { id: ENDPOINT.id }, response: ENDPOINT },
  'PATCH /v1/webhook-endpoints/{id}': {
    params: { id: ENDPOINT.id },
    request: { description: 'Production receiver', enabled: true },
    response: ENDPOINT,
  },
  'DELETE /v1/webhook-endpoints/{id}': { params: { id: ENDPOINT.id } },

  'POST /v1/billing/checkout': {
    request: {
      price: 'studio_monthly',
      success_url: 'https://trackforge.dev/studio?checkout=done',
      cancel_url: 'https://trackforge.dev/studio',
    },
    response: { id: 'cs_test_a1B2c3', url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3' },
  },
  'POST /v1/billing/portal': {
    request: { return_url: 'https://trackforge.dev/studio' },
    response: { url: 'https://billing.stripe.com/p/session/test_a1B2c3' },
  },
  'POST /v1/webhooks/stripe': {
    request: {
      id: 'evt_1Q2w3E4r5T6y',
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: {} },
    },
    response: { received: true, duplicate: false },
  },
};
