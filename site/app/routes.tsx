import { Route, Routes } from "react-router";
import type { PageKey } from "../../shared/routes";
import { pageByPath } from "../../shared/routes";
import { SiteLayout } from "../components/layout/site-layout";
import { HomePage } from "../pages/home";
import { type LazyPage, lazyPage } from "./lazy-page";

/** Every page except home lives in its own chunk (see lazy-page.tsx). */
const pages = {
  about: lazyPage(() => import("../pages/about"), "AboutPage"),
  gallery: lazyPage(() => import("../pages/gallery"), "GalleryPage"),
  flash: lazyPage(() => import("../pages/flash"), "FlashPage"),
  services: lazyPage(() => import("../pages/services"), "ServicesPage"),
  aftercare: lazyPage(() => import("../pages/aftercare"), "AftercarePage"),
  reviews: lazyPage(() => import("../pages/reviews"), "ReviewsPage"),
  contact: lazyPage(() => import("../pages/contact"), "ContactPage"),
  "book-consultation": lazyPage(() => import("../pages/book-consultation"), "BookConsultationPage"),
  "privacy-policy": lazyPage(() => import("../pages/privacy-policy"), "PrivacyPolicyPage"),
  "terms-of-service": lazyPage(() => import("../pages/terms-of-service"), "TermsOfServicePage"),
  copyright: lazyPage(() => import("../pages/copyright"), "CopyrightPage"),
  "google-index-info": lazyPage(() => import("../pages/google-index-info"), "GoogleIndexInfoPage"),
} satisfies Record<Exclude<PageKey, "home">, LazyPage>;

const NotFoundPage = lazyPage(() => import("../pages/not-found"), "NotFoundPage");

/** Loads the chunk of the page at `path` (the 404 page's for unknown paths; none for home). */
export async function preloadPage(path: string): Promise<void> {
  const page = pageByPath(path);
  if (!page) await NotFoundPage.preload();
  else if (page.key in pages) await pages[page.key as keyof typeof pages].preload();
}

/** Loads every page's chunk (the prerenderer renders them all). */
export async function preloadAllPages(): Promise<void> {
  await Promise.all([...Object.values(pages), NotFoundPage].map((page) => page.preload()));
}

/**
 * The public site's routes; admin routes live in the admin bundle. Declarative <Routes> rather
 * than a data router: the site has no loaders or actions, and the data router's code alone put
 * the home page over its JavaScript budget.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<HomePage />} />
        {Object.entries(pages).map(([key, Page]) => (
          <Route key={key} path={key} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
