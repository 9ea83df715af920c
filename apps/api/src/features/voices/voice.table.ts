import type { ColumnType, Generated } from 'kysely';

export const VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
export const VOICE_RANGES = ['soprano', 'mezzo', 'alto', 'tenor', 'baritone', 'bass'] as const;
export const VOICE_PLANS = ['studio', 'enterprise'] as const;

export type VoiceGender = (typeof VOICE_GENDERS)[number];
export type VoiceRange = (typeof VOICE_RANGES)[number];
export type VoicePlan = (typeof VOICE_PLANS)[number];
export type VoiceArticulation = 'legato' | 'normal' | 'staccato';

/** How the engine performs the lead with this voice (a VoiceSpec without its name and id). */
export interface VoicePerformance {
  program: number;
  low_pitch: number;
  high_pitch: number;
  vibrato_depth_cents: number;
  vibrato_rate_hz: number;
  articulation: VoiceArticulation;
  brightness: number;
  /** The engine singer that sings this voice (its lyrics, or vowels without them); absent for GM sounds. */
  singer_id?: string;
}

type Json<T> = ColumnType<T, string, string>;

export interface VoiceTable {
  id: string;
  name: string;
  description: string;
  gender: VoiceGender;
  range: VoiceRange;
  styles: string[];
  languages: string[];
  tags: string[];
  creator_name: string;
  plan_required: VoicePlan | null;
  performance: Json<VoicePerformance>;
  usage_count: Generated<number>;
  /** Kept by a trigger from name, description, styles and tags. */
  search_vector: ColumnType<string | null, never, never>;
  created_at: Date;
  updated_at: Date;
}

// These tables join the one interface Kysely sees by declaration merging (as Fastify's decorators
// do), so platform/database/schema.ts names no feature.
declare module '../../platform/database/schema.js' {
  interface Database {
    voice: VoiceTable;
  }
}
