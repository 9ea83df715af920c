// How wide a line of text is in a TrueType/OpenType font, read from the font's own tables (`cmap`
// for the glyph of each character, `hmtx` for its advance): what the share image's title needs to
// wrap before the rasteriser draws it, so no line runs past its box. Kerning is left out; it
// narrows Latin text by a percent or two, so a measured line is, if anything, a little wider than
// the drawn one (the layout keeps a margin for the rare pair that kerns apart).

export interface FontMetrics {
  /** Width in pixels of `text` set on one line at `fontSizePx`. */
  measureWidthPx(text: string, fontSizePx: number): number;
  /** Whether the font has a glyph of its own for the character (otherwise it draws its .notdef box). */
  hasGlyph(character: string): boolean;
}

interface TableRecord {
  offset: number;
  length: number;
}

function readTables(font: DataView): Map<string, TableRecord> {
  const tableCount = font.getUint16(4);
  const tables = new Map<string, TableRecord>();
  for (let index = 0; index < tableCount; index++) {
    const record = 12 + index * 16;
    const tag = String.fromCharCode(
      font.getUint8(record),
      font.getUint8(record + 1),
      font.getUint8(record + 2),
      font.getUint8(record + 3),
    );
    tables.set(tag, { offset: font.getUint32(record + 8), length: font.getUint32(record + 12) });
  }
  return tables;
}

/** The character → glyph map from the best Unicode `cmap` subtable (format 12, else format 4). */
function readCharacterMap(font: DataView, cmap: TableRecord): (codePoint: number) => number {
  const subtableCount = font.getUint16(cmap.offset + 2);
  let format4 = -1;
  let format12 = -1;
  for (let index = 0; index < subtableCount; index++) {
    const record = cmap.offset + 4 + index * 8;
    const platform = font.getUint16(record);
    const encoding = font.getUint16(record + 2);
    const offset = cmap.offset + font.getUint32(record + 4);
    const format = font.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12 && format12 < 0) format12 = offset;
    if (format === 4 && format4 < 0) format4 = offset;
  }
  if (format12 >= 0) {
    const groupCount = font.getUint32(format12 + 12);
    const groups: Array<[start: number, end: number, glyph: number]> = [];
    for (let index = 0; index < groupCount; index++) {
      const group = format12 + 16 + index * 12;
      groups.push([font.getUint32(group), font.getUint32(group + 4), font.getUint32(group + 8)]);
    }
    return (codePoint) => {
      let low = 0;
      let high = groups.length - 1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const [start, end, glyph] = groups[middle]!;
        if (codePoint < start) high = middle - 1;
        else if (codePoint > end) low = middle + 1;
        else return glyph + codePoint - start;
      }
      return 0;
    };
  }
  if (format4 < 0) throw new Error('The font has no Unicode character map (cmap format 4 or 12).');
  const segmentCount = font.getUint16(format4 + 6) / 2;
  const endCodes = format4 + 14;
  const startCodes = endCodes + segmentCount * 2 + 2;
  const deltas = startCodes + segmentCount * 2;
  const rangeOffsets = deltas + segmentCount * 2;
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    for (let segment = 0; segment < segmentCount; segment++) {
      if (codePoint > font.getUint16(endCodes + segment * 2)) continue;
      const start = font.getUint16(startCodes + segment * 2);
      if (codePoint < start) return 0;
      const delta = font.getInt16(deltas + segment * 2);
      const rangeOffsetAt = rangeOffsets + segment * 2;
      const rangeOffset = font.getUint16(rangeOffsetAt);
      if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
      const glyph = font.getUint16(rangeOffsetAt + rangeOffset + (codePoint - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Metrics of one font file (TTF or OTF bytes, not WOFF). */
export function createFontMetrics(fontBytes: Uint8Array): FontMetrics {
  const font = new DataView(fontBytes.buffer, fontBytes.byteOffset, fontBytes.byteLength);
  const tables = readTables(font);
  const table = (tag: string) => {
    const record = tables.get(tag);
    if (!record) throw new Error(`The font has no ${tag} table.`);
    return record;
  };
  const unitsPerEm = font.getUint16(table('head').offset + 18);
  const advanceCount = font.getUint16(table('hhea').offset + 34);
  const hmtx = table('hmtx').offset;
  const glyphOf = readCharacterMap(font, table('cmap'));
  const advanceUnits = (glyph: number) => font.getUint16(hmtx + Math.min(glyph, advanceCount - 1) * 4);
  return {
    measureWidthPx(text, fontSizePx) {
      let units = 0;
      for (const character of text) units += advanceUnits(glyphOf(character.codePointAt(0)!));
      return (units * fontSizePx) / unitsPerEm;
    },
    hasGlyph(character) {
      return glyphOf(character.codePointAt(0)!) !== 0;
    },
  };
}
