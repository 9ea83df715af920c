// Wire shapes of /v1/tracks (API.md "Track"). Duration and key are checked with the engine's own
// parsers so the API accepts exactly what the engine understands.
import {
  CAPTION_FORMATS,
  MAX_CHORDS_CHARACTERS,
  MAX_LYRIC_LINE_CHARACTERS,
  MAX_LYRIC_LINES,
  MAX_LYRICS_CHARACTERS,
  MAX_MELODY_BYTES,
  MAX_MELODY_NOTES,
  MAX_MIDI_EVENTS,
  MAX_MIDI_NOTES,
  MAX_MIDI_TRACKS,
  MAX_PLAN_SECTIONS,
  MAX_PROGRESSION_CHORDS,
  parseDuration,
  parseKey,
  REQUEST_LIMITS,
} from '@trackforge/engine/request';
import { z } from 'zod';
import { PageQuerySchema } from '../../platform/shared/keyset-page.js';
import { prefixedId, timestamp } from '../../platform/shared/wire-schemas.js';

const DURATION_HELP =
  'duration must be "short" (30 s), "standard" (120 s), "long" (240 s), or a length from 5 s to 600 s such as "45s" or "2:30"';

// Documents the duration rule for clients (lower case shown; any case is accepted): short, standard,
// long, m:ss, or seconds/minutes such as "45s", "90", "2m30s", "1.5 min"; 5–600 s in all.
const NUMBER = '[0-9]+(?:\\.[0-9]+)?\\s*';
const SECONDS_UNIT = '(?:s|sec|secs|seconds?)';
const DURATION_PATTERN = `^\\s*(?:short|standard|long|[0-9]{1,2}:[0-5][0-9]|${NUMBER}(?:m|min|mins|minutes?)(?:\\s*${NUMBER}${SECONDS_UNIT}?)?|${NUMBER}${SECONDS_UNIT}?)\\s*$`;

const VisibilitySchema = z.enum(['private', 'unlisted', 'public']);
const StatusSchema = z.enum(['queued', 'generating', 'ready', 'failed']);

/** One planned section; the engine checks what the shape cannot (instrument names, total length). */
export const SectionPlanSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1)
      .max(40)
      .describe(
        'The section\'s name, reported in music.sections; "verse", "chorus", "bridge", "drop"… also set how it is arranged.',
      ),
    bars: z.number().int().min(1).max(512).optional().describe('Length in bars (give bars or seconds).'),
    seconds: z
      .number()
      .positive()
      .max(600)
      .optional()
      .describe("Length in seconds, rounded to whole bars at the track's tempo."),
    energy: z
      .number()
      .min(0)
      .max(1)
      .optional()
      .describe('0 (calm) to 1 (full): drum layers, density, loudness.'),
    prompt: z
      .string()
      .max(500)
      .optional()
      .describe(
        'Words for this section alone: moods set its energy, named instruments its parts ("no drums" rests them).',
      ),
    instruments: z
      .array(z.string().trim().min(1).max(40))
      .max(8)
      .optional()
      .describe(
        'The parts that play in this section (instruments such as "piano", "drums", or roles such as "lead", "chords"); the others rest.',
      ),
  })
  .refine((section) => (section.bars === undefined) !== (section.seconds === undefined), {
    message: 'give each section either bars or seconds',
  });

// Base64 grows a file by 4/3.
const MAX_MELODY_BASE64_CHARACTERS = Math.ceil(MAX_MELODY_BYTES / 3) * 4;

