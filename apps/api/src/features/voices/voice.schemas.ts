import { z } from 'zod';
import { CURSOR_HELP, prefixedId, timestamp } from '../../platform/shared/wire-schemas.js';
import type { VoiceRow } from './voice.repository.js';
import { VOICE_GENDERS, VOICE_PLANS, VOICE_RANGES } from './voice.table.js';
import { VOICE_STYLES } from './voice-catalogue.js';
import { findVoiceSound, SUNG_TIMBRE, VOICE_VOCALS } from './voice-sound.js';

const VOICE_SORTS = ['popular', 'newest', 'name'] as const;

/** A zod enum whose error names every allowed value, so a typo is fixed from the message alone. */
function choice<const T extends readonly [string, ...string[]]>(values: T, param: string) {
  return z.enum(values, { error: () => `${param} must be one of: ${values.join(', ')}` });
}

export const VoiceListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(200, 'q is limited to 200 characters')
    .optional()
    .describe('Full-text search over name, description, styles and tags; each word matches as a prefix.'),
  gender: choice(VOICE_GENDERS, 'gender').optional(),
  range: choice(VOICE_RANGES, 'range').optional(),
  style: choice(VOICE_STYLES, 'style').optional(),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'language must be a two-letter language code such as en')
    .optional()
    .describe(
      'Only voices that sing lyrics in this language (a two-letter code such as `en`; see `languages`).',
    ),
  sort: choice(VOICE_SORTS, 'sort')
    .default('popular')
    .describe('popular (most used first), newest, or name (A→Z); ties are ordered by id.'),
  limit: z.coerce.number().int().min(1).max(100).default(20).describe(CURSOR_HELP.limit),
  starting_after: z.string().min(1).optional().describe(CURSOR_HELP.starting_after),
  ending_before: z.string().min(1).optional().describe(CURSOR_HELP.ending_before),
});
export type VoiceListQuery = z.output<typeof VoiceListQuerySchema>;

export const VoiceIdParamsSchema = z.object({ id: z.string().min(1).describe('A voice id (voc_…).') });

export const VoiceSchema = z.object({
  id: prefixedId('voc', 'Voice'),
  object: z.literal('voice'),
  name: z.string(),
  description: z.string(),
  gender: z.enum(VOICE_GENDERS),
  range: z.enum(VOICE_RANGES),
  styles: z.array(z.string()),
  vocal: z
    .enum(VOICE_VOCALS)
    .describe(
      "What the engine renders: sung (the engine's singing voice sings a track's lyrics in `languages`, or the lead melody on vowels without them), wordless (a General MIDI vocal sound — choir aahs, voice oohs, synth voice — plays the lead melody on vowels; it takes no lyrics) or instrumental (an instrument plays the lead in this voice's range and phrasing; no lyrics).",
    ),
  timbre: z.string().describe('The sound that carries the voice, e.g. "choir aahs" or "flute".'),
  languages: z
    .array(z.string())
    .describe(
      'Languages the voice sings lyrics in (e.g. `["en"]` for a sung voice); empty for wordless and instrumental voices.',
    ),
  tags: z.array(z.string()),
  creator: z.object({ name: z.string() }),
  plan_required: z.enum(VOICE_PLANS).nullable().describe('null: every plan may use this voice.'),
  preview_url: z.string(),
  usage_count: z.number().int().describe('Tracks finished with this voice.'),
  created_at: timestamp(),
});
export type VoiceResource = z.infer<typeof VoiceSchema>;

export const VoiceListSchema = z.object({
  object: z.literal('list'),
  data: z.array(VoiceSchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export function presentVoice(row: VoiceRow, publicUrl: string): VoiceResource {
  return {
    id: row.id,
    object: 'voice',
    name: row.name,
    description: row.description,
    gender: row.gender,
    range: row.range,
    styles: row.styles,
    ...(row.performance.singer_id
      ? { vocal: 'sung' as const, timbre: SUNG_TIMBRE }
      : soundOf(row.performance.program, row.id)),
    languages: row.languages,
    tags: row.tags,
    creator: { name: row.creator_name },
    plan_required: row.plan_required,
    preview_url: `${publicUrl}/v1/voices/${row.id}/preview`,
    usage_count: Number(row.usage_count),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function soundOf(program: number, id: string): { vocal: (typeof VOICE_VOCALS)[number]; timbre: string } {
  const sound = findVoiceSound(program);
  if (!sound) throw new Error(`voice ${id}: program ${program} has no entry in voice-sound.ts`);
  return sound;
}
