// Where an SF3 file keeps its compressed samples. Parsing a bank copies every sample's bytes out of
// the file (40 MB for MuseScore General), once per thread that parses it; knowing the layout, the
// parser is given the file without its sample data and each sample is pointed at its bytes in the
// file the threads already share.

/** An SF3 bank's sample data: the file without it, and where each sample's bytes are in the file. */
export interface Sf3Layout {
  /** The file with an empty `smpl` chunk: presets, instruments and sample headers only. */
  headerOnly: Uint8Array;
  /** Each sample's compressed (Ogg Vorbis) bytes as [start, end) offsets into the file, in shdr order. */
  sampleRanges: [start: number, end: number][];
}

interface Chunk {
  id: string;
  /** Offset of the chunk's header (its four-letter id) in the file. */
  start: number;
  /** Offset of the chunk's data. */
  data: number;
  size: number;
  /** Offset just past the chunk, padding included. */
  end: number;
}

/** sfSample records are 46 bytes; the last one is the terminal "EOS" record. */
const SHDR_RECORD_BYTES = 46;
/** sfSampleType bit that SF3 sets on a compressed sample. */
const COMPRESSED = 0x10;

/**
 * The layout of an SF3 file whose every sample is compressed, or undefined for anything else (an
 * SF2's 16-bit samples, RF64, a file this reader does not follow): those are parsed as they are.
 */
export function readSf3Layout(bytes: Uint8Array): Sf3Layout | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 12 || fourcc(bytes, 0) !== 'RIFF' || fourcc(bytes, 8) !== 'sfbk') return undefined;
  const riffEnd = Math.min(bytes.byteLength, 8 + view.getUint32(4, true));
  const lists = chunks(bytes, view, 12, riffEnd);
  const list = (type: string) =>
    lists.find((chunk) => chunk.id === 'LIST' && fourcc(bytes, chunk.data) === type);
  const sdta = list('sdta');
  const pdta = list('pdta');
  if (!sdta || !pdta) return undefined;
  const smpl = chunks(bytes, view, sdta.data + 4, sdta.end).find((chunk) => chunk.id === 'smpl');
  const shdr = chunks(bytes, view, pdta.data + 4, pdta.end).find((chunk) => chunk.id === 'shdr');
  if (!smpl || !shdr) return undefined;

  const records = Math.floor(shdr.size / SHDR_RECORD_BYTES) - 1;
  const sampleRanges: [number, number][] = [];
  for (let index = 0; index < records; index++) {
    const record = shdr.data + index * SHDR_RECORD_BYTES;
    const start = smpl.data + view.getUint32(record + 20, true);
    const end = smpl.data + view.getUint32(record + 24, true);
    const type = view.getUint16(record + 44, true);
    if (!(type & COMPRESSED) || end < start || end > smpl.data + smpl.size) return undefined;
    sampleRanges.push([start, end]);
  }

  // The same file with an sdta list holding an empty smpl chunk.
  const emptySdta = new Uint8Array(20);
  const emptyView = new DataView(emptySdta.buffer);
  emptySdta.set(ascii('LIST'), 0);
  emptyView.setUint32(4, 12, true);
  emptySdta.set(ascii('sdta'), 8);
  emptySdta.set(ascii('smpl'), 12);
  emptyView.setUint32(16, 0, true);
  const before = bytes.subarray(0, sdta.start);
  const after = bytes.subarray(sdta.end, riffEnd);
  const headerOnly = new Uint8Array(before.byteLength + emptySdta.byteLength + after.byteLength);
  headerOnly.set(before, 0);
  headerOnly.set(emptySdta, before.byteLength);
  headerOnly.set(after, before.byteLength + emptySdta.byteLength);
  new DataView(headerOnly.buffer).setUint32(4, headerOnly.byteLength - 8, true);
  return { headerOnly, sampleRanges };
}

function chunks(bytes: Uint8Array, view: DataView, from: number, to: number): Chunk[] {
  const found: Chunk[] = [];
  for (let at = from; at + 8 <= to; ) {
    const size = view.getUint32(at + 4, true);
    if (at + 8 + size > to) break;
    // RIFF pads odd-sized chunks to an even length, but MuseScore's SF3 files leave the pad out
    // after their odd-sized sample data (and the parser reads them so): the next id tells which.
    const padded = size % 2 === 1 && !isFourcc(bytes, at + 8 + size);
    const end = at + 8 + size + (padded ? 1 : 0);
    found.push({ id: fourcc(bytes, at), start: at, data: at + 8, size, end });
    at = end;
  }
  return found;
}

function fourcc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);
}

function isFourcc(bytes: Uint8Array, at: number): boolean {
  for (let i = at; i < at + 4; i++) {
    const byte = bytes[i];
    if (byte === undefined || byte < 0x20 || byte > 0x7e) return false;
  }
  return true;
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}
