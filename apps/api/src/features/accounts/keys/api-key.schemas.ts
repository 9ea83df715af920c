// API keys on the wire: never the secret, except once in the creation answer.
import { z } from 'zod';
import { prefixedId, timestamp } from '../../../platform/shared/wire-schemas.js';
import type { ApiKeyRow } from './api-key.table.js';

export const ApiKeySchema = z
  .object({
    id: prefixedId('key', 'API key'),
    object: z.literal('api_key'),
    name: z.string(),
    mode: z.enum(['live', 'test']),
    prefix: z.string().describe('How the key starts, e.g. tf_live_key_01J…'),
    last_four: z.string(),
    created_at: timestamp(),
    last_used_at: timestamp('Last successful use (ISO 8601, UTC); null when never used.').nullable(),
  })
  .meta({ id: 'ApiKey' });

export const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().describe('The full key. Shown only in this answer: store it now.'),
});

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'name a key after where it is used, e.g. "production server"').max(100),
  mode: z.enum(['live', 'test']).default('live').describe('tf_live_ (default) or tf_test_ key.'),
});

export const ApiKeyParamsSchema = z.object({
  id: z.string().min(1).max(64).describe('An API key id (key_…).'),
});

export const ApiKeyListSchema = z.object({
  object: z.literal('list'),
  data: z.array(ApiKeySchema),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

export function toApiKeyJson(key: ApiKeyRow): z.output<typeof ApiKeySchema> {
  return {
    id: key.id,
    object: 'api_key',
    name: key.name,
    mode: key.mode,
    prefix: `tf_${key.mode}_${key.id}`,
    last_four: key.last_four,
    created_at: key.created_at.toISOString(),
    last_used_at: key.last_used_at?.toISOString() ?? null,
  };
}
