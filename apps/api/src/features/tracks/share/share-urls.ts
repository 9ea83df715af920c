// The public pages' addresses, in one place: the pages link to them, oEmbed answers with them and
// the edge purge (edge/edge-purge.ts) names the same paths.

/** The share image of a track (og:image), under its page so it is cached and purged with it. */
export const shareImagePath = (trackId: string) => `/t/${trackId}/image.png`;
/** The player page other sites put in an iframe. */
export const embedPath = (trackId: string) => `/embed/${trackId}`;

export const shareImageUrl = (publicUrl: string, trackId: string) => `${publicUrl}${shareImagePath(trackId)}`;
export const embedUrl = (publicUrl: string, trackId: string) => `${publicUrl}${embedPath(trackId)}`;

/** The oEmbed endpoint's answer for a page (the discovery link on the share page). */
export const oEmbedUrl = (publicUrl: string, pageUrl: string) =>
  `${publicUrl}/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;

/** The embed's default size: the player (cover, title, facts, controls) on one row. */
export const EMBED_WIDTH_PX = 480;
export const EMBED_HEIGHT_PX = 152;

const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeAttribute = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ATTRIBUTE_ESCAPES[character]!);

/** The iframe oEmbed answers with and the share page offers to copy. */
export function embedIframeHtml(
  publicUrl: string,
  trackId: string,
  title: string,
  size: { widthPx: number; heightPx: number } = { widthPx: EMBED_WIDTH_PX, heightPx: EMBED_HEIGHT_PX },
): string {
  return `<iframe src="${escapeAttribute(embedUrl(publicUrl, trackId))}" width="${size.widthPx}" height="${size.heightPx}" title="${escapeAttribute(`${title} on Trackforge`)}" style="border:0;border-radius:12px;max-width:100%" loading="lazy" allow="autoplay"></iframe>`;
}
