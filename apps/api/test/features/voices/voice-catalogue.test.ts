import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SINGERS } from '@trackforge/engine/src/vocals/sing.js';
import { VOICE_GENDERS, VOICE_RANGES } from '../../../src/features/voices/voice.table.js';
import { VOICE_CATALOGUE, VOICE_STYLES } from '../../../src/features/voices/voice-catalogue.js';
import { catalogueRows, RANGE_PITCHES } from '../../../src/features/voices/voice-seed.js';
import { findVoiceSound } from '../../../src/features/voices/voice-sound.js';
import { isId } from '../../../src/platform/shared/ids.js';

describe('voice catalogue', () => {
  it('holds at least 40 voices with distinct, well-formed ids and distinct names', () => {
    assert.ok(VOICE_CATALOGUE.length >= 40, `${VOICE_CATALOGUE.length} voices`);
    assert.equal(new Set(VOICE_CATALOGUE.map((v) => v.id)).size, VOICE_CATALOGUE.length);
    assert.equal(new Set(VOICE_CATALOGUE.map((v) => v.name)).size, VOICE_CATALOGUE.length);
    for (const voice of VOICE_CATALOGUE) assert.ok(isId('voc', voice.id), voice.id);
  });

  it('covers every gender and range and mixes free, studio and enterprise voices', () => {
    for (const gender of VOICE_GENDERS)
      assert.ok(
        VOICE_CATALOGUE.some((v) => v.gender === gender),
        gender,
      );
    for (const range of VOICE_RANGES)
      assert.ok(
        VOICE_CATALOGUE.some((v) => v.range === range),
        range,
      );
    for (const plan of [null, 'studio', 'enterprise'])
      assert.ok(
        VOICE_CATALOGUE.some((v) => v.plan === plan),
        String(plan),
      );
    assert.ok(new Set(VOICE_CATALOGUE.map((v) => v.creator)).size >= 8);
  });

  it('uses only listed styles and every listed style at least once', () => {
    for (const voice of VOICE_CATALOGUE) {
      for (const style of voice.styles) assert.ok(VOICE_STYLES.includes(style), `${voice.name}: ${style}`);
    }
    for (const style of VOICE_STYLES)
      assert.ok(
        VOICE_CATALOGUE.some((v) => v.styles.includes(style)),
        style,
      );
  });

  it('gives every voice a playable performance: GM program, range pitches, vibrato and brightness in bounds', () => {
    for (const voice of VOICE_CATALOGUE) {
      assert.ok(voice.program >= 0 && voice.program <= 127, voice.name);
      assert.ok(voice.brightness >= 0 && voice.brightness <= 1, voice.name);
      assert.ok(voice.vibratoDepthCents >= 0 && voice.vibratoDepthCents <= 100, voice.name);
      assert.ok(voice.description.length >= 40, `${voice.name} needs a real description`);
      const pitches = RANGE_PITCHES[voice.range];
      assert.ok(pitches.low < pitches.high);
    }
  });

  it('promises words only where a singer sings them: no other description speaks of lyrics, singing lines or a voice', () => {
    const promise =
      /\blyrics?\b|\bsings? (every|the|your|a) (line|word|song|verse)|\bsinging voice\b|\bcrack in the voice\b|\bsinger\b|\brap(s|ped|per)?\b/i;
    for (const voice of VOICE_CATALOGUE.filter((v) => !v.singer))
      assert.doesNotMatch(voice.description, promise, voice.name);
    const landing = readFileSync(
      new URL('../../../../studio/src/pages/landing.tsx', import.meta.url),
      'utf8',
    );
    assert.doesNotMatch(landing, /no words yet/i, 'the landing page');
  });

  it('holds at least four sung voices, female and male, low and high, each an engine singer singing English', () => {
    const sung = VOICE_CATALOGUE.filter((v) => v.singer);
    assert.ok(sung.length >= 4, `${sung.length} sung voices`);
    assert.ok(sung.some((v) => v.gender === 'female') && sung.some((v) => v.gender === 'male'));
    const singers = sung.map((v) => SINGERS.find((s) => s.id === v.singer));
    for (const [index, singer] of singers.entries()) assert.ok(singer, sung[index]!.name);
    const lows = singers.map((s) => s!.rangeMidi[0]);
    assert.ok(Math.max(...lows) - Math.min(...lows) >= 12, 'an octave between the lowest and highest singer');
    for (const row of catalogueRows(sung, new Date())) assert.deepEqual(row.languages, ['en']);
    // each says whose recorded voice it is: the one its engine singer is made from
    for (const [index, voice] of sung.entries()) {
      const recorded = singers[index]!.model.replace(/^flite-/, '');
      assert.match(voice.description, new RegExp(`CMU(?: ARCTIC|'s) "${recorded}"`), voice.name);
    }
  });

  it('says what each other voice really is: a known sound, wordless or instrumental, and no language', () => {
    const others = VOICE_CATALOGUE.filter((v) => !v.singer);
    for (const voice of others) {
      const sound = findVoiceSound(voice.program);
      assert.ok(sound, `${voice.name}: program ${voice.program} needs an entry in voice-sound.ts`);
      // The General MIDI vocal presets: choir aahs 52, voice oohs 53, synth voice 54, voice lead 85, choir pad 91.
      assert.equal(sound.vocal, [52, 53, 54, 85, 91].includes(voice.program) ? 'wordless' : 'instrumental');
    }
    for (const row of catalogueRows(others, new Date())) assert.deepEqual(row.languages, []);
  });
});
