import { type ComponentType, StrictMode } from "react";
import type { PageKey } from "../../shared/routes";
import { pageByPath } from "../../shared/routes";
import { AppErrorBoundary } from "../components/error-boundary";
import { SiteLayout } from "../components/layout/site-layout";
import { ContentProvider, type PageContent } from "../content/content-context";
import { type LazyPage, lazyPage } from "./lazy-page";
import { PathProvider } from "./path-context";

/**
 * Every page in its own module, loaded before it renders: the server build splits them, so
 * each page's stylesheets are its own and the build inlines only those into it.
 */
const pages = {
  home: lazyPage(() => import("../pages/home"), "HomePage"),
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
} satisfies Record<PageKey, LazyPage>;

const NotFoundPage = lazyPage(() => import("../pages/not-found"), "NotFoundPage");

/** The page component for a path (the not-found page for unknown paths), loaded. */
export async function pageFor(path: string): Promise<ComponentType> {
  const key = pageByPath(path)?.key;
  const page = key && key in pages ? pages[key as PageKey] : NotFoundPage;
  await page.preload();
  return page;
}

/** A whole public page: the layout around the page, with its path and content. */
export function SitePage({
  path,
  search,
  content,
  Page,
}: {
  path: string;
  search?: string;
  content: PageContent;
  Page: ComponentType;
}) {
  return (
    <StrictMode>
      <PathProvider path={path} search={search}>
        <ContentProvider content={content}>
          <AppErrorBoundary>
            <SiteLayout>
              <Page />
            </SiteLayout>
          </AppErrorBoundary>
        </ContentProvider>
      </PathProvider>
    </StrictMode>
  );
}
