// The share image's title layout, measured with the font the image is drawn in: every line within
// the column, every character of the title present, and what resvg draws inside the title's box.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Resvg } from '@resvg/resvg-js';
import { PNG } from 'pngjs';
import {
  isDrawable,
  layoutShareCardTitle,
  renderShareCardSvg,
  SHARE_CARD_FONT_FAMILY,
  TITLE_BOX,
} from '../../../src/features/tracks/share/share-card.js';
import { layoutTitle, wrapText } from '../../../src/features/tracks/share/share-card-layout.js';
import {
  createShareImages,
  loadShareCardFonts,
  rasteriserFontFiles,
  shareImageKey,
  shippedShareFontFiles,
} from '../../../src/features/tracks/share/share-image.js';
import { renderTrackCoverSvg } from '../../../src/features/tracks/track-cover.js';
import { createManualClock } from '../../../src/platform/shared/clock.js';

const fontFiles = shippedShareFontFiles();
const fonts = await loadShareCardFonts(fontFiles);
const MUSIC = {
  bpm: 120,
  key: 'C major',
  time_signature: '4/4',
  genre: 'folk',
  moods: [],
  instruments: [],
  sections: [],
};

/** The title lines' ink as resvg draws them: the card's title <text> elements alone. */
function drawnTitleBox(title: string) {
  const svg = renderShareCardSvg(
    { title, prompt: title, music: MUSIC, peaks: null, durationSeconds: 30 },
    fonts,
  );
  const titleLines = svg.match(/<text [^>]*font-weight="700">[^<]*<\/text>/g)!;
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><g font-family="${SHARE_CARD_FONT_FAMILY}">${titleLines.join('')}</g></svg>`;
  const resvg = new Resvg(alone, {
    font: { loadSystemFonts: false, fontFiles: [fontFiles.boldPath, fontFiles.regularPath] },
  });
  return { box: resvg.innerBBox()!, lineCount: titleLines.length };
}

/**
 * The card's title lines rasterised as RGBA pixels: with the card's fonts and font-family, or
 * with `only` one font file and family (what a font alone draws for the same text).
 */
function drawnTitlePixels(title: string, only?: { family: string; path: string }): Uint8Array {
  const svg = renderShareCardSvg(
    { title, prompt: title, music: MUSIC, peaks: null, durationSeconds: 30 },
    fonts,
  );
  const group = only
    ? `<g font-family="${only.family}" fill="#fff">`
    : svg.match(/<g font-family="[^"]*" fill="#fff">/)![0];
  const titleLines = svg.match(/<text [^>]*font-weight="700">[^<]*<\/text>/g)!;
  const alone = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">${group}${titleLines.join('')}</g></svg>`;
  const resvg = new Resvg(alone, {
    background: '#000',
    font: {
      loadSystemFonts: false,
      fontFiles: only ? [only.path] : rasteriserFontFiles(fontFiles),
      defaultFontFamily: only?.family ?? SHARE_CARD_FONT_FAMILY,
    },
  });
  return resvg.render().pixels;
}

const EMOJI_TITLE = 'Night drive 🎵🚗✨';
const CJK_TITLE = '夏天的风';

const TITLES = [
  'Sunny ukulele and handclaps, happy folk',
  'Mellow lofi',
  // The longest titles the API makes are 60 characters; these are the widest such.
  'W'.repeat(60),
  'Mmmmmmmmm Wwwwwwwww Mmmmmmmmm Wwwwwwwww Mmmmmmmmm Wwwwwwwwwww',
  'Épique orchestre, cordes lumineuses et chœur — ça swingue !',
];

