// A sound bank is parsed once per process: parsing MuseScore General takes ~0.3 s, and its
// Vorbis-compressed samples are decoded lazily on first use and then stay cached on the parsed bank,
// so a warm bank renders later tracks faster than the first.
import { type BasicSoundBank, SoundBankLoader } from 'spessasynth_core';
import { EngineError, type SoundBank } from '../types.js';

const parsedBanks = new WeakMap<Uint8Array, SoundBank>();

/** Parses SoundFont (sf2/sf3) bytes into a bank the renderer can use; the same bytes parse once. */
export function loadSoundBank(bytes: Uint8Array, name = 'bank'): SoundBank {
  const cached = parsedBanks.get(bytes);
  if (cached) return cached;
  let parsed: BasicSoundBank;
  try {
    // The loader wants a buffer of exactly the file, not a view into a larger pool buffer; a
    // whole buffer (such as the bytes a render pool shares with its threads) is used as it is,
    // which saves a 40 MB copy per thread.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const exact = (
      whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
    ) as ArrayBuffer;
    parsed = SoundBankLoader.fromArrayBuffer(exact);
  } catch (error) {
    throw new EngineError('bank', `cannot parse sound bank ${name}: ${(error as Error).message}`);
  }
  if (parsed.presets.length === 0) throw new EngineError('bank', `sound bank ${name} has no presets`);
  const bank: SoundBank = { name, bytes, handle: parsed };
  parsedBanks.set(bytes, bank);
  return bank;
}

/** The parsed form of a bank made by loadSoundBank; throws for anything else. */
export function getParsedBank(bank: SoundBank): BasicSoundBank {
  const handle = bank.handle as BasicSoundBank | undefined;
  if (!handle || !Array.isArray((handle as { presets?: unknown }).presets)) {
    throw new EngineError('bank', 'sound bank was not made by loadSoundBank');
  }
  return handle;
}