export const CreateTrackBodySchema = z.strictObject({
  prompt: z
    .string()
    .trim()
    .min(1, 'prompt must not be empty')
    .max(
      REQUEST_LIMITS.maxPromptCharacters,
      `prompt must be at most ${REQUEST_LIMITS.maxPromptCharacters} characters after trimming`,
    )
    .describe('What the music should sound like.'),
  duration: z
    // The patterns only document the rule; the engine's parseDuration decides (and names the fix).
    .union([z.string().meta({ pattern: DURATION_PATTERN }), z.number().meta({ minimum: 5, maximum: 600 })])
    .transform((value, ctx) => {
      const text = typeof value === 'number' ? `${value}s` : value.trim().toLowerCase();
      const seconds = parseDuration(text);
      if (seconds === null) {
        ctx.addIssue({ code: 'custom', message: `${DURATION_HELP}; got ${JSON.stringify(value)}` });
        return z.NEVER;
      }
      return { label: text, seconds };
    })
    .optional()
    .describe(`${DURATION_HELP}. Required unless sections is given (a section plan sets the length).`),
  chords: z
    .string()
    .trim()
    .min(1)
    .max(MAX_CHORDS_CHARACTERS)
    .optional()
    .describe(
      `A chord progression the arrangement follows exactly, looped over the track: "Am F C G" (a bar each), "Am:2 F C G" (bars after a colon), "| Dm7 G7 | Cmaj7 |" (bar lines share a bar), slash chords "C/E", or roman numerals in the key "I V vi IV". Without a key in the prompt or \`key\`, the key is the progression's. At most ${MAX_PROGRESSION_CHORDS} chords a cycle (bars repeated with "%" count).`,
    ),
  sections: z
    .array(SectionPlanSchema)
    .min(1)
    .max(MAX_PLAN_SECTIONS)
    .optional()
    .describe(
      'A section plan the track follows exactly, in order. The track lasts as long as the plan (at most 600 s); the plan wins over `duration`.',
    ),
  melody: z
    .base64()
    .max(MAX_MELODY_BASE64_CHARACTERS)
    .optional()
    .describe(
      `A Standard MIDI File (at most ${MAX_MELODY_BYTES / 1024} KB, ${MAX_MIDI_TRACKS} tracks, ${MAX_MIDI_EVENTS.toLocaleString('en')} events and ${MAX_MIDI_NOTES.toLocaleString('en')} notes; its melody at most ${MAX_MELODY_NOTES.toLocaleString('en')} notes) whose melody the lead plays, base64-encoded; or send multipart/form-data with a \`request\` JSON part and a \`melody\` file part. The file's tempo is used unless \`bpm\` is given.`,
    ),
  // bounded by the engine (422 naming lyrics and what is wrong), like the other musical inputs
  lyrics: z
    .string()
    .optional()
    .describe(
      `Words to sing, one line per phrase (at most ${MAX_LYRICS_CHARACTERS} characters, ${MAX_LYRIC_LINES} lines of at most ${MAX_LYRIC_LINE_CHARACTERS} characters, English; numbers are sung as words), with optional section tags on their own lines: [verse], [pre-chorus], [chorus], [bridge], [outro] ([hook] and [refrain] are a chorus). A tag with no lines under it repeats the last section of that name (a chorus written once is sung again); [intro], [instrumental] and a bare [outro] mark instrumental sections. Without \`sections\`, the tags become the track's section plan. Sung by \`voice_id\` (a voice whose \`vocal\` is \`sung\`) or a singer the engine picks; rapped for hip hop and trap or a prompt that asks for rap. With \`melody\`, the words are laid on its notes. Lyrics that cannot fit the duration are 422 \`unprocessable_input\` saying how many seconds they need.`,
    ),
  voice_id: z
    .string()
    .regex(/^voc_[0-9A-Za-z]+$/, 'voice_id must be a voice id such as voc_…')
    .nullable()
    .optional()
    .describe(
      'A marketplace voice (voc_…). A `sung` voice sings `lyrics` (or wordless vowels without them); a `wordless` or `instrumental` voice performs the lead melody and cannot take lyrics.',
    ),
  seed: z
    .number()
    .int()
    .min(0)
    .max(REQUEST_LIMITS.maxSeed)
    .optional()
    .describe('Same seed + same request → same track.'),
  loop: z.boolean().optional(),
  bpm: z
    .number()
    .int()
    .min(REQUEST_LIMITS.minBpm)
    .max(REQUEST_LIMITS.maxBpm)
    .optional()
    .describe(
      `Tempo in beats per minute, ${REQUEST_LIMITS.minBpm}–${REQUEST_LIMITS.maxBpm}; omit to let the prompt decide.`,
    ),
  key: z
    .string()
    .max(REQUEST_LIMITS.maxKeyCharacters)
    .refine((text) => parseKey(text) !== null, 'key must be a musical key such as "D minor" or "F# major"')
    .optional()
    .describe('Musical key such as "D minor", "F# major" or "Bb dorian"; omit to let the prompt decide.'),
  visibility: VisibilitySchema.optional(),
  webhook_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  metadata: z
    .record(z.string().min(1).max(40), z.string().max(500))
    .refine((record) => Object.keys(record).length <= 20, 'metadata may have at most 20 keys')
    .optional(),
});
export type CreateTrackBody = z.output<typeof CreateTrackBodySchema>;

