// SQL for the voice catalogue. Lists page by keyset on (sort key, id) so ties never repeat or skip.
import { type ExpressionBuilder, type Selectable, sql } from 'kysely';
import type { Db, Tx } from '../../platform/database/create-database.js';
import type { Database } from '../../platform/database/schema.js';
import type { VoiceGender, VoiceRange, VoiceTable } from './voice.table.js';

export type VoiceRow = Omit<Selectable<VoiceTable>, 'search_vector'>;
export type VoiceSort = 'popular' | 'newest' | 'name';

export interface VoiceFilters {
  /** Words to match (each as a prefix) against name, description, styles and tags. */
  searchWords?: string[];
  gender?: VoiceGender;
  range?: VoiceRange;
  style?: string;
  /** Voices that sing lyrics in this language. */
  language?: string;
}

export type VoiceSeedRow = Omit<VoiceRow, 'usage_count' | 'performance'> & { performance: string };

const COLUMNS = [
  'id',
  'name',
  'description',
  'gender',
  'range',
  'styles',
  'languages',
  'tags',
  'creator_name',
  'plan_required',
  'performance',
  'usage_count',
  'created_at',
  'updated_at',
] as const;

export async function findVoiceById(db: Db | Tx, id: string): Promise<VoiceRow | undefined> {
  return db.selectFrom('voice').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * One keyset read in the sort's order (`forward`) or its reverse, strictly after `after`.
 * Each sort is one direction for both its key and the id tie-break, so a row comparison suffices:
 * popular = (usage_count, id) descending, newest = (created_at, id) descending, name = (name, id)
 * ascending in byte order (COLLATE "C", identical on every server whatever its locale).
 */
export async function listVoices(
  db: Db,
  options: { filters: VoiceFilters; sort: VoiceSort; after?: VoiceRow; forward: boolean; limit: number },
): Promise<VoiceRow[]> {
  const { filters, sort, after, forward, limit } = options;
  const descending = sort !== 'name' ? forward : !forward;
  const direction = descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('voice')
    .select(COLUMNS)
    .where((eb) => eb.and(filterConditions(eb, filters)));
  if (after) {
    const op = sql.raw(descending ? '<' : '>');
    const position =
      sort === 'popular'
        ? sql<boolean>`(usage_count, id COLLATE "C") ${op} (${after.usage_count}, ${after.id} COLLATE "C")`
        : sort === 'newest'
          ? sql<boolean>`(created_at, id COLLATE "C") ${op} (${after.created_at}, ${after.id} COLLATE "C")`
          : sql<boolean>`(name COLLATE "C", id COLLATE "C") ${op} (${after.name} COLLATE "C", ${after.id} COLLATE "C")`;
    query = query.where(position);
  }
  if (sort === 'popular') query = query.orderBy('usage_count', direction);
  else if (sort === 'newest') query = query.orderBy('created_at', direction);
  else query = query.orderBy(sql`name COLLATE "C"`, direction);
  return query.orderBy(sql`id COLLATE "C"`, direction).limit(limit).execute();
}

function filterConditions(eb: ExpressionBuilder<Database, 'voice'>, filters: VoiceFilters) {
  const conditions = [];
  if (filters.searchWords && filters.searchWords.length > 0) {
    // Prefix terms so "opera" finds "operatic" and "sop" finds "soprano" while people type.
    const terms = filters.searchWords.map((word) => `${word}:*`).join(' & ');
    // A query of stop words only ("the") is empty: it then filters nothing rather than everything.
    const query = sql`to_tsquery('english', ${terms})`;
    conditions.push(sql<boolean>`(numnode(${query}) = 0 OR search_vector @@ ${query})`);
  }
  if (filters.gender) conditions.push(eb('gender', '=', filters.gender));
  if (filters.range) conditions.push(eb('range', '=', filters.range));
  if (filters.style) conditions.push(sql<boolean>`styles @> ARRAY[${filters.style}]::text[]`);
  if (filters.language) conditions.push(sql<boolean>`languages @> ARRAY[${filters.language}]::text[]`);
  return conditions;
}

/**
 * Inserts or updates catalogue rows by id, leaving usage_count alone; rows whose content did not
 * change are not rewritten, so starting many nodes at once costs one read-only statement each.
 */
export async function upsertVoices(db: Db | Tx, rows: VoiceSeedRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('voice')
    .values(rows)
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          description: eb.ref('excluded.description'),
          gender: eb.ref('excluded.gender'),
          range: eb.ref('excluded.range'),
          styles: eb.ref('excluded.styles'),
          languages: eb.ref('excluded.languages'),
          tags: eb.ref('excluded.tags'),
          creator_name: eb.ref('excluded.creator_name'),
          plan_required: eb.ref('excluded.plan_required'),
          performance: eb.ref('excluded.performance'),
          created_at: eb.ref('excluded.created_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where(
          sql<boolean>`(voice.name, voice.description, voice.gender, voice.range, voice.styles, voice.languages,
            voice.tags, voice.creator_name, voice.plan_required, voice.performance, voice.created_at)
            IS DISTINCT FROM (excluded.name, excluded.description, excluded.gender, excluded.range,
            excluded.styles, excluded.languages, excluded.tags, excluded.creator_name,
            excluded.plan_required, excluded.performance, excluded.created_at)`,
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Adds one use; called in the transaction that marks a track ready. */
export async function incrementUsageCount(tx: Db | Tx, id: string): Promise<void> {
  await tx
    .updateTable('voice')
    .set((eb) => ({ usage_count: eb('usage_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}
