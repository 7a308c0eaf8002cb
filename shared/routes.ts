/**
 * The public route table with each page's name, heading and title. The prerenderer, the
 * sitemap, the breadcrumb trail and the client router all read this list; the rest of each
 * page's search metadata (description, keywords, image) is in shared/seo.ts.
 */
import { pageTitle } from "./page-titles";
import { studio } from "./studio";

export interface PublicPage {
  /** Key used by components and tests. */
  key: string;
  path: string;
  /** Friendly name in the navigation and breadcrumb trail. */
  name: string;
  /** The page's visible h1. */
  heading: string;
  title: string;
  /** false: `noindex` and left out of the sitemap. */
  indexable: boolean;
  /** Relative importance for the sitemap. */
  priority: number;
  changefreq: "weekly" | "monthly" | "yearly";
  /**
   * The page ends with its own call to action (or is the booking form itself): the footer then
   * leaves its own out, so a visitor meets one call to action at the end of a page, not two.
   */
  ownCallToAction?: true;
}

export const publicPages = [
  {
    key: "home",
    path: "/",
    name: "Home",
    heading: "Custom tattoos, drawn for you alone",
    title: pageTitle("home", studio),
    indexable: true,
    priority: 1,
    changefreq: "weekly",
    ownCallToAction: true,
  },
  {
    key: "about",
    path: "/about",
    name: "About",
    heading: "About the artist",
    title: pageTitle("about", studio),
    indexable: true,
    priority: 0.8,
    changefreq: "monthly",
    ownCallToAction: true,
  },
  {
    key: "gallery",
    path: "/gallery",
    name: "Portfolio",
    heading: "Portfolio",
    title: pageTitle("gallery", studio),
    indexable: true,
    priority: 0.9,
    changefreq: "weekly",
  },
  {
    key: "flash",
    path: "/flash",
    name: "Flash",
    heading: "Flash designs",
    title: pageTitle("flash", studio),
    indexable: true,
    priority: 0.8,
    changefreq: "weekly",
  },
  {
    key: "services",
    path: "/services",
    name: "Services",
    heading: "Services and pricing",
    title: pageTitle("services", studio),
    indexable: true,
    priority: 0.9,
    changefreq: "monthly",
    ownCallToAction: true,
  },
  {
    key: "aftercare",
    path: "/aftercare",
    name: "Aftercare",
    heading: "Aftercare guide",
    title: pageTitle("aftercare", studio),
    indexable: true,
    priority: 0.7,
    changefreq: "monthly",
    ownCallToAction: true,
  },
  {
    key: "reviews",
    path: "/reviews",
    name: "Reviews",
    heading: "Client reviews",
    title: pageTitle("reviews", studio),
    indexable: true,
    priority: 0.7,
    changefreq: "weekly",
    ownCallToAction: true,
  },
  {
    key: "contact",
    path: "/contact",
    name: "Contact",
    heading: "Contact the studio",
    title: pageTitle("contact", studio),
    indexable: true,
    priority: 0.8,
    changefreq: "monthly",
    ownCallToAction: true,
  },
  {
    key: "book-consultation",
    path: "/book-consultation",
    name: "Book Consultation",
    heading: "Book a free consultation",
    title: pageTitle("book-consultation", studio),
    indexable: true,
    priority: 0.9,
    changefreq: "monthly",
    ownCallToAction: true,
  },
  {
    key: "privacy-policy",
    path: "/privacy-policy",
    name: "Privacy Policy",
    heading: "Privacy policy",
    title: pageTitle("privacy-policy", studio),
    indexable: true,
    priority: 0.3,
    changefreq: "yearly",
  },
  {
    key: "terms-of-service",
    path: "/terms-of-service",
    name: "Terms of Service",
    heading: "Terms of service",
    title: pageTitle("terms-of-service", studio),
    indexable: true,
    priority: 0.3,
    changefreq: "yearly",
  },
  {
    key: "copyright",
    path: "/copyright",
    name: "Copyright",
    heading: "Copyright and DMCA",
    title: pageTitle("copyright", studio),
    indexable: true,
    priority: 0.2,
    changefreq: "yearly",
  },
  {
    key: "google-index-info",
    path: "/google-index-info",
    name: "Indexing Info",
    heading: "Why a page may not be indexed",
    title: pageTitle("google-index-info", studio),
    indexable: false,
    priority: 0,
    changefreq: "yearly",
  },
] as const satisfies readonly PublicPage[];

export type PageKey = (typeof publicPages)[number]["key"];

/** /home shows the home page; its canonical link points at /. */
export const pathAliases: Readonly<Record<string, string>> = { "/home": "/" };

export const notFoundPage = {
  key: "not-found",
  heading: "404 - Page Not Found",
  title: pageTitle("not-found", studio),
  description: "This page does not exist. Browse the portfolio or go back to the home page.",
} as const;

/** Friendly names for breadcrumb segments that are not public pages of their own. */
const extraBreadcrumbNames: Readonly<Record<string, string>> = {
  home: "Home",
  admin: "Admin",
  "aftercare-demo": "Aftercare Demo",
  "test-supabase": "System Test",
};

export function pageByPath(path: string): PublicPage | undefined {
  const normalized = pathAliases[path] ?? path;
  return publicPages.find((page) => page.path === normalized);
}

/** The main navigation, in menu order; the booking link last, drawn as the call to action. */
export const navigation: ReadonlyArray<{ to: string; label: string; cta?: boolean }> = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/gallery", label: "Portfolio" },
  { to: "/flash", label: "Flash" },
  { to: "/services", label: "Services" },
  { to: "/aftercare", label: "Aftercare" },
  { to: "/contact", label: "Contact" },
  { to: "/admin", label: "Admin login" },
  { to: "/book-consultation", label: "Book Consultation", cta: true },
];

export interface Crumb {
  name: string;
  path: string;
}

/** The breadcrumb trail for a path: Home, then one crumb per segment with its friendly name. */
export function breadcrumbsFor(path: string): Crumb[] {
  const segments = path.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ name: "Home", path: "/" }];
  let current = "";
  for (const segment of segments) {
    current += `/${segment}`;
    const name =
      pageByPath(current)?.name ??
      extraBreadcrumbNames[segment] ??
      segment.replace(/-/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
    crumbs.push({ name, path: current });
  }
  return crumbs;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return new URL(path, siteUrl).toString();
}
