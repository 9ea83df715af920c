// The voice marketplace: browsing the catalogue, plan rules for using a voice on a track, usage
// counts and previews. Tracks call resolveVoiceForTrack when a track names a voice_id and
// incrementVoiceUsage in the transaction that marks that track ready.
import type { VoiceSpec } from '@trackforge/engine';
import { AppError } from '../../errors.js';
import type { Db, Tx } from '../../platform/database/create-database.js';
import type { Plan } from '../../platform/http/auth-context.js';
import { contentEtag } from '../../platform/http/send-file.js';
import type { Clock } from '../../platform/shared/clock.js';
import type { Page } from '../../platform/shared/keyset-page.js';
import {
  findVoiceById,
  incrementUsageCount,
  listVoices as listVoiceRows,
  type VoiceRow,
} from './voice.repository.js';
import { presentVoice, type VoiceListQuery, type VoiceResource } from './voice.schemas.js';
import type { VoicePlan } from './voice.table.js';
import type { PreviewRenderer } from './voice-preview.js';
import { seedVoiceCatalogue } from './voice-seed.js';

export type { VoiceRow } from './voice.repository.js';
export type { VoiceResource } from './voice.schemas.js';

const PLAN_RANK: Record<Plan, number> = { free: 0, studio: 1, enterprise: 2 };

/** True when a workspace on `plan` may perform with a voice that requires `required`. */
function planAllows(plan: Plan, required: VoicePlan | null): boolean {
  return required === null || PLAN_RANK[plan] >= PLAN_RANK[required];
}

/** The engine's description of how a catalogue voice performs a lead line. */
export function voiceSpecOf(row: VoiceRow): VoiceSpec {
  const performance = row.performance;
  return {
    id: row.id,
    name: row.name,
    program: performance.program,
    lowPitch: performance.low_pitch,
    highPitch: performance.high_pitch,
    vibratoDepthCents: performance.vibrato_depth_cents,
    vibratoRateHz: performance.vibrato_rate_hz,
    articulation: performance.articulation,
    brightness: performance.brightness,
    ...(performance.singer_id ? { singerId: performance.singer_id } : {}),
  };
}

/** Search words as the database's text search accepts them: letters and digits only, lower case. */
function searchWordsOf(q: string | undefined): string[] {
  return (
    (q ?? '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? []
  );
}

/** Adds one use of a voice; call it in the transaction that marks a track with this voice ready. */
export function incrementVoiceUsage(tx: Tx | Db, voiceId: string): Promise<void> {
  return incrementUsageCount(tx, voiceId);
}

export type VoiceService = ReturnType<typeof createVoiceService>;

export function createVoiceService(deps: {
  db: Db;
  clock: Clock;
  publicUrl: string;
  previews: PreviewRenderer;
}) {
  const { db, publicUrl } = deps;

  async function getVoiceRow(id: string): Promise<VoiceRow> {
    const row = await findVoiceById(db, id);
    if (!row) {
      throw new AppError('not_found', `No voice ${id}. List voices with GET /v1/voices.`, { param: 'id' });
    }
    return row;
  }

  async function positionOf(id: string, param: string): Promise<VoiceRow> {
    const row = await findVoiceById(db, id);
    if (!row) throw new AppError('validation_failed', `${param}: no voice with this id.`, { param });
    return row;
  }

  return {
    /** Makes the catalogue rows match the code's catalogue; safe to run on every start. */
    seedCatalogue: () => seedVoiceCatalogue(db, deps.clock.now()),

    /** One page of voices in the chosen order, filtered and searched. */
    async listVoices(query: VoiceListQuery): Promise<Page<VoiceResource>> {
      if (query.starting_after && query.ending_before) {
        throw new AppError('validation_failed', 'Send starting_after or ending_before, not both.', {
          param: 'ending_before',
        });
      }
      const filters = {
        searchWords: searchWordsOf(query.q),
        gender: query.gender,
        range: query.range,
        style: query.style,
        language: query.language,
      };
      const backwards = query.ending_before !== undefined;
      const cursor = query.starting_after ?? query.ending_before;
      const after = cursor
        ? await positionOf(cursor, backwards ? 'ending_before' : 'starting_after')
        : undefined;
      const rows = await listVoiceRows(db, {
        filters,
        sort: query.sort,
        after,
        forward: !backwards,
        limit: query.limit + 1,
      });
      const has_more = rows.length > query.limit;
      const page = rows.slice(0, query.limit);
      if (backwards) page.reverse();
      const data = page.map((row) => presentVoice(row, publicUrl));
      // Same cursor rules as every other list (shared/keyset-page.ts).
      const next_cursor = backwards ? (data.at(-1)?.id ?? null) : has_more ? (data.at(-1)?.id ?? null) : null;
      return { data, has_more, next_cursor };
    },

    async getVoice(id: string): Promise<VoiceResource> {
      return presentVoice(await getVoiceRow(id), publicUrl);
    },

    /** The preview MP3 of a voice and its ETag (404 for an unknown id). */
    async getVoicePreview(id: string): Promise<{ mp3: Uint8Array; etag: string }> {
      const row = await getVoiceRow(id);
      const mp3 = await deps.previews.getPreview({ id: row.id, styles: row.styles, spec: voiceSpecOf(row) });
      return { mp3, etag: contentEtag(mp3) };
    },

    /**
     * The voice a new track asked for and how the engine performs it: 404 not_found for an unknown
     * id (param voice_id), 403 plan_required with required_plan when the workspace's plan is below it.
     */
    async resolveVoiceForTrack(
      voiceId: string,
      plan: Plan,
    ): Promise<{ voice: VoiceResource; spec: VoiceSpec }> {
      const row = await findVoiceById(db, voiceId);
      if (!row) {
        throw new AppError('not_found', `No voice ${voiceId}. List voices with GET /v1/voices.`, {
          param: 'voice_id',
        });
      }
      if (!planAllows(plan, row.plan_required)) {
        throw new AppError(
          'plan_required',
          `The voice ${row.name} needs the ${row.plan_required} plan; this workspace is on ${plan}. Upgrade with POST /v1/billing/checkout or pick another voice.`,
          { param: 'voice_id', required_plan: row.plan_required, current_plan: plan },
        );
      }
      return { voice: presentVoice(row, publicUrl), spec: voiceSpecOf(row) };
    },

    incrementVoiceUsage,
  };
}
