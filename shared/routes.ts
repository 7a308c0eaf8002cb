/**
 * The public route table (shell-and-admin.md 2.1) with each page's search metadata. The
 * prerenderer, the sitemap, the breadcrumb trail and the client router all read this list.
 */

export interface PublicPage {
  /** Key used by components and tests. */
  key: string;
  path: string;
  /** Friendly name in the navigation and breadcrumb trail. */
  name: string;
  /** The page's visible h1. */
  heading: string;
  title: string;
  description: string;
  /** false: `noindex` and left out of the sitemap. */
  indexable: boolean;
  /** Relative importance for the sitemap. */
  priority: number;
  changefreq: "weekly" | "monthly" | "yearly";
}

export const publicPages = [
  {
    key: "home",
    path: "/",
    name: "Home",
    heading: "Custom tattoos, drawn for you alone",
    title: "Gilded Needle Tattoo | Custom Tattoo Artist in Laurel, MD",
    description:
      "Single-artist custom tattoo studio in Laurel, Maryland. Fine-line, realism, traditional and cover-ups, designed one client at a time. Free consultations.",
    indexable: true,
    priority: 1,
    changefreq: "weekly",
  },
  {
    key: "about",
    path: "/about",
    name: "About",
    heading: "About the artist",
    title: "About Mara Ellison | Gilded Needle Tattoo, Laurel MD",
    description:
      "Meet Mara Ellison: 8+ years of custom tattooing in Laurel, Maryland, a private single-artist studio, and a design process built around your story.",
    indexable: true,
    priority: 0.8,
    changefreq: "monthly",
  },
  {
    key: "gallery",
    path: "/gallery",
    name: "Portfolio",
    heading: "Portfolio",
    title: "Tattoo Portfolio | Gilded Needle Tattoo, Laurel MD",
    description:
      "Browse 46 custom tattoos by Mara Ellison: realism, fine-line, traditional, Japanese, blackwork, memorial pieces and cover-ups.",
    indexable: true,
    priority: 0.9,
    changefreq: "weekly",
  },
  {
    key: "flash",
    path: "/flash",
    name: "Flash",
    heading: "Flash designs",
    title: "Flash Tattoo Designs | Gilded Needle Tattoo, Laurel MD",
    description:
      "38 ready-to-tattoo flash designs, $150-300: botanicals, animals, celestial, nautical and more. Ask for a free consultation to claim one.",
    indexable: true,
    priority: 0.8,
    changefreq: "weekly",
  },
  {
    key: "services",
    path: "/services",
    name: "Services",
    heading: "Services and pricing",
    title: "Tattoo Services & Pricing | Gilded Needle Tattoo, Laurel MD",
    description:
      "Transparent tattoo pricing: small $150-300, medium $300-600, large $600+, cover-ups by quote. Booking policies, process and FAQ.",
    indexable: true,
    priority: 0.9,
    changefreq: "monthly",
  },
  {
    key: "aftercare",
    path: "/aftercare",
    name: "Aftercare",
    heading: "Aftercare guide",
    title: "Tattoo Aftercare Guide | Gilded Needle Tattoo",
    description:
      "How to heal your new tattoo: Derm Shield wear, a day-by-day healing timeline, daily care timers, myths and a quick reference.",
    indexable: true,
    priority: 0.7,
    changefreq: "monthly",
  },
  {
    key: "reviews",
    path: "/reviews",
    name: "Reviews",
    heading: "Client reviews",
    title: "Client Reviews | Gilded Needle Tattoo, Laurel MD",
    description:
      "What clients say about their custom tattoos at Gilded Needle Tattoo in Laurel, Maryland. Rated 5.0.",
    indexable: true,
    priority: 0.7,
    changefreq: "weekly",
  },
  {
    key: "contact",
    path: "/contact",
    name: "Contact",
    heading: "Contact the studio",
    title: "Contact | Gilded Needle Tattoo, Laurel MD",
    description:
      "Call, text or e-mail Gilded Needle Tattoo in Laurel, MD. Walk-ins Thursday to Sunday 12-6 PM; consultations Monday to Wednesday by appointment.",
    indexable: true,
    priority: 0.8,
    changefreq: "monthly",
  },
  {
    key: "book-consultation",
    path: "/book-consultation",
    name: "Book Consultation",
    heading: "Book a free consultation",
    title: "Book a Free Tattoo Consultation | Gilded Needle Tattoo",
    description:
      "Request a free 30-45 minute consultation for your custom tattoo. Tell us your idea and we reply within 24 hours.",
    indexable: true,
    priority: 0.9,
    changefreq: "monthly",
  },
  {
    key: "privacy-policy",
    path: "/privacy-policy",
    name: "Privacy Policy",
    heading: "Privacy policy",
    title: "Privacy Policy | Gilded Needle Tattoo",
    description:
      "How Gilded Needle Tattoo handles your data: session-only personalization, consent choices, retention and your rights.",
    indexable: true,
    priority: 0.3,
    changefreq: "yearly",
  },
  {
    key: "terms-of-service",
    path: "/terms-of-service",
    name: "Terms of Service",
    heading: "Terms of service",
    title: "Terms of Service | Gilded Needle Tattoo",
    description:
      "The terms for booking, deposits, pricing, design rights, health and safety, touch-ups and studio conduct at Gilded Needle Tattoo.",
    indexable: true,
    priority: 0.3,
    changefreq: "yearly",
  },
  {
    key: "copyright",
    path: "/copyright",
    name: "Copyright",
    heading: "Copyright and DMCA",
    title: "Copyright & DMCA | Gilded Needle Tattoo",
    description:
      "Ownership of the artwork on this site, permitted uses, licensing and how to send a DMCA takedown or counter-notification.",
    indexable: true,
    priority: 0.2,
    changefreq: "yearly",
  },
  {
    key: "google-index-info",
    path: "/google-index-info",
    name: "Indexing Info",
    heading: "Why a page may not be indexed",
    title: "Why a Page May Not Be Indexed | Gilded Needle Tattoo",
    description: "Why some pages of this site are not in search results, and where to go instead.",
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
  title: "Page Not Found | Gilded Needle Tattoo",
  description: "This page does not exist. Browse the portfolio or go back to the home page.",
} as const;

/** Friendly names for breadcrumb segments that are not public pages of their own. */
export const extraBreadcrumbNames: Readonly<Record<string, string>> = {
  home: "Home",
  admin: "Admin",
  "aftercare-demo": "Aftercare Demo",
  "test-supabase": "System Test",
};

export function pageByPath(path: string): PublicPage | undefined {
  const normalized = pathAliases[path] ?? path;
  return publicPages.find((page) => page.path === normalized);
}

/** The main navigation, in menu order (shell-and-admin.md 2.2). */
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
