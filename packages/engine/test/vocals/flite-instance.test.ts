import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadVoiceBank } from '../../node/load-voices.js';
import { composeRequest } from '../../src/lineage.js';
import { createVocalRenderer } from '../../src/rendering/vocal-renderer.js';
import { findSungVoice, sungVoiceSpec } from '../../src/singer-voices.js';
import { forgetSpeeches } from '../../src/vocals/flite/flite-voice.js';
import {
  compileFlite,
  fliteInstanceCounts,
  keptFliteMemory,
  readOnlyDataOf,
  runFlite,
  type WasmModule,
} from '../../src/vocals/flite/flite-wasi.js';

const voiceBank = loadVoiceBank();
const compileAfresh = (): Promise<WasmModule> =>
  (
    globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } }
  ).WebAssembly.compile(new Uint8Array(voiceBank.flite));

const PHRASES = [
  { voice: 'slt', phones: ['pau', 'hh', 'ax', 'l', 'ow', 'pau'], pitchHz: '220.0' },
  { voice: 'kal', phones: ['pau', 'w', 'ao', 'k', 't', 'ax', 'l', 'aa', 'ng', 'pau'], pitchHz: '130.0' },
  {
    voice: 'slt',
    phones: ['pau', 's', 'ih', 'ng', 'ih', 't', 't', 'uw', 'dh', 'ax', 'r', 'ae', 'f', 't', 'er', 'z', 'pau'],
    pitchHz: '260.0',
  },
];

function speak(module: WasmModule, phrase: (typeof PHRASES)[number]) {
  const result = runFlite(module, [
    '-voice',
    phrase.voice,
    '--setf',
    `int_f0_target_mean=${phrase.pitchHz}`,
    '-psdur',
    '-p',
    phrase.phones.join(' '),
    '-o',
    'speech.wav',
  ]);
  assert.equal(result.exitCode, 0);
  return { stdout: result.stdout, wav: Buffer.from(result.files.get('speech.wav')!) };
}

describe('one Flite instance reused per thread', () => {
  it('finds the read-only data of flite.wasm, and nothing in a binary that does not name it', () => {
    const readOnly = readOnlyDataOf(voiceBank.flite);
    assert.ok(readOnly, 'flite.wasm names its .rodata segment');
    assert.equal(readOnly.fromByte, 1024);
    assert.ok(readOnly.toByte - readOnly.fromByte > 16_000_000, 'the voices are read-only data');
    assert.equal(readOnlyDataOf(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])), null);
  });

  it('copies back all but the read-only data, which runs leave as the module holds it', async () => {
    forgetSpeeches();
    const module = await compileFlite(voiceBank.flite);
    const alone = [];
    for (const phrase of PHRASES) alone.push(speak(await compileAfresh(), phrase));
    for (const index of [0, 1, 2, 2, 1, 0, 0]) {
      const spoken = speak(module, PHRASES[index]!);
      assert.equal(spoken.stdout, alone[index]!.stdout, `phrase ${index}`);
      assert.ok(spoken.wav.equals(alone[index]!.wav), `phrase ${index}'s samples`);
    }
    const { fromByte, toByte } = readOnlyDataOf(voiceBank.flite)!;
    const memory = keptFliteMemory(module)!;
    const inBinary = Buffer.from(voiceBank.flite).indexOf(memory.subarray(fromByte, fromByte + 4096));
    assert.ok(inBinary > 0, 'the segment is found in the binary');
    assert.ok(
      Buffer.from(memory.subarray(fromByte, toByte)).equals(
        voiceBank.flite.subarray(inBinary, inBinary + toByte - fromByte),
      ),
      'no run wrote into the read-only data',
    );
    forgetSpeeches();
  });

  it('speaks each phrase exactly as a fresh instance does, whatever was spoken before', async () => {
    const alone = [];
    for (const phrase of PHRASES) alone.push(speak(await compileAfresh(), phrase));
    const module = await compileAfresh();
    const reusedBefore = fliteInstanceCounts.reused;
    // in order, in reverse and the first again: every phrase after others on the same instance
    for (const index of [0, 1, 2, 2, 1, 0, 0]) {
      const spoken = speak(module, PHRASES[index]!);
      assert.equal(spoken.stdout, alone[index]!.stdout, `phrase ${index}`);
      assert.ok(spoken.wav.equals(alone[index]!.wav), `phrase ${index}'s samples`);
    }
    assert.equal(fliteInstanceCounts.reused - reusedBefore, 6);
  });
});

describe('what a thread keeps after singing', () => {
  it('lets the Flite instance go when the speeches are forgotten, and instantiates afresh after', async () => {
    const module = await compileAfresh();
    const first = speak(module, PHRASES[0]!);
    const createdBefore = fliteInstanceCounts.created;
    forgetSpeeches();
    const again = speak(module, PHRASES[0]!);
    assert.equal(fliteInstanceCounts.created - createdBefore, 1, 'a new instance after the release');
    assert.ok(again.wav.equals(first.wav));
  });

  it('forgets them as a vocal take renders its last chunk', async () => {
    const { composition } = composeRequest({
      prompt: 'warm pop ballad, 96 bpm',
      durationSeconds: 12,
      seed: 3,
      lyrics: 'Hold on to the feeling',
      voice: sungVoiceSpec(findSungVoice('Nora Vale')!),
    });
    const part = composition.parts.find((candidate) => candidate.vocal)!;
    const sampleRate = 22050;
    const totalSamples = Math.round(composition.durationSeconds * sampleRate);
    const renderer = createVocalRenderer(composition, part, sampleRate, totalSamples, voiceBank);
    const chunk = 4096;
    const left = new Float32Array(chunk);
    const right = new Float32Array(chunk);
    for (let from = 0; from < totalSamples; from += chunk) {
      if (from + chunk >= totalSamples) {
        // before the last chunk, a phrase spoken now reuses the take's instance
        const createdBefore = fliteInstanceCounts.created;
        speak(await compileFlite(voiceBank.flite), PHRASES[0]!);
        assert.equal(fliteInstanceCounts.created, createdBefore);
      }
      await renderer.renderChunk(left, right, from, Math.min(chunk, totalSamples - from));
    }
    const createdBefore = fliteInstanceCounts.created;
    speak(await compileFlite(voiceBank.flite), PHRASES[0]!);
    assert.equal(fliteInstanceCounts.created - createdBefore, 1, 'the take let its instance go');
  });
});
