// The seed step: makes the voice table match the catalogue. Runs at every start after migrations
// (buildApp), upserting by stable id, so running it again or on many nodes at once is harmless.
import { findSungVoice, sungVoiceSpec } from '@trackforge/engine/request';
import type { Db } from '../../platform/database/create-database.js';
import { upsertVoices, type VoiceSeedRow } from './voice.repository.js';
import type { VoicePerformance, VoiceRange } from './voice.table.js';
import { type CatalogueVoice, VOICE_CATALOGUE } from './voice-catalogue.js';

/** MIDI notes each range sings between (a typical choral tessitura, middle C = 60). */
export const RANGE_PITCHES: Record<VoiceRange, { low: number; high: number }> = {
  soprano: { low: 60, high: 81 },
  mezzo: { low: 57, high: 77 },
  alto: { low: 53, high: 74 },
  tenor: { low: 48, high: 69 },
  baritone: { low: 45, high: 65 },
  bass: { low: 40, high: 62 },
};

function performanceOf(voice: CatalogueVoice): VoicePerformance {
  const sung = voice.singer ? findSungVoice(voice.singer) : undefined;
  if (sung) {
    // a sung voice sings in its singer's own range, with its vibrato
    const spec = sungVoiceSpec(sung);
    return {
      program: voice.program,
      low_pitch: spec.lowPitch,
      high_pitch: spec.highPitch,
      vibrato_depth_cents: spec.vibratoDepthCents,
      vibrato_rate_hz: spec.vibratoRateHz,
      articulation: spec.articulation,
      brightness: spec.brightness,
      singer_id: sung.singerId,
    };
  }
  const pitches = RANGE_PITCHES[voice.range];
  return {
    program: voice.program,
    low_pitch: pitches.low,
    high_pitch: pitches.high,
    vibrato_depth_cents: voice.vibratoDepthCents,
    vibrato_rate_hz: voice.vibratoRateHz,
    articulation: voice.articulation,
    brightness: voice.brightness,
  };
}

export function catalogueRows(catalogue: CatalogueVoice[], now: Date): VoiceSeedRow[] {
  return catalogue.map((voice) => ({
    id: voice.id,
    name: voice.name,
    description: voice.description,
    gender: voice.gender,
    range: voice.range,
    styles: voice.styles,
    // only a sung voice sings words, in its singer's languages (voice-sound.ts)
    languages: voice.singer ? [...(voice.languages ?? [])] : [],
    tags: voice.tags,
    creator_name: voice.creator,
    plan_required: voice.plan,
    performance: JSON.stringify(performanceOf(voice)),
    created_at: new Date(voice.createdAt),
    updated_at: now,
  }));
}

/** Upserts the catalogue; returns how many rows were inserted or changed. */
export function seedVoiceCatalogue(db: Db, now: Date, catalogue = VOICE_CATALOGUE): Promise<number> {
  return upsertVoices(db, catalogueRows(catalogue, now));
}