export const PublishTrackBodySchema = z.strictObject({ visibility: VisibilitySchema });

export const TrackIdParamsSchema = z.object({
  id: z.string().min(1).max(64).describe('A track id (trk_…).'),
});

export const ListTracksQuerySchema = PageQuerySchema.extend({
  status: StatusSchema.optional(),
  visibility: VisibilitySchema.optional(),
});
export type ListTracksQuery = z.output<typeof ListTracksQuerySchema>;

export const LyricsQuerySchema = z.object({
  format: z
    .enum(CAPTION_FORMATS)
    .default('lrc')
    .describe(
      "`lrc` (music players and karaoke apps; the default), `vtt` (WebVTT for the web's `<track>`, with each word's time) or `srt` (SubRip, for video editors).",
    ),
  download: z.enum(['1', 'true', '0', 'false']).optional(),
});

const LyricsUrlSchema = z
  .string()
  .optional()
  .describe(
    'The sung lines as timed lyrics (`?format=lrc|vtt|srt`); present once a track with lyrics is ready.',
  );

export const AudioQuerySchema = z.object({
  format: z.enum(['mp3', 'wav', 'ogg', 'flac']).default('mp3'),
  stream: z.enum(['1', 'true', '0', 'false']).optional(),
  download: z.enum(['1', 'true', '0', 'false']).optional(),
});

const TrackMusicSchema = z
  .object({
    bpm: z.number(),
    key: z.string(),
    time_signature: z.string(),
    genre: z.string(),
    moods: z.array(z.string()),
    instruments: z.array(z.string()),
    sections: z.array(z.object({ name: z.string(), start: z.number(), end: z.number() })),
    lyrics: z
      .array(
        z.object({
          text: z.string().describe('The line as written (digits stay digits).'),
          section: z.string(),
          start: z.number(),
          end: z.number(),
          words: z
            .array(z.object({ text: z.string(), start: z.number(), end: z.number() }))
            .optional()
            .describe(
              'Each word as sung, from its first note to the end of its last, in seconds (karaoke); numbers are their words ("24" → "twenty", "four"). Tracks made before 2026-11-29 have none.',
            ),
        }),
      )
      .optional()
      .describe(
        'The sung lines with the section they are in and their start and end in seconds (subtitles, karaoke); present when the track has lyrics.',
      ),
  })
  .nullable();

const TrackAudioSchema = z
  .object({
    formats: z.array(z.string()),
    sample_rate: z.number().int(),
    channels: z.number().int(),
    duration_seconds: z.number(),
    loudness_lufs: z.number(),
    true_peak_dbtp: z.number(),
  })
  .nullable();

/** What a track was made from besides its prompt (the owner's view only; never on the public track). */
const TrackInputsSchema = z
  .object({
    chords: z.string().nullable().describe('The chord progression as sent, or null.'),
    sections: z
      .array(
        z.object({
          name: z.string(),
          bars: z.number().int().optional(),
          seconds: z.number().optional(),
          energy: z.number().optional(),
          prompt: z.string().optional(),
          instruments: z.array(z.string()).optional(),
        }),
      )
      .nullable()
      .describe('The section plan as sent, or null.'),
    melody: z
      .object({
        note_count: z.number().int().describe('Notes of the melody read from the MIDI file.'),
        bpm: z.number().nullable().describe("The file's tempo, or null when it states none."),
        time_signature: z.string().nullable().describe("The file's time signature, or null."),
      })
      .nullable()
      .describe(
        'A summary of the melody read from the uploaded MIDI file, or null. The file itself is not kept; the melody taken from it is, as a MIDI file at GET /v1/tracks/{id}/melody.',
      ),
    lyrics: z.string().nullable().describe('The lyrics as sent, or null.'),
  })
  .describe(
    'The musical inputs the track follows besides its prompt (`chords`, `sections`, `melody`, `lyrics` of POST /v1/tracks; for a variation or extension, those of the track it was made from); null fields were not given.',
  );

