import { absoluteUrl, notFoundPage, pageByPath, pathAliases } from "../../shared/routes";
import { studio } from "../../shared/studio";

export interface HeadData {
  title: string;
  description: string;
  /** Absolute canonical URL, or null on pages that must not be indexed by their own URL. */
  canonical: string | null;
  robots: string;
  found: boolean;
}

/** Search metadata for a path; unknown paths get the 404 page's. */
export function headFor(path: string, siteUrl: string): HeadData {
  const page = pageByPath(path);
  if (!page) {
    return {
      title: notFoundPage.title,
      description: notFoundPage.description,
      canonical: null,
      robots: "noindex, follow",
      found: false,
    };
  }
  return {
    title: page.title,
    description: page.description,
    canonical: absoluteUrl(siteUrl, pathAliases[path] ?? page.path),
    robots: page.indexable ? "index, follow" : "noindex, follow",
    found: true,
  };
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The `<head>` tags the prerenderer writes for a page. */
export function renderHeadTags(head: HeadData, siteUrl: string): string {
  const tags = [
    `<title>${escapeAttr(head.title)}</title>`,
    `<meta name="description" content="${escapeAttr(head.description)}" />`,
    `<meta name="robots" content="${head.robots}" />`,
  ];
  if (head.canonical) {
    tags.push(`<link rel="canonical" href="${escapeAttr(head.canonical)}" />`);
    tags.push(
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeAttr(studio.name)}" />`,
      `<meta property="og:title" content="${escapeAttr(head.title)}" />`,
      `<meta property="og:description" content="${escapeAttr(head.description)}" />`,
      `<meta property="og:url" content="${escapeAttr(head.canonical)}" />`,
      `<meta property="og:image" content="${escapeAttr(absoluteUrl(siteUrl, "/og-image.png"))}" />`,
      `<meta property="og:image:width" content="1200" />`,
      `<meta property="og:image:height" content="630" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
    );
  }
  return tags.join("\n    ");
}
