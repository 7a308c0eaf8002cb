import { pageTitle } from "../../shared/page-titles";
import { absoluteUrl, notFoundPage, pageByPath, pathAliases } from "../../shared/routes";
import type { StudioContent } from "../../shared/schemas/content";
import { seoFor } from "../../shared/seo";
import { type ArtFolder, artSrcSet, type ContentImage } from "../components/content/art-image";

interface HeadData {
  title: string;
  description: string;
  keywords: string;
  /** Absolute URL of the social card image. */
  image: string;
  /** Absolute canonical URL, or null on pages that must not be indexed by their own URL. */
  canonical: string | null;
  robots: string;
  found: boolean;
}

/**
 * Search metadata for a path, worded from the content the page renders (the title by
 * shared/page-titles.ts, the rest by shared/seo.ts); what a page lacks comes from the home entry. Unknown paths
 * get the 404 page's title and description, noindex. Used by the server render (build and worker).
 */
export function headFor(path: string, siteUrl: string, content: StudioContent): HeadData {
  const page = pageByPath(path);
  const seo = seoFor(page?.key, content);
  const image = absoluteUrl(siteUrl, seo.image);
  if (!page) {
    return {
      title: pageTitle(notFoundPage.key, content.studio),
      description: notFoundPage.description,
      keywords: seo.keywords,
      image,
      canonical: null,
      robots: "noindex, follow",
      found: false,
    };
  }
  return {
    title: pageTitle(page.key, content.studio),
    description: seo.description,
    keywords: seo.keywords,
    image,
    canonical: absoluteUrl(siteUrl, pathAliases[path] ?? page.path),
    robots: page.indexable ? "index, follow" : "noindex, follow",
    found: true,
  };
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The `<head>` tags of a page. The studio's name and town come from the content the page renders
 * from, so a shared link's card names the studio as the page itself does.
 */
export function renderHeadTags(head: HeadData, studio: StudioContent["studio"]): string {
  const tags = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<meta name="keywords" content="${escapeAttr(head.keywords)}" />`,
    `<meta name="robots" content="${head.robots}" />`,
  ];
  if (head.canonical) {
    tags.push(`<link rel="canonical" href="${escapeAttr(head.canonical)}" />`);
    tags.push(
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeAttr(studio.name)}" />`,
      `<meta property="og:locale" content="en_US" />`,
      `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
      `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
      `<meta property="og:url" content="${escapeAttr(head.canonical)}" />`,
      `<meta property="og:image" content="${escapeAttr(head.image)}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta property="og:image:alt" content="${escapeAttr(`${studio.name}, custom tattoos in ${studio.address.locality}, ${studio.address.region}`)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeAttr(head.title)}" />`,
      `<meta name="twitter:description" content="${escapeAttr(head.description)}" />`,
      `<meta name="twitter:image" content="${escapeAttr(head.image)}" />`,
    );
  }
  return tags.join("\n    ");
}

/**
 * A preload of the artwork a page's first screen leads with, for the head. Without it the
 * browser found the image only after the page's long head (inlined styles, structured data) and
 * its scripts; with it the image is requested first, at high priority, in the AVIF the card's
 * <picture> picks (same widths and `sizes`, so one download serves both). A browser without AVIF
 * skips the preload (the `type`) and takes the card's WebP as before.
 */
export function renderImagePreload(image: {
  folder: ArtFolder;
  id: string;
  sizes: string;
  image?: ContentImage | undefined;
}): string {
  return `<link rel="preload" as="image" type="image/avif" fetchpriority="high" imagesrcset="${escapeAttr(artSrcSet(image.folder, image.id, "avif", image.image))}" imagesizes="${escapeAttr(image.sizes)}" />`;
}
