// The share image as PNG: the card's SVG (share-card.ts) rasterised by resvg (@resvg/resvg-js, a
// prebuilt native binary from npm, no build step) off the event loop, with the Inter font shipped
// in npm (@expo-google-fonts/inter: TTF files, SIL OFL 1.1) and Noto Emoji for emoji in titles
// (@expo-google-fonts/noto-emoji, SIL OFL 1.1; both in docs/licences.md). A render takes tens of
// milliseconds, so each image is kept in memory under what it shows (the track, its title, music,
// waveform and this file's version): a page that is unfurled a thousand times is drawn once per
// process, and the edge keeps it like the page itself. Two requests for the same missing image
// share one render.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Clock } from '../../../platform/shared/clock.js';
import { createExpiringLru } from '../../../platform/shared/expiring-lru.js';
import { createFontMetrics } from '../../../platform/shared/font-metrics.js';
import { encodePng } from '../../../platform/shared/png-encoder.js';
import {
  renderShareCardSvg,
  SHARE_CARD_FONT_FAMILY,
  SHARE_CARD_WIDTH_PX,
  type ShareCardFonts,
  type ShareCardInput,
} from './share-card.js';

/** Bump when the card's drawing changes, so no cache (ours, the edge's via the ETag) keeps the old one. */
export const SHARE_IMAGE_VERSION = 2;
const KEPT_IMAGES = 200;
/**
 * Renders at once: resvg runs on libuv's thread pool (4 threads), which file reads and streams
 * share; a burst of new share links must not starve the audio downloads.
 */
const CONCURRENT_RENDERS = 1;
const KEPT_FOR_MS = 6 * 60 * 60 * 1000;

export interface ShareFontFiles {
  boldPath: string;
  regularPath: string;
  emojiPath: string;
}

/** The font files in node_modules: resolved, never fetched. */
export function shippedShareFontFiles(): ShareFontFiles {
  const require = createRequire(import.meta.url);
  return {
    boldPath: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
    regularPath: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    // monochrome emoji, drawn in the title's colour like its letters
    emojiPath: require.resolve('@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf'),
  };
}

/** The font files the rasteriser is given, in the order it prefers them. */
export function rasteriserFontFiles(files: ShareFontFiles): string[] {
  return [files.boldPath, files.regularPath, files.emojiPath];
}

export async function loadShareCardFonts(files: ShareFontFiles): Promise<ShareCardFonts> {
  const [bold, regular, emoji] = await Promise.all([
    readFile(files.boldPath),
    readFile(files.regularPath),
    readFile(files.emojiPath),
  ]);
  return {
    bold: createFontMetrics(bold),
    regular: createFontMetrics(regular),
    emoji: createFontMetrics(emoji),
  };
}

export interface ShareImage {
  png: Buffer;
  etag: string;
}

/** What the image of a track shows, as a cache key: the same key, the same picture. */
export function shareImageKey(track: {
  id: string;
  title: string;
  prompt: string;
  music: unknown;
  durationSeconds: number;
  waveformEtag: string | null;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([SHARE_IMAGE_VERSION, track]))
    .digest('base64url')
    .slice(0, 22);
}

export function createShareImages(deps: { fonts: ShareFontFiles; clock: Clock }) {
  const kept = createExpiringLru<Buffer>({ clock: deps.clock, maxEntries: KEPT_IMAGES });
  const rendering = new Map<string, Promise<Buffer>>();
  let metrics: Promise<ShareCardFonts> | undefined;
  let active = 0;
  const waiting: Array<() => void> = [];

  async function render(input: ShareCardInput): Promise<Buffer> {
    // A finished render hands its slot straight to the next in line, so none is taken twice.
    if (active < CONCURRENT_RENDERS) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await renderNow(input);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  }

  async function renderNow(input: ShareCardInput): Promise<Buffer> {
    metrics ??= loadShareCardFonts(deps.fonts);
    const svg = renderShareCardSvg(input, await metrics);
    // Loaded on first use: a process that never draws a share image never loads the native module.
    const { renderAsync } = await import('@resvg/resvg-js');
    const image = await renderAsync(svg, {
      fitTo: { mode: 'width', value: SHARE_CARD_WIDTH_PX },
      font: {
        loadSystemFonts: false,
        fontFiles: rasteriserFontFiles(deps.fonts),
        defaultFontFamily: SHARE_CARD_FONT_FAMILY,
      },
    });
    // resvg's asPng() would compress on this thread; encodePng deflates on libuv's pool.
    return encodePng(image.pixels, image.width, image.height);
  }

  return {
    /**
     * The PNG for `key` (shareImageKey), drawn from `readInput` only when no copy is kept; `etag`
     * follows the key, so a revalidation needs no drawing at all.
     */
    async get(key: string, readInput: () => Promise<ShareCardInput>): Promise<ShareImage> {
      const etag = `"${key}"`;
      const ready = kept.get(key);
      if (ready) return { png: ready, etag };
      let pending = rendering.get(key);
      if (!pending) {
        pending = readInput()
          .then(render)
          .then((png) => {
            kept.set(key, png, deps.clock.now().getTime() + KEPT_FOR_MS);
            return png;
          })
          .finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      return { png: await pending, etag };
    },
  };
}

export type ShareImages = ReturnType<typeof createShareImages>;