export const TrackSchema = z.object({
  id: prefixedId('trk', 'Track'),
  object: z.literal('track'),
  prompt: z.string().describe('The prompt as sent, trimmed.'),
  duration: z.string().describe('The duration as asked for, normalised (short, 45s, 2:30…).'),
  duration_seconds: z.number().describe('Length of the finished track in seconds (5–600).'),
  status: StatusSchema,
  progress: z.number().describe('0 to 1 while generating; 1 when ready.'),
  visibility: VisibilitySchema,
  title: z.string().describe('A title made from the prompt.'),
  voice_id: z.string().nullable().describe('The marketplace voice (voc_…), or null for none.'),
  seed: z.number().int().describe('The seed used; the same seed and request give the same track.'),
  loop: z.boolean(),
  bpm: z
    .number()
    .int()
    .nullable()
    .describe('The tempo asked for in the request, or null (music.bpm is the one played).'),
  key: z.string().nullable(),
  metadata: z.record(z.string(), z.string()).describe('Your own key/value pairs, returned as sent.'),
  webhook_url: z.string().nullable(),
  music: TrackMusicSchema,
  audio: TrackAudioSchema,
  urls: z.object({
    audio: z.string(),
    midi: z.string(),
    stems: z.string(),
    waveform: z.string(),
    stream: z.string(),
    share: z.string(),
    cover: z
      .string()
      .describe('Cover art drawn from the track (SVG), readable by whoever may read the track.'),
    lyrics: LyricsUrlSchema,
  }),
  error: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe('Why generation failed (status failed); null otherwise.'),
  credits_charged: z.number().int().describe('Credits held or spent on this track (0 after a refund).'),
  inputs: TrackInputsSchema,
  kind: z
    .enum(['original', 'variation', 'extension'])
    .describe(
      'How the track was made: from its prompt, or from another track by POST /v1/tracks/{id}/variations or /extend.',
    ),
  parent_track_id: z
    .string()
    .nullable()
    .describe(
      'The track a variation or extension was made from (it may since have been deleted); null for an original.',
    ),
  workspace_id: prefixedId('wsp', 'Workspace'),
  created_at: timestamp(),
  started_at: timestamp('When generation started (ISO 8601, UTC); null while queued.').nullable(),
  completed_at: timestamp('When it became ready or failed (ISO 8601, UTC).').nullable(),
});
export type TrackJson = z.infer<typeof TrackSchema>;

/** The public track (API.md "Two representations"): only what a listener needs. */
export const PublicTrackSchema = z
  .strictObject({
    id: z.string(),
    object: z.literal('public_track'),
    title: z.string(),
    prompt: z.string(),
    duration: z.string(),
    duration_seconds: z.number(),
    music: TrackMusicSchema,
    audio: TrackAudioSchema,
    urls: z.strictObject({
      audio: z.string(),
      waveform: z.string(),
      share: z.string(),
      cover: z.string(),
      lyrics: LyricsUrlSchema,
    }),
    voice_id: z.string().nullable(),
    created_at: z.string(),
  })
  .describe(
    'A track as anyone outside its workspace sees it (public and unlisted tracks): never its webhook_url, metadata, workspace_id, seed, error or credits.',
  );
export type PublicTrackJson = z.infer<typeof PublicTrackSchema>;

/** GET /v1/tracks/{id}: the owner's track for its workspace, the public track for everyone else. */
export const ReadTrackSchema = z.union([TrackSchema, PublicTrackSchema]);

export const PublicTrackListSchema = z.object({
  object: z.literal('list'),
  data: z.array(PublicTrackSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export const TrackListSchema = z.object({
  object: z.literal('list'),
  data: z.array(TrackSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export const WaveformSchema = z.object({
  object: z.literal('waveform'),
  samples_per_peak: z.number(),
  sample_rate: z.number().int(),
  peaks: z.array(z.number()).describe('min/max pairs per bucket, interleaved, in -1…1'),
});
