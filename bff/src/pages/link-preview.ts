// What a story link shows when pasted into a chat or a social network: Open Graph and Twitter card
// tags, a canonical link and the description, for listed stories only
// (docs/decisions/020-page-html-previews-and-first-data.md).
import { sameOriginMediaUrl } from "../upstream/media-urls.js";
import type { RestStoryDetail } from "../upstream/rest-types.js";
import { escapeHtml, type PageParts } from "./page-template.js";

export const SITE_NAME = "Storyloom";

/** The tab title the client gives a page (client/src/lib/use-document-title.ts). */
export const pageTitle = (title: string) => `${title} · ${SITE_NAME}`;

/**
 * Listed: completed, public and approved (docs/product.md#roles-and-permissions). The api shows a
 * visitor nothing else, but the preview checks it again: it is the one thing that must not leak.
 */
export function isListed(story: RestStoryDetail): boolean {
  return story.is_public && story.status === "completed" && story.moderation_status === "approved";
}

export function storyUrl(publicBaseUrl: string, publicId: string): string {
  return `${publicBaseUrl}/stories/${encodeURIComponent(publicId)}`;
}

/** The cover as the site serves it (/media/…), or null. */
export function coverPath(story: RestStoryDetail): string | null {
  return story.header_image_url ? sameOriginMediaUrl(story.header_image_url) : null;
}

/** Collapses whitespace and cuts at a word, for a description of at most `max` characters. */
function shortText(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

const meta = (attribute: "name" | "property", key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** The head of a listed story's page. */
export function storyPreview(story: RestStoryDetail, publicBaseUrl: string): PageParts {
  const url = storyUrl(publicBaseUrl, story.public_id);
  const description = shortText(story.preview ?? story.description ?? story.outline);
  const cover = coverPath(story);
  const image = cover ? new URL(cover, `${publicBaseUrl}/`).href : null;
  const coverAlt = story.images.find((picture) => picture.role === "cover")?.alt_text;
  return {
    title: pageTitle(story.title),
    description,
    head: [
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      meta("property", "og:type", "article"),
      meta("property", "og:site_name", SITE_NAME),
      meta("property", "og:title", story.title),
      meta("property", "og:description", description),
      meta("property", "og:url", url),
      ...(image
        ? [
            meta("property", "og:image", image),
            ...(coverAlt ? [meta("property", "og:image:alt", coverAlt)] : []),
          ]
        : []),
      meta("name", "twitter:card", image ? "summary_large_image" : "summary"),
      meta("name", "twitter:title", story.title),
      meta("name", "twitter:description", description),
      ...(image ? [meta("name", "twitter:image", image)] : []),
    ],
  };
}
