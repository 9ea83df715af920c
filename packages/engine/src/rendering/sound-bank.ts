// A sound bank is parsed once per thread that renders with it (MuseScore General's presets and
// headers in ~0.05–0.15 s). Its samples are not copied out of the file: an SF3 bank is parsed without its sample data
// (sf3-layout.ts) and each sample reads its compressed bytes from the file, which a process holds
// once in shared memory for all its threads. Samples are decoded on first use and kept; with a
// shared sample table (shared-samples.ts) a process's threads keep one decoded copy between them.
import { type BasicSoundBank, SoundBankLoader } from 'spessasynth_core';
import { EngineError, type SoundBank } from '../types.js';
import { readSf3Layout } from './sf3-layout.js';
import { createSharedSampleTable, decodeSamplesInto, type SharedSampleTable } from './shared-samples.js';

const parsedBanks = new WeakMap<Uint8Array, SoundBank>();
/** The shared decoded samples of a bank's bytes, in this thread; see shareDecodedSamples. */
const sampleTables = new WeakMap<Uint8Array, SharedSampleTable>();

/** Parses SoundFont (sf2/sf3) bytes into a bank the renderer can use; the same bytes parse once. */
export function loadSoundBank(bytes: Uint8Array, name = 'bank'): SoundBank {
  const cached = parsedBanks.get(bytes);
  if (cached) return cached;
  let parsed: BasicSoundBank;
  try {
    parsed = parseInPlace(bytes);
  } catch (error) {
    throw new EngineError('bank', `cannot parse sound bank ${name}: ${(error as Error).message}`);
  }
  if (parsed.presets.length === 0) throw new EngineError('bank', `sound bank ${name} has no presets`);
  const table = sampleTables.get(bytes);
  if (table) decodeSamplesInto(parsed, table);
  const bank: SoundBank = { name, bytes, handle: parsed };
  parsedBanks.set(bytes, bank);
  return bank;
}

/**
 * The table in which this thread's parses of these bytes keep their decoded samples, made on first
 * call (or the one given: a table another thread made, so both share it). Undefined for a bank
 * whose samples are not all compressed: an SF2's samples are plain PCM, cheap to convert anew.
 */
export function shareDecodedSamples(
  bytes: Uint8Array,
  given?: SharedSampleTable,
): SharedSampleTable | undefined {
  let table = sampleTables.get(bytes);
  if (table) return table;
  if (!given) {
    const layout = readSf3Layout(bytes);
    if (!layout) return undefined;
    const compressedBytes = layout.sampleRanges.reduce((sum, [start, end]) => sum + end - start, 0);
    table = createSharedSampleTable(layout.sampleRanges.length, compressedBytes);
  } else table = given;
  sampleTables.set(bytes, table);
  const parsed = parsedBanks.get(bytes);
  if (parsed) decodeSamplesInto(getParsedBank(parsed), table);
  return table;
}

/** Parses the bank; an SF3's samples point into `bytes` instead of holding copies of their data. */
function parseInPlace(bytes: Uint8Array): BasicSoundBank {
  const layout = readSf3Layout(bytes);
  if (!layout) return SoundBankLoader.fromArrayBuffer(exactBuffer(bytes));
  const parsed = SoundBankLoader.fromArrayBuffer(exactBuffer(layout.headerOnly));
  if (parsed.samples.length !== layout.sampleRanges.length) {
    return SoundBankLoader.fromArrayBuffer(exactBuffer(bytes));
  }
  parsed.samples.forEach((sample, index) => {
    const [start, end] = layout.sampleRanges[index] as [number, number];
    sample.setCompressedData(bytes.subarray(start, end));
  });
  return parsed;
}

/** The loader wants a buffer of exactly the file, not a view into a larger one. */
function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return (whole ? bytes.buffer : bytes.slice().buffer) as ArrayBuffer;
}

/** The parsed form of a bank made by loadSoundBank; throws for anything else. */
export function getParsedBank(bank: SoundBank): BasicSoundBank {
  const handle = bank.handle as BasicSoundBank | undefined;
  if (!handle || !Array.isArray((handle as { presets?: unknown }).presets)) {
    throw new EngineError('bank', 'sound bank was not made by loadSoundBank');
  }
  return handle;
}
