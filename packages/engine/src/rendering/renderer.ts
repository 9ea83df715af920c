// The one file that talks to spessasynth_core: everything else in the engine speaks SynthEvent.
import { BasicSoundBank, SpessaLog, SpessaSynthProcessor } from 'spessasynth_core';
import type { SoundBank } from '../types.js';
import { getParsedBank } from './sound-bank.js';
import type { SynthEvent } from './synth-event.js';

/** A synthesizer that plays SynthEvents and adds its output into stereo buffers. */
export interface Renderer {
  /** The largest sampleCount render() accepts. */
  readonly maxBlockSamples: number;
  send(event: SynthEvent): void;
  /** Adds sampleCount samples of output into left/right starting at offset. */
  render(left: Float32Array, right: Float32Array, offset: number, sampleCount: number): void;
  readonly activeVoiceCount: number;
}

export interface RendererOptions {
  sampleRate: number;
  /** Reverb and chorus inside the synthesizer; off when the caller mixes its own sends. */
  effects: boolean;
  maxBlockSamples?: number;
  /** Voices allocated; a renderer that plays one note at a time needs few. Default 256. */
  voiceCap?: number;
}

// SpessaSynth warns on the console for missing presets; the engine must not write to stdout/stderr.
SpessaLog.warnEnabled = false;

/**
 * Resolves once the sf3 Vorbis decoder (WebAssembly, compiled asynchronously at import) is ready.
 * A sample decoded before that is cached as silence for the life of the bank, so await this first.
 */
export function whenDecoderReady(): Promise<void> {
  return BasicSoundBank.isSF3DecoderReady;
}

/** Creates a SoundFont renderer on the given bank (cheap: the parsed bank is shared). */
export function createRenderer(bank: SoundBank, options: RendererOptions): Renderer {
  const maxBlockSamples = options.maxBlockSamples ?? 128;
  const synth = new SpessaSynthProcessor(options.sampleRate, {
    maxBufferSize: maxBlockSamples,
    effectsEnabled: options.effects,
    eventsEnabled: false,
  });
  synth.soundBankManager.addSoundBank(getParsedBank(bank), 'main');
  // Long pads and reverb tails overlap; never steal voices mid-note, the cap only guards runaway input.
  synth.setSystemParameter('voiceCap', options.voiceCap ?? 256);
  return {
    maxBlockSamples,
    send(event) {
      const { channel, data1, data2 } = event;
      switch (event.kind) {
        case 'drums':
          synth.midiChannels[channel]?.setDrums(data1 > 0);
          break;
        case 'program':
          synth.programChange(channel, data1);
          break;
        case 'cc':
          synth.controllerChange(channel, data1 as never, data2);
          break;
        case 'bend':
          synth.pitchWheel(channel, data1);
          break;
        case 'noteOn':
          synth.noteOn(channel, data1, data2);
          break;
        case 'noteOff':
          synth.noteOff(channel, data1);
          break;
      }
    },
    render(left, right, offset, sampleCount) {
      synth.process(left, right, offset, sampleCount);
    },
    get activeVoiceCount() {
      return synth.voiceCount;
    },
  };
}