describe('share image title layout', () => {
  it('measures text in proportion to its size, W wider than i, and knows which characters the font has', () => {
    const { bold } = fonts;
    assert.ok(bold.measureWidthPx('W', 72) > bold.measureWidthPx('i', 72) * 2);
    assert.ok(
      Math.abs(bold.measureWidthPx('Trackforge', 64) - 2 * bold.measureWidthPx('Trackforge', 32)) < 1e-9,
    );
    assert.ok(bold.hasGlyph('é') && bold.hasGlyph('Ж'));
    assert.ok(!bold.hasGlyph('\u{1F3B5}'));
  });

  it('wraps "Sunny ukulele and handclaps, happy folk" into whole words that each fit the column', () => {
    const title = 'Sunny ukulele and handclaps, happy folk';
    const layout = layoutShareCardTitle(title, fonts);
    assert.equal(layout.truncated, false);
    assert.ok(layout.lines.length > 1, 'too long for one line at the largest size');
    assert.equal(layout.lines.join(' '), title, 'every word, in order, none cut');
    for (const line of layout.lines) {
      assert.ok(fonts.bold.measureWidthPx(line, layout.fontSizePx) <= TITLE_BOX.widthPx, line);
    }
  });

  for (const title of TITLES) {
    it(`keeps every character of ${JSON.stringify(title.slice(0, 24))}… and draws it inside the title box`, () => {
      const layout = layoutShareCardTitle(title, fonts);
      assert.equal(layout.truncated, false);
      assert.equal(layout.lines.join('').replace(/\s/g, ''), title.replace(/\s/g, ''));
      const { box, lineCount } = drawnTitleBox(title);
      assert.equal(lineCount, layout.lines.length);
      assert.ok(box.x >= TITLE_BOX.leftPx - 8, `starts at ${box.x}`);
      assert.ok(
        box.x + box.width <= TITLE_BOX.leftPx + TITLE_BOX.widthPx,
        `${title}: ink ends at ${box.x + box.width}, the column at ${TITLE_BOX.leftPx + TITLE_BOX.widthPx}`,
      );
      assert.ok(box.y >= TITLE_BOX.topPx, `ink starts at ${box.y}`);
      assert.ok(
        box.y + box.height <= TITLE_BOX.topPx + TITLE_BOX.heightPx,
        `${title}: ink ends at ${box.y + box.height}, the box at ${TITLE_BOX.topPx + TITLE_BOX.heightPx}`,
      );
    });
  }

  it('draws the emoji of a title with the emoji font, not the empty box a missing glyph makes', () => {
    const layout = layoutShareCardTitle(EMOJI_TITLE, fonts);
    assert.equal(layout.lines.join(' '), EMOJI_TITLE, 'the title whole, emoji and all');
    for (const character of layout.lines.join('')) assert.ok(isDrawable(character, fonts), character);
    const same = (a: Uint8Array, b: Uint8Array) =>
      a.length === b.length && a.every((value, at) => value === b[at]);
    const card = drawnTitlePixels('\u{1F3B5}');
    const emojiFont = drawnTitlePixels('\u{1F3B5}', { family: 'Noto Emoji', path: fontFiles.emojiPath });
    const interAlone = drawnTitlePixels('\u{1F3B5}', { family: 'Inter', path: fontFiles.boldPath });
    assert.ok(same(card, emojiFont), '🎵 is drawn as the emoji font draws it');
    assert.ok(!same(card, interAlone), 'not as the box Inter alone draws for it');
  });

  it('shows a Chinese, Japanese or Korean title romanised rather than as empty boxes, whole', () => {
    for (const [title, shown] of [
      [CJK_TITLE, 'Xia Tian De Feng'],
      ['東京の夜 lofi', 'Dong Jing no Ye lofi'],
      ['여름밤', 'Yeo Leum Bam'],
    ] as const) {
      const layout = layoutShareCardTitle(title, fonts);
      assert.equal(layout.truncated, false);
      assert.equal(layout.lines.join(' '), shown);
      for (const character of layout.lines.join('')) assert.ok(isDrawable(character, fonts), character);
    }
  });

  it('breaks a word wider than the column between characters and keeps the rest whole', () => {
    const fits = (line: string) => line.length <= 5;
    assert.deepEqual(wrapText('ab abcdefghijk cd', fits), ['ab', 'abcde', 'fghij', 'k cd']);
  });

  it('ends the last line in an ellipsis only when the title fits at no size, and says so', () => {
    const fits = layoutTitle('one two three four', {
      metrics: fonts.bold,
      maxWidthPx: fonts.bold.measureWidthPx('three', 40),
      fontSizesPx: [40],
      maxHeightPx: 100,
      lineHeight: 1.2,
      maxLines: 2,
    });
    assert.equal(fits.truncated, true);
    assert.equal(fits.lines.length, 2);
    assert.match(fits.lines[1]!, /…$/);
  });

  it('wraps the cover SVG\'s title onto lines instead of cutting it ("…handclaps, ha" was all it showed)', () => {
    const title = 'Sunny ukulele and handclaps, happy folk';
    const svg = renderTrackCoverSvg({ title, prompt: title, music: MUSIC, peaks: null });
    const lines = [...svg.matchAll(/<text [^>]*font-size="26" font-weight="700"[^>]*>([^<]*)<\/text>/g)].map(
      (match) => match[1]!,
    );
    assert.deepEqual(lines, ['Sunny ukulele and handclaps,', 'happy folk']);
  });
});

describe('share images kept in memory', () => {
  const input = {
    title: 'Mellow lofi',
    prompt: 'mellow lofi',
    music: MUSIC,
    peaks: null,
    durationSeconds: 30,
  };
  const key = (title: string) =>
    shareImageKey({
      id: 'trk_1',
      title,
      prompt: title,
      music: MUSIC,
      durationSeconds: 30,
      waveformEtag: null,
    });

  it('draws an image once for concurrent and later requests of the same key, and again for another title', async () => {
    const images = createShareImages({ fonts: fontFiles, clock: createManualClock(new Date()) });
    let reads = 0;
    const readInput = async () => {
      reads++;
      return input;
    };
    const [first, second] = await Promise.all([
      images.get(key('Mellow lofi'), readInput),
      images.get(key('Mellow lofi'), readInput),
    ]);
    const later = await images.get(key('Mellow lofi'), readInput);
    assert.equal(reads, 1);
    assert.equal(first.png, second.png);
    assert.equal(later.png, first.png);
    assert.equal(later.etag, `"${key('Mellow lofi')}"`);
    assert.notEqual(key('Mellow lofi'), key('Mellow lofi!'));
    await images.get(key('Mellow lofi!'), async () => ({ ...input, title: 'Mellow lofi!' }));
    await images.get(key('Mellow lofi!'), readInput);
    assert.equal(reads, 1);
  });

  it('renders a title with emoji and a Chinese title as PNGs that decode at 1200 × 630', async () => {
    const images = createShareImages({ fonts: fontFiles, clock: createManualClock(new Date()) });
    for (const title of [EMOJI_TITLE, CJK_TITLE]) {
      const image = await images.get(key(title), async () => ({ ...input, title, prompt: title }));
      const png = PNG.sync.read(image.png);
      assert.equal(png.width, 1200, title);
      assert.equal(png.height, 630, title);
    }
  });

  it('draws again after a failed render instead of keeping the failure', async () => {
    const images = createShareImages({ fonts: fontFiles, clock: createManualClock(new Date()) });
    await assert.rejects(
      images.get('broken', async () => {
        throw new Error('storage down');
      }),
    );
    const image = await images.get('broken', async () => input);
    assert.ok(image.png.length > 1000);
  });
});
