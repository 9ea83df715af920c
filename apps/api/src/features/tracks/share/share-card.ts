// The share image (og:image, twitter:image) as SVG, 1200 × 630, before it is rasterised: the
// cover's colours across the whole card, the cover's artwork as a square on the right, and on the
// left the title wrapped to fit its column (share-card-layout.ts), the music's facts and the name.
// Text is set in the fonts the rasteriser is given (Inter, and Noto Emoji for emoji, both shipped
// from npm), measured with those fonts' own metrics, so what is laid out here is what is drawn.
// A character neither font has (Chinese, Japanese, Korean, other scripts) would be drawn as an
// empty box; the title shows it romanised instead (any-ascii: 夏天 → "Xia Tian"), so the title
// stays whole and readable. Pure: same input, same bytes.
import anyAscii from 'any-ascii';
import type { FontMetrics } from '../../../platform/shared/font-metrics.js';
import { type CoverInput, drawCoverArt } from '../track-cover.js';
import { fitOneLine, layoutTitle } from './share-card-layout.js';

export const SHARE_CARD_WIDTH_PX = 1200;
export const SHARE_CARD_HEIGHT_PX = 630;
/** The font family name the rasteriser knows the shipped font by. */
export const SHARE_CARD_FONT_FAMILY = 'Inter';
/** The family of the emoji font, drawn where Inter has no glyph. */
export const SHARE_CARD_EMOJI_FAMILY = 'Noto Emoji';

/** The text column on the left, and the block the title lines must stay inside. */
export const TITLE_BOX = { leftPx: 72, topPx: 150, widthPx: 540, heightPx: 340 } as const;
const TITLE_SIZES_PX = [72, 64, 56, 50, 44, 40, 36] as const;
const LINE_HEIGHT = 1.12;
/** The ascent above the baseline as a share of the size (Inter's is 0.97): line one starts below the box top. */
const ASCENT = 0.97;
const FACTS_SIZE_PX = 28;
const FACTS_BASELINE_PX = 548;
const ART = { leftPx: 672, topPx: 90, sizePx: 450 } as const;

export interface ShareCardFonts {
  bold: FontMetrics;
  regular: FontMetrics;
  emoji: FontMetrics;
}

/** Whether a character is drawn with a glyph of a shipped font (not the empty box). */
export function isDrawable(character: string, fonts: ShareCardFonts): boolean {
  return /\s/.test(character) || fonts.bold.hasGlyph(character) || fonts.emoji.hasGlyph(character);
}

/**
 * The title as the card draws it: every character a shipped font has, as it is; any other one
 * romanised (any-ascii), or left out when it has no romanisation (a stray joiner or selector).
 */
export function drawableTitle(title: string, fonts: ShareCardFonts): string {
  let drawn = '';
  for (const character of title) {
    if (isDrawable(character, fonts)) {
      drawn += character;
      continue;
    }
    const latin = [...anyAscii(character)].filter((letter) => isDrawable(letter, fonts)).join('');
    // a syllable of its own (夏 → "Xia") stands apart, so the line can wrap between syllables
    drawn += latin.length > 1 ? ` ${latin} ` : latin;
  }
  return drawn.replace(/\s+/g, ' ').trim();
}

/** Widths as drawn: Inter's glyph where it has one, else the emoji font's. */
function titleMetrics(fonts: ShareCardFonts): FontMetrics {
  const fontOf = (character: string) => (fonts.bold.hasGlyph(character) ? fonts.bold : fonts.emoji);
  return {
    measureWidthPx(text, fontSizePx) {
      let widthPx = 0;
      for (const character of text) widthPx += fontOf(character).measureWidthPx(character, fontSizePx);
      return widthPx;
    },
    hasGlyph: (character) => isDrawable(character, fonts),
  };
}

export interface ShareCardInput extends CoverInput {
  durationSeconds: number;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

/** The title's lines at their size; the most lines that fit the box at that size. */
export function layoutShareCardTitle(title: string, fonts: ShareCardFonts) {
  return layoutTitle(drawableTitle(title, fonts) || 'Untitled', {
    metrics: titleMetrics(fonts),
    // Kerning is not measured (font-metrics.ts): 2 % of margin for a pair that kerns apart.
    maxWidthPx: TITLE_BOX.widthPx * 0.98,
    fontSizesPx: TITLE_SIZES_PX,
    maxHeightPx: TITLE_BOX.heightPx,
    lineHeight: LINE_HEIGHT,
    maxLines: 7,
  });
}

/** The card as an SVG document. */
export function renderShareCardSvg(input: ShareCardInput, fonts: ShareCardFonts): string {
  const art = drawCoverArt(input);
  const title = layoutShareCardTitle(input.title, fonts);
  const lineHeightPx = Math.round(title.fontSizePx * LINE_HEIGHT);
  // The block sits at the top of the box: short titles leave room above the facts, never overlap.
  const firstBaselinePx = Math.round(TITLE_BOX.topPx + title.fontSizePx * ASCENT);
  const titleLines = title.lines
    .map(
      (line, index) =>
        `<text x="${TITLE_BOX.leftPx}" y="${firstBaselinePx + index * lineHeightPx}" font-size="${title.fontSizePx}" font-weight="700">${escapeXml(line)}</text>`,
    )
    .join('\n');
  const { music } = input;
  const factsText = [
    music?.genre,
    music?.key,
    music ? `${Math.round(music.bpm)} bpm` : null,
    `${Math.round(input.durationSeconds)} s`,
  ]
    .filter(Boolean)
    .join(' · ');
  const facts = fitOneLine(factsText, fonts.regular, FACTS_SIZE_PX, TITLE_BOX.widthPx);
  const scale = ART.sizePx / 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_CARD_WIDTH_PX}" height="${SHARE_CARD_HEIGHT_PX}" viewBox="0 0 ${SHARE_CARD_WIDTH_PX} ${SHARE_CARD_HEIGHT_PX}">
<defs>
<linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.background}"/><stop offset="1" stop-color="${art.backgroundEnd}"/></linearGradient>
<linearGradient id="art" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.background}"/><stop offset="1" stop-color="${art.backgroundEnd}"/></linearGradient>
<clipPath id="art-corners"><rect width="600" height="600" rx="36"/></clipPath>
</defs>
<rect width="${SHARE_CARD_WIDTH_PX}" height="${SHARE_CARD_HEIGHT_PX}" fill="url(#card)"/>
<g transform="translate(${ART.leftPx} ${ART.topPx}) scale(${scale})" clip-path="url(#art-corners)">
<rect width="600" height="600" fill="url(#art)"/>
<rect width="600" height="600" fill="#fff" opacity="0.06"/>
${art.shapes}
</g>
<g font-family="${SHARE_CARD_FONT_FAMILY}, ${SHARE_CARD_EMOJI_FAMILY}" fill="#fff">
<text x="${TITLE_BOX.leftPx}" y="104" font-size="28" font-weight="700" letter-spacing="1" fill="${art.accent}">Trackforge</text>
${titleLines}
<text x="${TITLE_BOX.leftPx}" y="${FACTS_BASELINE_PX}" font-size="${FACTS_SIZE_PX}" opacity="0.85">${escapeXml(facts)}</text>
</g>
</svg>
`;
}
