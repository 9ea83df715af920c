// JSON snapshots of the symbolic composition for fixed briefs and seeds. They fail whenever the
// composition changes; rewrite them on purpose with UPDATE_SNAPSHOTS=1.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { composeTrack } from '../../src/composition/index.js';
import type { Brief, Composition, VoiceSpec } from '../../src/types.js';
import { BASS, DRUMS, LEAD, makeBrief, PAD, PIANO } from './make-brief.js';

const SNAPSHOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '__snapshots__');
const UPDATE = process.env.UPDATE_SNAPSHOTS === '1';

function summarize(c: Composition): unknown {
  return {
    bpm: c.bpm,
    key: c.key,
    meter: c.meter,
    ticksPerBar: c.ticksPerBar,
    swing: c.swing,
    sections: c.sections.map(
      (s) => `${s.name} bars=${s.bars} ticks=${s.startTick}-${s.endTick} energy=${s.energy}`,
    ),
    chords: c.chords.map((ch) => `${ch.startTick} ${ch.symbol} [${ch.pitches.join(' ')}]`),
    parts: c.parts.map((p) => ({
      id: p.id,
      program: p.program,
      channel: p.channel,
      mix: `vol=${p.volume} pan=${p.pan} rev=${p.reverbSend} cho=${p.chorusSend}`,
      noteCount: p.notes.length,
      controlCount: p.controls.length,
      ...(p.synth ? { synth: `${p.synth.patch} duck=${p.synth.duckDepth}` } : {}),
      firstNotes: p.notes
        .slice(0, 12)
        .map((n) => `${n.startTick}+${n.durationTicks} p${n.pitch} v${n.velocity}`),
    })),
  };
}

const VOICE: VoiceSpec = {
  name: 'Soft tenor',
  program: 85,
  lowPitch: 55,
  highPitch: 72,
  vibratoDepthCents: 30,
  vibratoRateHz: 5,
  articulation: 'normal',
  brightness: 0.4,
};

const CASES: { name: string; brief: Brief; seed: number; voice?: VoiceSpec }[] = [
  { name: 'pop-c-major-30s', brief: makeBrief(), seed: 1 },
  {
    name: 'lofi-d-minor-60s',
    brief: makeBrief({
      genre: 'lofi',
      bpm: 82,
      key: { tonic: 'D', mode: 'minor' },
      durationSeconds: 60,
      arousal: 0.25,
    }),
    seed: 7,
  },
  {
    name: 'celtic-g-dorian-6-8-loop',
    brief: makeBrief({
      genre: 'celtic',
      bpm: 116,
      key: { tonic: 'G', mode: 'dorian' },
      meter: { beatsPerBar: 6, beatUnit: 8 },
      durationSeconds: 40,
      loop: true,
      instruments: [DRUMS, PIANO, LEAD],
    }),
    seed: 3,
  },
  {
    name: 'house-voice-build-drop-90s',
    brief: makeBrief({
      genre: 'house',
      bpm: 124,
      key: { tonic: 'F', mode: 'minor' },
      durationSeconds: 90,
      arousal: 0.8,
      structureHints: ['build', 'drop'],
      instruments: [DRUMS, { ...BASS, program: 38 }, PIANO, PAD],
    }),
    seed: 11,
    voice: VOICE,
  },
];

describe('composition snapshots', () => {
  for (const { name, brief, seed, voice } of CASES) {
    it(`matches the stored summary for ${name}`, () => {
      const actual = `${JSON.stringify(summarize(composeTrack(brief, { seed, voice })), null, 2)}\n`;
      const path = join(SNAPSHOT_DIR, `${name}.json`);
      if (UPDATE) {
        mkdirSync(SNAPSHOT_DIR, { recursive: true });
        writeFileSync(path, actual);
      }
      assert.ok(existsSync(path), `missing snapshot ${path}: run with UPDATE_SNAPSHOTS=1`);
      assert.equal(actual, readFileSync(path, 'utf8'));
    });
  }
});
